import Motion
import Stage

/// How a view enters and leaves (spec 01 §1.9): insertion animates its active state → identity, removal identity →
/// active, with the transaction's animation (or the transition's own). The default is opacity.
public struct AnyTransition: Sendable {
    enum Effect: Sendable {
        case opacity
        case scale(Double, anchor: UnitPoint)
        case offset(Double, Double)
        case move(Edge)
    }
    var insertion: [Effect]
    var removal: [Effect]
    var animation: Animation?

    public static let opacity = AnyTransition(insertion: [.opacity], removal: [.opacity])
    public static let identity = AnyTransition(insertion: [], removal: [])
    /// Scale 0 ↔ 1 about the centre (the spec's choice for the unstated default factor).
    public static let scale = AnyTransition.scale(scale: 0)
    public static func scale(scale: Double, anchor: UnitPoint = .center) -> AnyTransition {
        AnyTransition(insertion: [.scale(scale, anchor: anchor)], removal: [.scale(scale, anchor: anchor)])
    }
    /// In from the leading edge, out toward the trailing edge.
    public static let slide = AnyTransition(insertion: [.move(.leading)], removal: [.move(.trailing)])
    public static func move(edge: Edge) -> AnyTransition { AnyTransition(insertion: [.move(edge)], removal: [.move(edge)]) }
    public static func offset(x: Double = 0, y: Double = 0) -> AnyTransition {
        AnyTransition(insertion: [.offset(x, y)], removal: [.offset(x, y)])
    }
    public static func offset(_ size: Size) -> AnyTransition { .offset(x: size.width, y: size.height) }
    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition {
        AnyTransition(insertion: insertion.insertion, removal: removal.removal, animation: insertion.animation ?? removal.animation)
    }
    /// Both active states at once.
    public func combined(with other: AnyTransition) -> AnyTransition {
        AnyTransition(insertion: insertion + other.insertion, removal: removal + other.removal, animation: animation ?? other.animation)
    }
    /// This transition uses `animation` instead of the transaction's.
    public func animation(_ animation: Animation?) -> AnyTransition {
        var t = self
        t.animation = animation
        return t
    }
}

public enum Edge: Hashable, Sendable { case top, leading, bottom, trailing }

/// An element's transition: which one, and its progress while it runs (1 = identity, 0 = active state).
struct TransitionState {
    var kind: AnyTransition?
    /// Produced by conditional content or a ForEach: only these run transitions.
    var isRoot = false
    var createdIn = 0
    private(set) var progress: AnimatedValue<Double>?
    private(set) var isRemoving = false
    private(set) var removalEnd: Double?

    var isActive: Bool { progress != nil }
    var endTime: Double? { progress?.endTime }

    mutating func beginInsertion(_ ctx: ResolveContext) {
        guard let animation = (kind ?? .opacity).animation ?? ctx.transaction.animation else { return }
        var p = AnimatedValue(0.0)
        p.set(1, at: ctx.host.changeTime, animation: animation)
        progress = p
        if let end = p.endTime { ctx.host.noteAnimation(until: end) }
    }

    /// Starts the removal; false when the element should vanish at once.
    static func beginRemoval(_ element: Element, _ ctx: ResolveContext) -> Bool {
        var t = element.transition
        guard t.isRoot, let animation = (t.kind ?? .opacity).animation ?? ctx.transaction.animation else { return false }
        var p = t.progress ?? AnimatedValue(1.0)
        p.set(0, at: ctx.host.changeTime, animation: animation)
        guard let end = p.endTime, end > ctx.host.changeTime else { return false }
        t.progress = p
        t.isRemoving = true
        t.removalEnd = end
        element.transition = t
        ctx.host.noteAnimation(until: end)
        return true
    }

    /// The active state's transform blended by progress (scale, offset, move); nil when at identity.
    func transform(_ element: Element, at time: Double) -> Homography? {
        guard let progress else { return nil }
        let p = progress.value(at: time)
        if p >= 1 && !isRemoving { return nil }
        let k = 1 - p, f = element.frame
        var h = Homography.identity
        for effect in effects {
            switch effect {
            case .opacity:
                break
            case let .scale(s, anchor):
                let scale = s + (1 - s) * p
                h = h * .scale(scale, scale, about: f.point(at: anchor.point))
            case let .offset(x, y):
                h = h * .translation(x * k, y * k)
            case let .move(edge):
                let d = Self.distance(moving: edge, f)
                h = h * .translation(d.0 * k, d.1 * k)
            }
        }
        return h
    }

    /// The opacity the active state leaves (1 at identity); 0 once a removal has ended.
    func opacity(at time: Double) -> Double {
        guard let progress else { return 1 }
        if let end = removalEnd, time >= end { return 0 }
        let p = max(0, min(1, progress.value(at: time)))
        return effects.contains { if case .opacity = $0 { return true } else { return false } } ? p : 1
    }

    private var effects: [AnyTransition.Effect] { isRemoving ? (kind ?? .opacity).removal : (kind ?? .opacity).insertion }

    /// While it runs, what the transition does to `element` as probe values (README §3.17): `opacity`, `scale`,
    /// `offset.x`/`offset.y`, each with the identity (insertion) or the active state (removal) as its model value.
    func probeValues(of element: Element, at time: Double) -> [(key: String, value: ProbeValue)] {
        guard let progress, progress.isAnimating(at: time) || isRemoving && time < (removalEnd ?? 0) else { return [] }
        let p = progress.value(at: time), model = isRemoving ? 0.0 : 1.0, f = element.frame
        func number(_ at: (Double) -> Double) -> ProbeValue { .number(model: at(model), presented: at(p)) }
        return effects.flatMap { effect -> [(key: String, value: ProbeValue)] in
            switch effect {
            case .opacity:
                return [("opacity", number { max(0, min(1, $0)) })]
            case let .scale(s, _):
                return [("scale", number { s + (1 - s) * $0 })]
            case let .offset(x, y):
                return [("offset.x", number { x * (1 - $0) }), ("offset.y", number { y * (1 - $0) })]
            case let .move(edge):
                let d = Self.distance(moving: edge, f)
                return [("offset.x", number { d.0 * (1 - $0) }), ("offset.y", number { d.1 * (1 - $0) })]
            }
        }
    }

    /// How far `.move(edge:)` puts a view of frame `f` in its active state: its own width or height off that edge.
    private static func distance(moving edge: Edge, _ f: Rect) -> (Double, Double) {
        switch edge {
        case .leading: (-f.width, 0)
        case .trailing: (f.width, 0)
        case .top: (0, -f.height)
        case .bottom: (0, f.height)
        }
    }
}

public extension View {
    /// How this view enters and leaves when conditional content changes.
    func transition(_ t: AnyTransition) -> some View { Attach(content: self) { e, _ in e.transition.kind = t } }
}
