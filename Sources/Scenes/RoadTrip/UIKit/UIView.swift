import Foundation
import Stage

/// A UIKit view over a Stage node (spec 06 §2.4–§2.6, §2.10): geometry as frame / bounds / center / transform, model
/// values (what reading a property returns, what hit testing uses) and presentation values (what is drawn), the
/// subview tree with later siblings on top, hit testing and the responder chain.
class UIView: UIResponder {
    /// What the Stage draws; `syncNode(at:)` copies the presentation values into it every frame.
    let node = Node()
    /// The harness's node name (spec 06 §4.0).
    var name: String? { get { node.name } set { node.name = newValue } }
    private(set) var subviews: [UIView] = []
    private(set) weak var superview: UIView?
    /// Set when this is a view controller's root view: the controller is its next responder.
    weak var viewController: UIViewController?

    let centerProperty: UIAnimatedProperty<CGPoint>
    let boundsProperty: UIAnimatedProperty<CGSize>
    let transformProperty = UIAnimatedProperty(CGAffineTransform.identity)
    let alphaProperty = UIAnimatedProperty(CGFloat(1))
    let backgroundColorProperty = UIAnimatedProperty(UIColor.clear)

    var isHidden = false
    var isUserInteractionEnabled = true
    /// Off by default: only one touch is delivered (the mouse is one touch anyway).
    var isMultipleTouchEnabled = false

    init(frame: CGRect) {
        centerProperty = UIAnimatedProperty(CGPoint(x: frame.midX, y: frame.midY))
        boundsProperty = UIAnimatedProperty(frame.size)
    }

    // MARK: Geometry (model values)

    var center: CGPoint { get { centerProperty.model } set { centerProperty.set(newValue) } }
    /// The origin is always (0, 0) here (no scrolling views).
    var bounds: CGRect {
        get { CGRect(origin: .zero, size: boundsProperty.model) }
        set { boundsProperty.set(newValue.size) }
    }
    var transform: CGAffineTransform { get { transformProperty.model } set { transformProperty.set(newValue) } }
    var alpha: CGFloat { get { alphaProperty.model } set { alphaProperty.set(newValue) } }
    var backgroundColor: UIColor? {
        get { backgroundColorProperty.model == .clear ? nil : backgroundColorProperty.model }
        set { backgroundColorProperty.set(newValue ?? .clear) }
    }

    /// The bounding box of the transformed bounds in the superview (spec 06 §2.5); setting it sets centre and size.
    var frame: CGRect {
        get { UIView.frame(center: center, size: bounds.size, transform: transform) }
        set {
            center = CGPoint(x: newValue.midX, y: newValue.midY)
            bounds = CGRect(origin: .zero, size: newValue.size)
        }
    }

    static func frame(center: CGPoint, size: CGSize, transform: CGAffineTransform) -> CGRect {
        let w = size.width / 2, h = size.height / 2
        let corners = [CGPoint(x: -w, y: -h), CGPoint(x: w, y: -h), CGPoint(x: w, y: h), CGPoint(x: -w, y: h)]
            .map(transform.apply)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return CGRect(x: center.x + xs.min()!, y: center.y + ys.min()!,
                      width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    // MARK: Presentation values

    func presentationCenter(at t: Double) -> CGPoint { centerProperty.presentation(at: t) }
    func presentationTransform(at t: Double) -> CGAffineTransform { transformProperty.presentation(at: t) }
    func presentationAlpha(at t: Double) -> CGFloat { alphaProperty.presentation(at: t) }
    func presentationFrame(at t: Double) -> CGRect {
        UIView.frame(center: presentationCenter(at: t), size: boundsProperty.presentation(at: t),
                     transform: presentationTransform(at: t))
    }
    /// Whether any property animates now without `.allowUserInteraction` (the view then ignores touches).
    var isAnimatingWithoutInteraction: Bool {
        centerProperty.blocksTouches || boundsProperty.blocksTouches || transformProperty.blocksTouches
            || alphaProperty.blocksTouches || backgroundColorProperty.blocksTouches
    }
    var isAnimating: Bool {
        centerProperty.isAnimating || boundsProperty.isAnimating || transformProperty.isAnimating
            || alphaProperty.isAnimating || backgroundColorProperty.isAnimating
    }

    // MARK: Tree

    func addSubview(_ view: UIView) {
        view.removeFromSuperview()
        view.superview = self
        subviews.append(view)
        node.add(view.node)
    }

    func removeFromSuperview() {
        guard let s = superview else { return }
        s.subviews.removeAll { $0 === self }
        s.node.remove(node)
        superview = nil
    }

    var window: UIWindow? { (self as? UIWindow) ?? superview?.window }

    /// This view and every descendant, in tree (drawing) order.
    var allViews: [UIView] { [self] + subviews.flatMap(\.allViews) }

    // MARK: Coordinates (model values)

    /// A point in the superview's coordinates → this view's bounds coordinates.
    func fromSuperview(_ p: CGPoint) -> CGPoint? {
        let size = bounds.size
        guard let q = transform.invert(CGPoint(x: p.x - center.x, y: p.y - center.y)) else { return nil }
        return CGPoint(x: q.x + size.width / 2, y: q.y + size.height / 2)
    }

    /// `convertPoint:fromView:` for nil (the window's coordinates).
    func convert(_ p: CGPoint, from view: UIView?) -> CGPoint {
        guard view == nil else { return convert(view!.convert(p, to: nil), from: nil) }
        guard let superview, !(self is UIWindow) else { return p }
        return fromSuperview(superview.convert(p, from: nil)) ?? p
    }

    /// `convertPoint:toView:` for nil (the window's coordinates).
    func convert(_ p: CGPoint, to view: UIView?) -> CGPoint {
        guard view == nil else { return view!.convert(convert(p, to: nil), from: nil) }
        guard let superview, !(self is UIWindow) else { return p }
        let size = bounds.size
        let q = transform.apply(CGPoint(x: p.x - size.width / 2, y: p.y - size.height / 2))
        return superview.convert(CGPoint(x: q.x + center.x, y: q.y + center.y), to: nil)
    }

    /// A point of this view's bounds → window coordinates, with presentation values at `t` (for what is drawn).
    func presentationToWindow(_ p: CGPoint, at t: Double) -> CGPoint {
        guard let superview, !(self is UIWindow) else { return p }
        let size = boundsProperty.presentation(at: t), c = presentationCenter(at: t)
        let q = presentationTransform(at: t).apply(CGPoint(x: p.x - size.width / 2, y: p.y - size.height / 2))
        return superview.presentationToWindow(CGPoint(x: q.x + c.x, y: q.y + c.y), at: t)
    }

    // MARK: Hit testing (spec 06 §2.6)

    /// Min edges included, max edges excluded.
    func point(inside p: CGPoint, with event: UIEvent?) -> Bool { bounds.contains(p) }

    /// The deepest, topmost view containing `p` (this view's coordinates) that takes touches: interactive, not
    /// hidden, alpha ≥ 0.01 and not animating without `.allowUserInteraction`.
    func hitTest(_ p: CGPoint, with event: UIEvent?) -> UIView? {
        guard !isHidden, isUserInteractionEnabled, alpha >= 0.01, !isAnimatingWithoutInteraction,
              point(inside: p, with: event) else { return nil }
        for view in subviews.reversed() {
            if let q = view.fromSuperview(p), let hit = view.hitTest(q, with: event) { return hit }
        }
        return self
    }

    override var next: UIResponder? { viewController ?? superview }

    // MARK: Drawing

    /// Copies presentation values at scene time `t` into the node tree.
    func syncNode(at t: Double) {
        let size = boundsProperty.presentation(at: t), c = presentationCenter(at: t)
        let a = presentationTransform(at: t)
        node.frame = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
        // Node space is this view's bounds; about its centre: scale, then rotate, then move the centre into place.
        node.transforms = [
            .scale(Double(a.scaleX), Double(a.scaleY)),
            .rotation(degrees: Double(a.rotationAngle) * 180 / .pi),
            .offset(Double(c.x + a.translationX - size.width / 2), Double(c.y + a.translationY - size.height / 2)),
        ]
        node.opacity = Double(presentationAlpha(at: t))
        node.isHidden = isHidden
        drawContent(at: t)
        for v in subviews { v.syncNode(at: t) }
    }

    /// A plain view fills its bounds with its background colour; subclasses draw their own content.
    func drawContent(at t: Double) {
        let bg = backgroundColorProperty.presentation(at: t)
        node.content = bg.color.a > 0 ? .shape(.rect, fill: bg.color, stroke: nil) : .none
    }
}

/// The root of the view tree; window coordinates are its bounds coordinates.
final class UIWindow: UIView {
    var rootViewController: UIViewController? {
        didSet {
            oldValue?.view.removeFromSuperview()
            guard let vc = rootViewController else { return }
            vc.view.frame = bounds
            addSubview(vc.view)
        }
    }
    /// The one tracked touch (multi-touch is off).
    private var touch: UITouch?

    override var next: UIResponder? { nil }

    /// Mouse → touch phases: hit-test at touch-down, then every event of the touch goes to the view it began in.
    func touchDown(at p: CGPoint, time: Double) {
        let view = hitTest(p, with: nil)
        let t = UITouch(view: view, window: self, location: p)
        touch = t
        view?.touchesBegan([t], with: UIEvent(timestamp: time))
    }

    func touchMoved(to p: CGPoint, time: Double) {
        guard let t = touch else { return }
        t.move(to: p)
        t.view?.touchesMoved([t], with: UIEvent(timestamp: time))
    }

    func touchUp(at p: CGPoint, time: Double) {
        guard let t = touch else { return }
        touch = nil
        t.move(to: p)
        t.view?.touchesEnded([t], with: UIEvent(timestamp: time))
    }

    func touchCancelled(time: Double) {
        guard let t = touch else { return }
        touch = nil
        t.view?.touchesCancelled([t], with: UIEvent(timestamp: time))
    }
}

/// `UIScreen.mainScreen`: the 4-inch Retina iPhone of the chapter (320 × 568 pt at scale 2).
enum UIScreen {
    struct Screen { let bounds: CGRect; let scale: CGFloat }
    static let main = Screen(bounds: CGRect(x: 0, y: 0, width: 320, height: 568), scale: 2)
}
