import Foundation
import Particles
import Stage

/// `zoetrope --emitter FILE`: any `.sks` or JSON effect, emitter at the window centre on a dark background;
/// drag to move the emitter. Scene space is the window (1 scene pt = 1 pt, y up).
public final class EmitterPreviewScene: Scene {
    public static let info = SceneInfo(id: "emitter-preview", chapter: "Preview", title: "Particle preview",
                                       referenceSize: Size(800, 600), mapping: .responsive)
    public let root = Node(name: "root")
    private let background = Node(name: "background", content: .shape(.rect, fill: Color(hex: 0x14141C), stroke: nil))
    let layer = ParticleLayer(name: "preview-layer", sceneSize: Vector2(800, 600))
    private let caption = Node(name: "caption", content: .none)
    private let dragArea = DragArea(name: "drag")
    let emitter: EmitterNode
    private let title: String
    /// Where the user dragged the emitter, in window points; nil = the centre.
    private var dragged: Point?

    public convenience init(context: SceneContext) {
        self.init(context: context, config: EmitterConfig(), title: "empty effect")
    }

    public init(context: SceneContext, config: EmitterConfig, title: String) {
        self.title = title
        emitter = EmitterNode(name: "emitter", config: config, seed: context.seed)
        layer.add(emitter)
        caption.textAlignment = .leading
        dragArea.onPress = { [unowned self] p in dragged = p }
        dragArea.onMove = { [unowned self] p in dragged = p }
        root.add([background, layer, caption, dragArea])
    }

    /// A menu-less entry that previews `config`.
    public static func entry(config: EmitterConfig, title: String) -> SceneEntry {
        SceneEntry(info: info) { EmitterPreviewScene(context: $0, config: config, title: title) }
    }

    public func layout(size: Size, time: Double) {
        let bounds = Rect(origin: .zero, size: size)
        root.frame = bounds
        background.frame = bounds
        dragArea.frame = bounds
        layer.sceneSize = Vector2(max(1, size.width), max(1, size.height))
        layer.frame = bounds
        let p = dragged ?? bounds.center
        emitter.position = Vector2(p.x, size.height - p.y)
        layer.update(to: time)
        caption.frame = Rect(x: 12, y: 8, width: size.width - 24, height: 22)
        caption.content = .text("\(title) · \(emitter.emitter.particleCount) particles · drag to move",
                                Font(size: 13), Color(hex: 0xB0B0C0))
    }
}
