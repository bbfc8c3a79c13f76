import Particles
import Stage

public extension View {
    /// ConfettiSwiftUI's `confettiCannon` (the version the book pins, May 2022; spec 05 §3.6): every change of
    /// `counter` after the view appeared fires a burst (and `repetitions` more, `repetitionInterval` s apart) from
    /// the centre of this view. Pieces shoot up in a cone between the two angles to a distance of up to `radius`,
    /// then rain `rainHeight` down while fading. They are drawn over this view and whatever was drawn before it, and
    /// under everything drawn after it. The burst model is `ConfettiCannonModel` (Particles); its draws come from
    /// the scene's seeded generator (README §3.14). A probe of a node named on it reports the live piece count as
    /// `particles`.
    func confettiCannon(counter: Binding<Int>, num: Int = 20, confettis: [ConfettiType] = ConfettiType.allCases,
                        colors: [Color] = [.blue, .red, .green, .yellow, .pink, .purple, .orange],
                        confettiSize: Double = 10, rainHeight: Double = 600, fadesOut: Bool = true, opacity: Double = 1,
                        openingAngle: Angle = .degrees(60), closingAngle: Angle = .degrees(120), radius: Double = 300,
                        repetitions: Int = 0, repetitionInterval: Double = 1) -> some View {
        var c = ConfettiConfig()
        c.num = num
        c.shapes = confettis.map(\.shape)
        c.colors = colors.map { RGBA($0.r, $0.g, $0.b, $0.a) }
        c.confettiSize = confettiSize
        c.rainHeight = rainHeight
        c.fadesOut = fadesOut
        c.opacity = opacity
        c.openingAngle = openingAngle.degrees
        c.closingAngle = closingAngle.degrees
        c.radius = radius
        return ConfettiCannonView(content: self, counter: counter.wrappedValue, config: c,
                                  repetitions: max(0, repetitions), interval: repetitionInterval)
    }
}

struct ConfettiCannonView<Content: View>: View, PrimitiveView {
    let content: Content
    let counter: Int
    let config: ConfettiConfig
    let repetitions: Int
    let interval: Double

    func resolve(_ ctx: ResolveContext) -> [Element] {
        wrap(ctx, content, { ConfettiCannonElement(path: $0, host: $1) }) { e in
            e.model.config = config
            // The first value is where the counter starts; each later change fires (at the change's time).
            if let last = e.lastCounter, last != counter {
                for i in 0...repetitions {
                    let burst = e.model.fire(at: ctx.host.changeTime + Double(i) * interval, random: &ctx.host.context.random)
                    ctx.host.noteAnimation(until: burst.end)
                }
            }
            e.lastCounter = counter
        }
    }
}

/// The cannon: laid out exactly as its content, drawn as its content and then the live pieces, in one batch.
final class ConfettiCannonElement: WrapperElement {
    let model = ConfettiCannonModel(config: ConfettiConfig())
    var lastCounter: Int?
    private var batch = ParticleBatch()

    /// Pieces move until the last burst ends; then the scene may sleep again.
    override var extraAnimationEnd: Double? { model.end }

    override func sizeThatFits(_ p: ProposedSize) -> Size { child?.size(for: p) ?? .zero }
    override func place(in rect: Rect) { frame = rect; child?.assign(in: rect) }

    /// The burst origin: the centre of the content's frame.
    var origin: Vector2 { Vector2(frame.midX, frame.midY) }

    override func drawContent(_ dc: DrawContext) {
        super.drawContent(dc)
        let t = dc.time
        model.prune(at: t)
        guard dc.opacity > 0.0005, model.pieceCount(at: t) > 0 else { return }
        batch.removeAll()
        let h = dc.transform
        if h.isAffine {
            let m = h.m
            model.writeTriangles(into: &batch, origin: origin, at: t,
                                 transform: Affine2(a: m[0], b: m[3], c: m[1], d: m[4], tx: m[2], ty: m[5]), alpha: dc.opacity)
        } else {
            model.writeTriangles(into: &batch, origin: origin, at: t, alpha: dc.opacity)
            for i in batch.vertices.indices {
                let p = h.apply(Point(Double(batch.vertices[i].x), Double(batch.vertices[i].y)))
                batch.vertices[i].x = Float(p.x); batch.vertices[i].y = Float(p.y)
            }
        }
        guard !batch.isEmpty, let pieces = TriangleBatch(particles: batch, texture: nil, blend: .alpha, clippedTo: dc.clip) else { return }
        dc.list.append([.batch(pieces)][...])
    }

    override func probeValues(at time: Double) -> [(key: String, value: ProbeValue)] {
        super.probeValues(at: time) + [("particles", .state(.number(Double(model.pieceCount(at: time)))))]
    }
}

public extension ViewScene {
    /// The confetti model of the `confettiCannon` named `name` (the harness's particle state, spec 05 §0.3), and
    /// the burst origin in content coordinates.
    func confetti(named name: String) -> (model: ConfettiCannonModel, origin: Vector2)? {
        element(named: name, as: ConfettiCannonElement.self).map { ($0.model, $0.origin) }
    }
}

/// The pieces of the ConfettiSwiftUI package's bursts. Its text and SF Symbol pieces are drawn as circles here.
public enum ConfettiType: Hashable {
    public enum ConfettiShape: Hashable { case circle, triangle, square, slimRectangle, roundedCross }
    case shape(ConfettiShape)
    case text(String)
    case sfSymbol(symbolName: String)

    public static var allCases: [ConfettiType] {
        [.shape(.circle), .shape(.triangle), .shape(.square), .shape(.slimRectangle), .shape(.roundedCross)]
    }

    var shape: Particles.ConfettiShape {
        guard case let .shape(s) = self else { return .circle }
        switch s {
        case .circle: return .circle
        case .triangle: return .triangle
        case .square: return .square
        case .slimRectangle: return .slimRectangle
        case .roundedCross: return .roundedCross
        }
    }
}
