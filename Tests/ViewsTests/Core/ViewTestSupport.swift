import Motion
import Stage
@testable import Views
import XCTest
import ZoetropeTestSupport

/// A view scene without a window: text measured at 10 pt per character (one line = the font's line height), so
/// layout numbers can be worked out by hand.
@MainActor
final class TestScene {
    let context: SceneContext
    let scene: ViewScene
    var size: Size

    /// `roundsFrames`: frames on the pixel grid, as in a window (PixelGridRuleTests); off, the layout rules'
    /// hand-computed numbers are checked exactly as laid out.
    init<V: View>(size: Size = Size(390, 844), roundsFrames: Bool = false, _ content: @escaping () -> V) {
        context = SceneContext(clock: Clock(), sound: SilentSound())
        context.roundsFrames = roundsFrames
        context.measure = { s, f in Size(Double(s.count) * 10, f.lineHeight) }
        scene = ViewScene(context: context, content: content)
        self.size = size
        scene.layout(size: size, time: 0)
        scene.appear()
        scene.layout(size: size, time: 0)
    }

    var host: ViewHost { scene.host }
    var now: Double { context.clock.now }

    func advance(to t: Double) {
        context.clock.advance(to: t)
        scene.layout(size: size, time: t)
    }

    func frame(_ name: String, file: StaticString = #filePath, line: UInt = #line) -> Rect {
        guard let r = scene.probe(name, at: now) else { XCTFail("no \(name)", file: file, line: line); return .zero }
        return r.frame
    }

    func probe(_ name: String) -> ProbeReport? { scene.probe(name, at: now) }

    func presented(_ name: String, _ key: String) -> Double? {
        guard case let .number(_, p)? = probe(name)?.value(key) else { return nil }
        return p
    }

    func click(_ name: String) {
        guard let c = probe(name)?.drawn.center else { return XCTFail("no \(name)") }
        click(at: c)
    }

    func click(at p: Point) {
        scene.root.pointerPressed(at: p, time: now)
        scene.root.pointerReleased(at: p, inside: true, time: now)
        scene.layout(size: size, time: now)
    }

    /// Draws into a recording renderer and returns what was drawn.
    @discardableResult
    func draw() -> RecordingRenderer {
        let r = RecordingRenderer(assets: AssetResolver(roots: []))
        scene.root.drawCustom(transform: .identity, opacity: 1, renderer: r)
        return r
    }
}

final class SilentSound: SoundPlayer {
    var played: [(String, Double)] = []
    func play(_ name: String, on channel: SoundChannel, at time: Double) -> SoundStart { played.append((name, time)); return .started }
    func stop(_ channel: SoundChannel?, at time: Double) {}
}
