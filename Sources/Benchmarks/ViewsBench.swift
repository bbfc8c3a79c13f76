import Foundation
import Motion
import Particles
import Stage
import Views

/// `scripts/bench views`: the cost of the view layer per frame for a scene of about 300 nodes (texts, shapes,
/// stacks, modifiers): re-evaluation + layout + display-list update when one state value changes each frame, and
/// when nothing changes. Text is measured by the font estimate (the backend's measures are cached the same way).
/// On the main actor, as the views it runs.
@MainActor
enum ViewsBench {
    @MainActor final class Model: ObservableObject {
        @Published var tick = 0
    }

    /// One row; only the first shows the changing value, as a counter on a screen would.
    struct Row: View {
        let index: Int
        let value: Int
        var body: some View {
            HStack {
                Text("Row \(index)").font(.headline)
                Circle().fill(Color.blue).frame(width: 12, height: 12)
                Spacer()
                Text("value \(value)").foregroundColor(.gray)
                RoundedRectangle(cornerRadius: 4).stroke(Color.red, lineWidth: 2).frame(width: 20, height: 12)
            }
            .padding(.horizontal, 12)
        }
    }

    struct BenchView: View {
        @ObservedObject var model: Model
        var body: some View {
            VStack(spacing: 4) {
                ForEach(0..<30) { i in Row(index: i, value: i == 0 ? model.tick : i * 7) }
            }
        }
    }

    static func run(frames: Int = 600) {
        let context = SceneContext(clock: Clock(), sound: SilentSoundPlayer())
        let model = Model()
        let scene = ViewScene(context: context) { BenchView(model: model) }
        let size = Size(390, 844)
        let renderer = NullRenderer()   // the view layer's own cost: what the backend does with batches is not counted
        scene.layout(size: size, time: 0)
        scene.appear()
        func frame(_ i: Int, change: Bool) {
            context.clock.advance(to: Double(i) / 60)
            if change { model.tick += 1 }
            scene.layout(size: size, time: context.clock.now)
            scene.root.drawCustom(transform: .identity, opacity: 1, renderer: renderer)
        }
        for i in 0..<60 { frame(i, change: true) }   // warm-up
        let nodes = scene.host.elementCount
        func measure(change: Bool, from start: Int) -> Double {
            let t0 = DispatchTime.now().uptimeNanoseconds
            for i in start..<(start + frames) { frame(i, change: change) }
            return Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6 / Double(frames)
        }
        if ProcessInfo.processInfo.environment["ZOETROPE_BENCH_PHASES"] != nil {
            var t = (0.0, 0.0, 0.0)
            for i in 0..<200 {
                context.clock.advance(to: Double(1000 + i) / 60)
                model.tick += 1
                let a = DispatchTime.now().uptimeNanoseconds
                scene.host.flush()
                let b = DispatchTime.now().uptimeNanoseconds
                scene.layout(size: size, time: context.clock.now)
                let c = DispatchTime.now().uptimeNanoseconds
                scene.root.drawCustom(transform: .identity, opacity: 1, renderer: renderer)
                let d = DispatchTime.now().uptimeNanoseconds
                t.0 += Double(b - a); t.1 += Double(c - b); t.2 += Double(d - c)
            }
            Swift.print(String(format: "phases evaluate=%.3f layout=%.3f draw=%.3f ms", t.0 / 2e8, t.1 / 2e8, t.2 / 2e8))
        }
        let changed = measure(change: true, from: 60)
        let still = measure(change: false, from: 60 + frames)
        Swift.print(String(format: "views nodes=%d changed_ms=%.3f still_ms=%.4f", nodes, changed, still))
    }

    private final class NullRenderer: Renderer {
        func imageSize(_ name: String) -> Size { Size(64, 64) }
        func measure(_ text: String, font: Font) -> Size { font.estimatedSize(of: text) }
        func clear(_ color: Color) {}
        func setClip(_ rect: Rect?) {}
        func drawTriangles(_ vertices: [Vertex], indices: [Int32], texture: TextureSource?, blend: BlendMode) {}
        func drawParticles(_ batch: ParticleBatch, texture: TextureSource?, blend: BlendMode) {}
        func drawLayer(_ layer: Layer) {}
    }
}
