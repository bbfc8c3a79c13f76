import Particles
import Stage

/// A Stage particle layer shown as a view: what the books wrap in a `UIViewRepresentable` (chapter 8's `SnowView`
/// around a CAEmitterLayer) or an `SKView`. The layer fills the view's frame and is clipped to it; its scene space
/// is the frame's size in points (y up, spec 05 §1.2) unless a size is given. Greedy, like a UIView.
///
/// `make` fills the layer once, when the view is first laid out (its size is known then), and gets the scene's
/// seed for its emitters. The layer runs on the scene clock from that moment (no pre-warm). It is caught up each
/// time it is drawn or probed: particles are closed-form in their age and births fall at exact sub-frame times
/// (`ParticleEmitter`), so how often that happens does not change them. `probe NAME` reports the live particle
/// count of all its emitters as `particles` (spec README §3.17).
public struct ParticleHost: View, PrimitiveView {
    let sceneSize: Vector2?
    let scaleMode: SceneScaleMode
    let make: (_ layer: ParticleLayer, _ seed: UInt64) -> Void

    public init(sceneSize: Vector2? = nil, scaleMode: SceneScaleMode = .fill,
                make: @escaping (_ layer: ParticleLayer, _ seed: UInt64) -> Void) {
        self.sceneSize = sceneSize; self.scaleMode = scaleMode; self.make = make
    }

    func resolve(_ ctx: ResolveContext) -> [Element] {
        let e = ctx.element(ParticleHostElement.self) { ParticleHostElement(path: $0, host: $1) }
        e.fixedSceneSize = sceneSize
        e.layer.scaleMode = scaleMode
        e.make = make
        // Particles move all the time: the scene is drawn every frame.
        ctx.host.noteAnimation(until: .infinity)
        return [e]
    }
}

final class ParticleHostElement: Element {
    let layer = ParticleLayer(sceneSize: Vector2(1, 1))
    var fixedSceneSize: Vector2?
    var make: ((ParticleLayer, UInt64) -> Void)?
    private var made = false

    override var extraAnimationEnd: Double? { .infinity }

    /// A UIView's ideal size is 10 × 10 when nothing is proposed.
    override func sizeThatFits(_ p: ProposedSize) -> Size { p.replacingUnspecified(by: Size(10, 10)) }

    override func place(in rect: Rect) {
        frame = rect
        layer.frame = rect
        layer.sceneSize = fixedSceneSize ?? Vector2(rect.width, rect.height)
        if !made, let make {
            made = true
            make(layer, host.context.seed)
        }
        // A director (an SKView's scene) sizes its scene itself and takes the pointer over the view.
        if let director = layer.director {
            layer.sceneSize = director.sceneSize(forLayerSize: rect.size)
            interaction.control = self
        }
        step()
    }

    /// Catches the layer up with the scene clock (its first call starts it).
    func step() { if made { layer.update(to: host.now) } }

    override func drawContent(_ dc: DrawContext) {
        step()
        guard made, dc.opacity > 0.0005 else { return }
        // masksToBounds: the frame as drawn, within any clip already in force.
        var masked = dc
        masked.clip(to: frame)
        layer.drawCustom(transform: dc.transform, opacity: dc.opacity,
                         renderer: DisplayListRenderer(list: dc.list, clip: masked.clip ?? [], host: host))
    }

    override func containsDrawn(_ point: Point, time: Double) -> Bool { false }

    override func probeValues(at time: Double) -> [(key: String, value: ProbeValue)] {
        step()
        let live = layer.emitters.reduce(0) { $0 + $1.emitter.particleCount }
        return properties.probeValues(at: time) + [("particles", .state(.number(Double(live))))]
    }
}

/// Pointer input over the view goes to the layer's director, in the view's own coordinates (origin at its
/// top-left), with the layer caught up to the event's time first (a move only, which the director may keep for
/// its next step, does not step it).
extension ParticleHostElement: ControlBehaviour {
    func pressed(at p: Point, time: Double) { forward(.press(p), time: time) }
    func moved(to p: Point, inside: Bool, time: Double) { forward(.move(p), time: time) }
    func released(at p: Point, inside: Bool, time: Double) { forward(.release(p), time: time) }
    func cancelled() { forward(.cancel, time: host.now) }

    private func forward(_ event: PointerEvent, time: Double) {
        guard let director = layer.director else { return }
        if case .move = event {} else { step() }
        let o = frame.origin
        switch event {
        case let .press(p): director.pointer(.press(Point(p.x - o.x, p.y - o.y)), time: time)
        case let .move(p): director.pointer(.move(Point(p.x - o.x, p.y - o.y)), time: time)
        case let .release(p): director.pointer(.release(Point(p.x - o.x, p.y - o.y)), time: time)
        case .cancel, .wheel: director.pointer(event, time: time)
        }
        host.redraw()
    }
}

public extension ViewScene {
    /// The particle layer of the `ParticleHost` named `name` (through the modifiers on it), for tests and tools.
    func particleLayer(named name: String) -> ParticleLayer? {
        guard let host = element(named: name, as: ParticleHostElement.self) else { return nil }
        host.step()
        return host.layer
    }
}

/// The layer's drawing, caught into the view tree's display list, clipped to the host's frame: particle quads stay
/// particles inside the frame's rect (the renderer's particle path draws them), or become clipped triangles (their
/// vertex layouts are the same) when the frame is turned or clipped by a shape.
private final class DisplayListRenderer: Renderer {
    let list: DisplayList, clip: [Point]
    unowned let host: ViewHost

    init(list: DisplayList, clip: [Point], host: ViewHost) { self.list = list; self.clip = clip; self.host = host }

    func imageSize(_ name: String) -> Size { host.imageSize(name) }
    func measure(_ text: String, font: Font) -> Size { host.context.measure(text, font) }
    func clear(_ color: Color) {}
    func setClip(_ rect: Rect?) {}
    func drawLayer(_ layer: Layer) { list.append(layer) }

    func drawTriangles(_ vertices: [Vertex], indices: [Int32], texture: TextureSource?, blend: BlendMode) {
        let kept = ConvexClip.clip(vertices: vertices, indices: indices, to: clip)
        guard !kept.indices.isEmpty else { return }
        list.append([.batch(TriangleBatch(vertices: kept.vertices, indices: kept.indices, texture: texture, blend: blend))][...])
    }

    func drawParticles(_ batch: ParticleBatch, texture: TextureSource?, blend: BlendMode) {
        if let rect = Rect(outline: clip) {
            list.append([.particles(batch, texture, blend, clip: rect)][...])
        } else if let b = TriangleBatch(particles: batch, texture: texture, blend: blend, clippedTo: clip) {
            list.append([.batch(b)][...])
        }
    }
}
