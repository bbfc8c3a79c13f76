import Stage
@testable import Views
import XCTest
import ZoetropeTestSupport

@MainActor
extension TestScene {
    @discardableResult
    func key(_ name: String, shift: Bool = false, ctrl: Bool = false) -> Bool {
        let used = scene.key(Key(name, ctrl: ctrl, shift: shift))
        scene.layout(size: size, time: now)
        return used
    }

    @discardableResult
    func type(_ text: String) -> Bool {
        let used = scene.textInput(text)
        scene.layout(size: size, time: now)
        return used
    }

    func press(at p: Point) { scene.root.pointerPressed(at: p, time: now); scene.layout(size: size, time: now) }
    func move(to p: Point) { scene.root.pointerMoved(to: p, time: now); scene.layout(size: size, time: now) }
    func release(at p: Point) { scene.root.pointerReleased(at: p, inside: true, time: now); scene.layout(size: size, time: now) }

    func state(_ node: String, _ name: String) -> ProbeValue.StateValue? {
        guard case let .state(v)? = probe(node)?.value("state." + name) else { return nil }
        return v
    }

    /// The model value of a number the node reports.
    func model(_ name: String, _ key: String) -> Double? {
        guard case let .number(m, _)? = probe(name)?.value(key) else { return nil }
        return m
    }
}

@MainActor
extension RecordingRenderer {
    /// Untextured batches with a vertex of exactly this colour (alpha within ±2 of `alpha`·255).
    func solidBatches(_ c: Color, alpha: Double = 1) -> [Batch] {
        let rgb = (UInt8((c.r * 255).rounded()), UInt8((c.g * 255).rounded()), UInt8((c.b * 255).rounded()))
        return batches.filter { b in
            b.texture == nil && b.vertices.contains {
                ($0.r, $0.g, $0.b) == rgb && abs(Double($0.a) - alpha * 255) <= 2
            }
        }
    }
}

@MainActor
extension RecordingRenderer.Batch {
    /// The bounding box of the vertices drawn at full coverage (the antialiasing fringe left out).
    var solidBounds: Rect {
        let top = vertices.map(\.a).max() ?? 0
        let pts = vertices.filter { $0.a == top }
        let xs = pts.map { Double($0.x) }, ys = pts.map { Double($0.y) }
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}
