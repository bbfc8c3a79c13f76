/// The default probe for scenes built from plain `Node`s that are not `Probeable` themselves (spec README §3.17):
/// every named node reports, in tree order, and so does every unnamed text node, as `text:` + its text.
/// Call it after the scene has laid out for `time`.
@MainActor
public final class StageProbe: Probeable {
    public let scene: Scene
    public init(_ scene: Scene) { self.scene = scene }

    /// The animatable keys read from `AnimatableProperties` ("NODE.KEY"), in report order.
    static let propertyKeys = ["offset.x", "offset.y", "scale", "rotation", "opacity"]

    public func probeAll(at time: Double) -> [ProbeReport] {
        var out: [ProbeReport] = []
        walk(scene.root, parentWorld: .identity, parentHidden: false, time: time, into: &out)
        return out
    }

    private func walk(_ node: Node, parentWorld: Homography, parentHidden: Bool, time: Double, into out: inout [ProbeReport]) {
        let world = parentWorld * node.localTransform
        let hidden = parentHidden || node.isHidden
        let text = node.probeText
        if let name = node.name ?? text.map({ "text:" + $0 }) {
            out.append(report(node, name: name, text: text, parentWorld: parentWorld, world: world, hidden: hidden, time: time))
        }
        for child in node.children { walk(child, parentWorld: world, parentHidden: hidden, time: time, into: &out) }
    }

    private func report(_ node: Node, name: String, text: String?, parentWorld: Homography, world: Homography,
                        hidden: Bool, time: Double) -> ProbeReport {
        var values: [(key: String, value: ProbeValue)] = []
        let properties = scene as? AnimatableProperties
        for key in StageProbe.propertyKeys {
            if let node = node.name, let v = properties?.animatableProperty("\(node).\(key)", at: time) {
                values.append((key, .number(model: v.model, presented: v.presented)))
            } else if key == "opacity" {
                // Nodes without an animated opacity still report the one they are drawn with.
                values.append((key, .number(model: node.opacity, presented: node.opacity)))
            }
        }
        // The layout frame takes the parents' transforms but not the node's own render-only ones.
        return ProbeReport(name: name, frame: Painter.bounds(of: node.frame, under: parentWorld),
                           drawn: Painter.bounds(of: node.frame, under: world), text: text, hidden: hidden,
                           enabled: node.isEnabled, values: values)
    }
}
