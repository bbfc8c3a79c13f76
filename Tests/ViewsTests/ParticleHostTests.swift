import Motion
import Particles
import Stage
@testable import Views
import XCTest
import ZoetropeTestSupport

/// `ParticleHost`: a Stage particle layer in a view's frame (the books' UIViewRepresentable emitters), stepped on
/// the scene clock, drawn clipped to the frame, reproducible with the scene seed, probed for its live count.
@MainActor
final class ParticleHostTests: XCTestCase {
    /// Sparks: 10 a second from the middle of a 200 × 100 frame at (95, 372), 2 s each, 120 pt/s in every direction,
    /// so within a second they leave the frame and are cut at its edges.
    struct Sparks: View {
        var body: some View {
            ZStack {
                ParticleHost { layer, seed in
                    var config = EmitterConfig()
                    config.particleTexture = "spark"
                    config.particleSize = Vector2(8, 8)
                    config.particleBirthRate = 10
                    config.particleLifetime = 2
                    config.particleSpeed = 120
                    config.emissionAngleRange = 2 * .pi
                    let node = EmitterNode(name: "sparks", config: config, seed: seed)
                    node.position = Vector2(layer.sceneSize.x / 2, layer.sceneSize.y / 2)
                    layer.add(node)
                }
                .frame(width: 200, height: 100)
                .named("sparks")
            }
            .frame(width: 390, height: 844)
        }
    }

    @MainActor final class Run {
        let context: SceneContext
        let scene: ViewScene
        init(seed: UInt64) {
            context = SceneContext(clock: Clock(), sound: SilentSound(), seed: seed)
            scene = ViewScene(context: context) { Sparks() }
            scene.layout(size: Size(390, 844), time: 0)
            scene.appear()
            scene.layout(size: Size(390, 844), time: 0)
        }
        func advance(to t: Double) {
            context.clock.advance(to: t)
            scene.layout(size: Size(390, 844), time: t)
        }
        var layer: ParticleLayer { scene.particleLayer(named: "sparks")! }
        var emitter: ParticleEmitter { (layer.node(named: "sparks") as! EmitterNode).emitter }
        func live() -> Double? {
            guard case let .state(.number(n))? = scene.probe("sparks", at: context.clock.now)?.value("particles") else { return nil }
            return n
        }
        /// Canvas positions of the live particles.
        func positions() -> [Point] {
            let node = layer.node(named: "sparks") as! EmitterNode
            return emitter.states.map { layer.canvasPoint(fromScene: node.transform.apply($0.position)) }
        }
        func draw() -> RecordingRenderer {
            let r = RecordingRenderer(imageSizes: ["spark": Size(32, 32)])
            scene.root.drawCustom(transform: .identity, opacity: 1, renderer: r)
            return r
        }
    }

    let frame = Rect(x: 95, y: 372, width: 200, height: 100)

    func testRunsFromItsAppearanceOnTheSceneClockAndProbesItsLiveCount() async throws {
        let run = Run(seed: 3)
        XCTAssertEqual(run.live(), 0, "no pre-warm")
        XCTAssertEqual(run.layer.frame, frame, "the layer is the view's frame")
        // Scene space is the frame in points, y up: its middle is the frame's centre.
        XCTAssertEqual(run.layer.canvasPoint(fromScene: Vector2(100, 50)).x, 195, accuracy: 1e-9)
        XCTAssertEqual(run.layer.canvasPoint(fromScene: Vector2(100, 50)).y, 422, accuracy: 1e-9)
        XCTAssertEqual(run.layer.canvasPoint(fromScene: Vector2(0, 100)).y, 372, accuracy: 1e-9, "y up: the top edge")
        run.advance(to: 1)
        XCTAssertEqual(run.live(), 10)
        run.advance(to: 5)
        XCTAssertEqual(run.live(), 20, "10 a second living 2 s")
        // Each spark flies straight from the centre at 120 pt/s for its age.
        for (s, p) in zip(run.emitter.states, run.positions()) {
            XCTAssertEqual(hypot(p.x - 195, p.y - 422), 120 * s.age, accuracy: 1e-6)
        }
        XCTAssertEqual(run.scene.nextChange(after: 5), 5, "particles keep the scene drawing")
    }

    /// A renderer with clips of its own: particles drawn within a rect, as they were handed on.
    final class ClippingRenderer: Renderer {
        var within: [(quads: Int, texture: TextureSource?, clip: Rect)] = []
        var triangles = 0
        func imageSize(_ name: String) -> Size { Size(32, 32) }
        func measure(_ text: String, font: Font) -> Size { font.estimatedSize(of: text) }
        func clear(_ color: Color) {}
        func setClip(_ rect: Rect?) {}
        func drawTriangles(_ vertices: [Vertex], indices: [Int32], texture: TextureSource?, blend: BlendMode) { triangles += 1 }
        func drawParticles(_ batch: ParticleBatch, texture: TextureSource?, blend: BlendMode) {}
        func drawLayer(_ layer: Layer) {}
        func drawParticles(_ batch: ParticleBatch, texture: TextureSource?, blend: BlendMode, within clip: Rect) {
            within.append((batch.vertices.count / 4, texture, clip))
        }
    }

    func testARendererWithClipsGetsTheParticlesWithinTheFrame() async throws {
        let run = Run(seed: 3)
        run.advance(to: 1.8)
        let r = ClippingRenderer()
        run.scene.root.drawCustom(transform: .identity, opacity: 1, renderer: r)
        // One batch of every live spark, whole (the renderer clips), within the frame: not cut into triangles.
        XCTAssertEqual(r.within.count, 1)
        XCTAssertEqual(r.within.first?.quads, Int(run.live() ?? 0))
        XCTAssertEqual(r.within.first?.texture, .image("spark"))
        XCTAssertEqual(r.within.first?.clip, frame)
        XCTAssertEqual(r.triangles, 0)
        // Turned, the frame is no rect on the output: the quads are cut to it as triangles.
        let turned = ClippingRenderer()
        run.scene.root.drawCustom(transform: .rotation(degrees: 30, about: Point(195, 422)), opacity: 1, renderer: turned)
        XCTAssertTrue(turned.within.isEmpty)
        XCTAssertEqual(turned.triangles, 1)
    }

    func testDrawsItsParticlesClippedToTheFrame() async throws {
        let run = Run(seed: 3)
        run.advance(to: 1.8)
        let batches = run.draw().batches(ofImage: "spark")
        let vertices = batches.flatMap(\.vertices)
        XCTAssertGreaterThan(vertices.count, 20)
        var onEdge = 0
        for v in vertices {
            // The clip keeps a half-pixel antialiasing fringe.
            XCTAssertTrue(Double(v.x) >= frame.minX - 0.51 && Double(v.x) <= frame.maxX + 0.51
                          && Double(v.y) >= frame.minY - 0.51 && Double(v.y) <= frame.maxY + 0.51, "(\(v.x), \(v.y)) is outside the frame")
            if abs(Double(v.y) - frame.minY) < 0.6 || abs(Double(v.y) - frame.maxY) < 0.6 { onEdge += 1 }
        }
        XCTAssertGreaterThan(onEdge, 0, "some sparks cross the frame's edge and are cut there")
        // Sparks well inside are whole 8 × 8 quads round their positions.
        let inside = run.positions().filter { frame.insetBy(dx: 6, dy: 6).contains($0) }
        XCTAssertFalse(inside.isEmpty)
        for p in inside {
            XCTAssertTrue(vertices.contains { abs(Double($0.x) - (p.x - 4)) < 1e-3 && abs(Double($0.y) - (p.y - 4)) < 1e-3 }, "no quad at \(p)")
        }
    }

    func testTheSeedDecidesAndHowOftenItIsDrawnDoesNot() async throws {
        // Drawn every 1/60 s, or looked at only at the end: the same particles.
        let often = Run(seed: 11), once = Run(seed: 11), other = Run(seed: 12)
        for k in 1...150 {
            often.advance(to: Double(k) / 60)
            _ = often.draw()
        }
        once.advance(to: 2.5)
        other.advance(to: 2.5)
        let a = often.positions(), b = once.positions(), c = other.positions()
        XCTAssertEqual(a.count, 20)
        XCTAssertEqual(a.count, b.count)
        for (p, q) in zip(a, b) {
            XCTAssertEqual(p.x, q.x, accuracy: 1e-6)
            XCTAssertEqual(p.y, q.y, accuracy: 1e-6)
        }
        XCTAssertFalse(zip(a, c).allSatisfy { abs($0.x - $1.x) < 1e-6 && abs($0.y - $1.y) < 1e-6 }, "another seed, other directions")
    }
}
