import Foundation

/// One finger — here the mouse (spec 06 §1.B.5): its view (from the hit test at touch-down) and its location.
final class UITouch: Hashable {
    /// The view the touch began in; every later event of the touch goes to it.
    let view: UIView?
    let window: UIWindow
    /// Window coordinates.
    fileprivate(set) var windowLocation: CGPoint
    init(view: UIView?, window: UIWindow, location: CGPoint) { self.view = view; self.window = window; windowLocation = location }

    /// `locationInView:` (nil: the window).
    func location(in view: UIView?) -> CGPoint { view?.convert(windowLocation, from: nil) ?? windowLocation }
    func move(to p: CGPoint) { windowLocation = p }

    static func == (a: UITouch, b: UITouch) -> Bool { a === b }
    func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
}

/// The event the touches belong to.
final class UIEvent {
    let timestamp: TimeInterval
    init(timestamp: TimeInterval) { self.timestamp = timestamp }
}

/// The responder chain (spec 06 §2.6): a default handler passes the event to `next`; an override that handles it
/// does not call super.
class UIResponder {
    /// Main-actor isolated like the rest of the class, so that subclasses' initializers (`UIView`) may be too.
    init() {}
    var next: UIResponder? { nil }
    func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesBegan(touches, with: event) }
    func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesMoved(touches, with: event) }
    func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesEnded(touches, with: event) }
    func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesCancelled(touches, with: event) }

    /// `performSelector:withObject:afterDelay:` — runs `selector` on this object on the main loop after `delay`
    /// seconds (exactly, on the virtual clock; a delay of 0 waits for the next loop turn).
    func perform<Target: UIResponder>(_ selector: @escaping (Target) -> () -> Void, with object: Any?,
                                      afterDelay delay: TimeInterval) {
        let app = UIApplication.shared
        let id = ObjectIdentifier(self)
        let handle = app.schedule(after: delay) { [weak self] in
            guard let target = self as? Target else { return }
            selector(target)()
        }
        app.pendingPerforms[id, default: []].append(handle)
    }

    /// `cancelPreviousPerformRequestsWithTarget:`.
    static func cancelPreviousPerformRequests(withTarget target: UIResponder) {
        let app = UIApplication.shared
        app.pendingPerforms.removeValue(forKey: ObjectIdentifier(target))?.forEach { $0.invalidate() }
    }
}
