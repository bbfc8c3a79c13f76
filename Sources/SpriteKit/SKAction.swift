import Foundation
import Motion
import Stage

/// How an action's progress follows its time.
public enum SKActionTimingMode: Int { case linear, easeIn, easeOut, easeInEaseOut }

/// A custom timing curve: elapsed fraction 0…1 → progress.
public typealias SKActionTimingFunction = (Float) -> Float

/// SpriteKit's action: a description of a change over time (move, fade, scale, rotate, wait, remove, a block),
/// or a composition of actions (sequence, group, repeat). One action may run on many nodes: what a run has done
/// so far lives in its `ActionRun`, not here. Actions advance on the scene clock, so a run is the same every time.
open class SKAction {
    /// Seconds (a composite's is its parts').
    public var duration: TimeInterval
    public var timingMode: SKActionTimingMode = .linear
    public var timingFunction: SKActionTimingFunction?
    /// Multiplies the pace of this action.
    public var speed = 1.0
    let kind: Kind

    enum Kind {
        case moveBy(dx: Double, dy: Double)
        case moveTo(x: Double?, y: Double?)
        case rotateBy(Double)
        case rotateTo(Double)
        case scaleBy(x: Double, y: Double)
        case scaleTo(x: Double?, y: Double?)
        case fadeBy(Double)
        case fadeTo(Double)
        case wait
        case hide(Bool)
        case remove
        case block(() -> Void)
        case custom((SKNode, Double) -> Void)
        case onChild(SKAction, name: String)
        case sequence([SKAction])
        case group([SKAction])
        case repeatCount(SKAction, Int)
        case repeatForever(SKAction)
    }

    init(_ kind: Kind, duration: TimeInterval) {
        self.kind = kind
        self.duration = max(0, duration.isFinite ? duration : 0)
    }

    /// The eased progress for an elapsed fraction `u` of the duration.
    func progress(_ u: Double) -> Double {
        if let timingFunction { return Double(timingFunction(Float(u))) }
        switch timingMode {
        case .linear: return u
        case .easeIn: return UnitCurve.easeIn.progress(u)
        case .easeOut: return UnitCurve.easeOut.progress(u)
        case .easeInEaseOut: return UnitCurve.easeInOut.progress(u)
        }
    }

    // MARK: Moving, turning, scaling, fading

    open class func move(by delta: CGVector, duration: TimeInterval) -> SKAction {
        SKAction(.moveBy(dx: delta.dx, dy: delta.dy), duration: duration)
    }
    open class func moveBy(x: Double, y: Double, duration: TimeInterval) -> SKAction {
        SKAction(.moveBy(dx: x, dy: y), duration: duration)
    }
    open class func move(to location: Point, duration: TimeInterval) -> SKAction {
        SKAction(.moveTo(x: location.x, y: location.y), duration: duration)
    }
    open class func moveTo(x: Double, duration: TimeInterval) -> SKAction { SKAction(.moveTo(x: x, y: nil), duration: duration) }
    open class func moveTo(y: Double, duration: TimeInterval) -> SKAction { SKAction(.moveTo(x: nil, y: y), duration: duration) }

    open class func rotate(byAngle radians: Double, duration: TimeInterval) -> SKAction {
        SKAction(.rotateBy(radians), duration: duration)
    }
    open class func rotate(toAngle radians: Double, duration: TimeInterval) -> SKAction {
        SKAction(.rotateTo(radians), duration: duration)
    }

    open class func scale(by scale: Double, duration: TimeInterval) -> SKAction {
        SKAction(.scaleBy(x: scale, y: scale), duration: duration)
    }
    open class func scaleX(by x: Double, y: Double, duration: TimeInterval) -> SKAction {
        SKAction(.scaleBy(x: x, y: y), duration: duration)
    }
    open class func scale(to scale: Double, duration: TimeInterval) -> SKAction {
        SKAction(.scaleTo(x: scale, y: scale), duration: duration)
    }
    open class func scaleX(to x: Double, y: Double, duration: TimeInterval) -> SKAction {
        SKAction(.scaleTo(x: x, y: y), duration: duration)
    }
    open class func scaleX(to x: Double, duration: TimeInterval) -> SKAction { SKAction(.scaleTo(x: x, y: nil), duration: duration) }
    open class func scaleY(to y: Double, duration: TimeInterval) -> SKAction { SKAction(.scaleTo(x: nil, y: y), duration: duration) }

    open class func fadeIn(withDuration duration: TimeInterval) -> SKAction { SKAction(.fadeTo(1), duration: duration) }
    open class func fadeOut(withDuration duration: TimeInterval) -> SKAction { SKAction(.fadeTo(0), duration: duration) }
    open class func fadeAlpha(to alpha: Double, duration: TimeInterval) -> SKAction { SKAction(.fadeTo(alpha), duration: duration) }
    open class func fadeAlpha(by delta: Double, duration: TimeInterval) -> SKAction { SKAction(.fadeBy(delta), duration: duration) }

    // MARK: Waiting, showing, removing, running code

    open class func wait(forDuration duration: TimeInterval) -> SKAction { SKAction(.wait, duration: duration) }
    /// A wait of `duration` ± `range`/2, drawn when the action is made (from the scene's seeded generator, so a run
    /// is the same every time).
    open class func wait(forDuration duration: TimeInterval, withRange range: TimeInterval) -> SKAction {
        var random = SceneRandomNumberGenerator()
        return SKAction(.wait, duration: duration + range * (Double.random(in: 0..<1, using: &random) - 0.5))
    }
    open class func hide() -> SKAction { SKAction(.hide(true), duration: 0) }
    open class func unhide() -> SKAction { SKAction(.hide(false), duration: 0) }
    open class func removeFromParent() -> SKAction { SKAction(.remove, duration: 0) }
    open class func run(_ block: @escaping () -> Void) -> SKAction { SKAction(.block(block), duration: 0) }
    /// `block` on the queue: here at once, on the scene's thread (a run stays deterministic).
    open class func run(_ block: @escaping () -> Void, queue: DispatchQueue) -> SKAction { SKAction(.block(block), duration: 0) }
    open class func run(_ action: SKAction, onChildWithName name: String) -> SKAction {
        SKAction(.onChild(action, name: name), duration: action.duration)
    }
    /// `block(node, elapsed seconds)` at every step for `duration` seconds.
    open class func customAction(withDuration duration: TimeInterval,
                                 actionBlock block: @escaping (SKNode, Double) -> Void) -> SKAction {
        SKAction(.custom(block), duration: duration)
    }

    // MARK: Compositions

    open class func sequence(_ actions: [SKAction]) -> SKAction {
        SKAction(.sequence(actions), duration: actions.reduce(0) { $0 + $1.duration / max($1.speed, 1e-9) })
    }
    open class func group(_ actions: [SKAction]) -> SKAction {
        SKAction(.group(actions), duration: actions.map { $0.duration / max($0.speed, 1e-9) }.max() ?? 0)
    }
    open class func `repeat`(_ action: SKAction, count: Int) -> SKAction {
        SKAction(.repeatCount(action, max(0, count)), duration: action.duration * Double(max(0, count)))
    }
    open class func repeatForever(_ action: SKAction) -> SKAction { SKAction(.repeatForever(action), duration: .infinity) }

    /// The action that undoes this one where SpriteKit defines it (relative moves, turns, scales and fades;
    /// compositions reverse their parts); others reverse to themselves.
    open func reversed() -> SKAction {
        let r: SKAction
        switch kind {
        case let .moveBy(dx, dy): r = SKAction(.moveBy(dx: -dx, dy: -dy), duration: duration)
        case let .rotateBy(a): r = SKAction(.rotateBy(-a), duration: duration)
        case let .scaleBy(x, y): r = SKAction(.scaleBy(x: x == 0 ? 0 : 1 / x, y: y == 0 ? 0 : 1 / y), duration: duration)
        case let .fadeBy(a): r = SKAction(.fadeBy(-a), duration: duration)
        case let .sequence(parts): r = SKAction.sequence(parts.reversed().map { $0.reversed() })
        case let .group(parts): r = SKAction.group(parts.map { $0.reversed() })
        case let .repeatCount(a, n): r = SKAction.repeat(a.reversed(), count: n)
        case let .repeatForever(a): r = SKAction.repeatForever(a.reversed())
        default: return self
        }
        r.speed = speed
        switch timingMode {
        case .easeIn: r.timingMode = .easeOut
        case .easeOut: r.timingMode = .easeIn
        default: r.timingMode = timingMode
        }
        return r
    }
}
