import Foundation
import Motion

extension UIView {
    /// `UIViewAnimationOptions`: curve, repeat, autoreverse, user interaction, start from the current state.
    struct AnimationOptions: OptionSet {
        let rawValue: Int
        static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        static let curveEaseInOut = AnimationOptions([])
        static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        static let curveLinear = AnimationOptions(rawValue: 3 << 16)

        /// Ease-in-out (0.42, 0, 0.58, 1) unless another curve is given (spec 06 §2.4).
        var curve: UnitCurve {
            switch rawValue >> 16 & 3 {
            case 1: return .easeIn
            case 2: return .easeOut
            case 3: return .linear
            default: return .easeInOut
            }
        }
    }

    /// `animateWithDuration:delay:options:animations:completion:`. The closure sets target (model) values; every
    /// animatable property it changes animates from its presentation value now, on the scene clock. `completion`
    /// runs exactly once, at the animation's exact end time (`finished` true) or when every property it animated was
    /// taken over by a later animation (`finished` false).
    static func animate(withDuration duration: TimeInterval, delay: TimeInterval = 0, options: AnimationOptions = [],
                        animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        let app = UIApplication.shared
        let group = UIViewAnimation(start: app.now + max(0, delay), duration: max(0, duration), options: options,
                                    completion: completion)
        let outer = current
        current = group
        animations()
        current = outer
        group.begin(app)
    }

    /// `animateWithDuration:animations:completion:` (ease-in-out, no delay).
    static func animate(withDuration duration: TimeInterval, animations: () -> Void, completion: ((Bool) -> Void)?) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    /// `animateWithDuration:animations:`.
    static func animate(withDuration duration: TimeInterval, animations: () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    /// The animation whose closure is running (property changes made now animate with it).
    static var current: UIViewAnimation?

    /// The repeat count for `.repeat` (`setAnimationRepeatCount:`); infinite by default.
    static var repeatCount: Float = .infinity
}

/// One `animate` call: its timing, its property tracks and its completion.
final class UIViewAnimation {
    let start: Double
    let duration: Double
    let options: UIView.AnimationOptions
    /// Legs of `duration` (a forward or, with autoreverse, a backward run).
    let legs: Double
    private var completion: ((Bool) -> Void)?
    private var tracks: [AnimationTrackOwner] = []
    private var interrupted = 0
    private var endTimer: TimerHandle?

    init(start: Double, duration: Double, options: UIView.AnimationOptions, completion: ((Bool) -> Void)?) {
        self.start = start; self.duration = duration; self.options = options; self.completion = completion
        let runs = options.contains(.repeat) ? Double(UIView.repeatCount) : 1
        legs = runs * (options.contains(.autoreverse) ? 2 : 1)
    }

    var end: Double { duration == 0 ? start : start + duration * legs }
    var allowsUserInteraction: Bool { options.contains(.allowUserInteraction) }

    /// The eased fraction at scene time `t`: 0 before the start (the from-value shows during a delay), 1 at the end.
    func progress(at t: Double) -> Double {
        guard duration > 0 else { return t >= start ? 1 : 0 }
        let u = (t - start) / duration
        if u <= 0 { return 0 }
        if u >= legs { return options.contains(.autoreverse) && legs.truncatingRemainder(dividingBy: 2) == 0 ? 0 : 1 }
        let leg = u.rounded(.down)
        var f = u - leg
        if options.contains(.autoreverse) && Int(leg) % 2 == 1 { f = 1 - f }
        return options.curve.progress(f)
    }

    func add(_ track: AnimationTrackOwner) { tracks.append(track) }

    /// A later animation took over one of this one's properties.
    func trackTakenOver() {
        interrupted += 1
        guard interrupted == tracks.count, let app = UIApplication.current else { return }
        endTimer?.invalidate()
        app.schedule(after: 0) { [self] in finish(false) }
    }

    /// After the closure ran: schedules the end (the completion at the exact end time).
    func begin(_ app: UIApplication) {
        if tracks.isEmpty {
            app.schedule(after: 0) { [self] in finish(true) }
        } else if end.isFinite {
            endTimer = app.schedule(at: end) { [self] in
                for t in tracks { t.endAnimation(self) }
                finish(interrupted == 0)
            }
        }
    }

    private func finish(_ finished: Bool) {
        guard let c = completion else { return }
        completion = nil
        c(finished)
    }
}

/// A property that can hold an animation of a group (so the group can end it).
protocol AnimationTrackOwner: AnyObject {
    func endAnimation(_ group: UIViewAnimation)
}

/// One animatable property of a view: the model value and, while animating, the track from the presentation value.
final class UIAnimatedProperty<Value: UIAnimatable>: AnimationTrackOwner {
    private(set) var model: Value
    private var track: (from: Value, to: Value, group: UIViewAnimation)?

    init(_ value: Value) { model = value }

    /// The value drawn at scene time `t`.
    func presentation(at t: Double) -> Value {
        guard let track else { return model }
        return Value.interpolate(track.from, track.to, track.group.progress(at: t))
    }

    /// Whether an animation runs that makes the view ignore touches.
    var blocksTouches: Bool { track.map { !$0.group.allowsUserInteraction } ?? false }
    var isAnimating: Bool { track != nil }

    /// Sets the model value; inside an animate closure the change animates from the presentation value.
    func set(_ value: Value) {
        if let group = UIView.current, let app = UIApplication.current {
            if let track, track.group === group {
                // Set twice in one closure: the last value is the target.
                self.track = (track.from, value, group)
            } else if value != model || track != nil {
                let from = presentation(at: app.now)
                track?.group.trackTakenOver()
                track = (from, value, group)
                group.add(self)
            }
        } else {
            // Outside an animate call the change is immediate and ends any running animation of the property.
            track?.group.trackTakenOver()
            track = nil
        }
        model = value
    }

    func endAnimation(_ group: UIViewAnimation) {
        if track?.group === group { track = nil }
    }
}
