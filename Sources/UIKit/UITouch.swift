import Foundation
import Stage

/// One finger on the screen; on Linux, the mouse pointer while its button is held (a press, moves, the release).
/// UIKit hands a view its touches as a `Set<UITouch>`: one touch object follows the finger from press to release.
open class UITouch: Hashable {
    public enum Phase: Int { case began, moved, stationary, ended, cancelled }

    /// The view the touch started in.
    public private(set) weak var view: UIView?
    public private(set) var phase: Phase
    /// Scene time of the latest change, in seconds.
    public private(set) var timestamp: TimeInterval
    public var tapCount: Int { 1 }
    private var point: Point
    private var previousPoint: Point

    /// A touch beginning at `point` (in `view`'s coordinates: origin at its top-left, y down) at `time`.
    public init(view: UIView?, at point: Point, time: TimeInterval) {
        self.view = view; self.point = point; previousPoint = point; timestamp = time; phase = .began
    }

    /// The finger moved to, or lifted at, `point` (in the view's coordinates).
    public func update(_ phase: Phase, at point: Point, time: TimeInterval) {
        previousPoint = self.point
        self.point = point
        self.phase = phase
        timestamp = time
    }

    /// Where the finger is, in `view`'s coordinates (nil: the touch's own view; other views share its origin here,
    /// as the hosting view is the only one that receives touches).
    public func location(in view: UIView?) -> Point { point }
    public func previousLocation(in view: UIView?) -> Point { previousPoint }

    public static func == (a: UITouch, b: UITouch) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// The event a set of touches belongs to.
open class UIEvent {
    public enum EventType: Int { case touches, motion, remoteControl, presses }
    public let type: EventType
    public let timestamp: TimeInterval
    private let touches: Set<UITouch>

    public init(touches: Set<UITouch>, time: TimeInterval) {
        type = .touches; timestamp = time; self.touches = touches
    }

    public var allTouches: Set<UITouch>? { touches }
    public func touches(for view: UIView) -> Set<UITouch>? { touches.filter { $0.view === view } }
}
