import Foundation
import Stage
import Views

/// "RoadTrip — Test Drive" (spec 06 §1.B): the chapter's `TestDriveController` in a window of the small UIKit layer
/// (UIKit/), on the 320 × 568 pt fixed canvas. The mouse is one touch; the window hit-tests and routes it through the
/// responder chain. Probe names: `background`, `car`, `testDrive` (spec 06 §4.0).
public final class RoadTripTestDrive: Scene, Probeable, DeviceFeedbackSource {
    public static let info = SceneInfo(id: "roadtrip-test-drive", chapter: RoadTrip.chapter, title: "RoadTrip — Test Drive",
                                       referenceSize: Size(320, 568), mapping: .fixedCanvas)
    public let root: Node
    let app: UIApplication
    let window: UIWindow
    let controller: TestDriveController

    public init(context: SceneContext) {
        let app = UIApplication(context: context, imageFolder: "roadtrip")
        self.app = app
        // Scene load is viewDidLoad: the view tree, the animated button image and both sounds.
        let (window, controller) = app.run { () -> (UIWindow, TestDriveController) in
            let window = UIWindow(frame: UIScreen.main.bounds)
            let controller = TestDriveController()
            window.rootViewController = controller
            return (window, controller)
        }
        self.window = window
        self.controller = controller
        root = TouchSurface(app: app, window: window)
        root.add(window.node)
    }

    /// The system sounds the app played.
    public var deviceFeedback: DeviceFeedback { app.deviceFeedback }

    public func layout(size: Size, time: Double) {
        root.frame = Rect(origin: .zero, size: size)
        app.run { window.syncNode(at: time) }
    }

    /// Every frame while a view animates; otherwise the next blink of the button.
    public func nextChange(after time: Double) -> Double? {
        if window.allViews.contains(where: \.isAnimating) { return time }
        guard let image = controller.testDriveButton.currentBackgroundImage, let frames = image.images, frames.count > 1,
              image.duration > 0 else { return nil }
        let perFrame = image.duration / Double(frames.count)
        return ((time / perFrame + 1e-9).rounded(.down) + 1) * perFrame
    }

    // MARK: Probes (spec 06 §4.0)

    public func probeAll(at time: Double) -> [ProbeReport] {
        app.run { window.allViews.compactMap { view in view.name.map { report(view, name: $0, at: time) } } }
    }

    /// `frame` and `drawn`: the UIKit frame (box of the transformed bounds) as drawn at `time`, in canvas
    /// coordinates; `position` is the centre, `rotation` in radians (clockwise on screen), model and presented.
    private func report(_ view: UIView, name: String, at t: Double) -> ProbeReport {
        let b = view.bounds
        let corners = [CGPoint(x: 0, y: 0), CGPoint(x: b.width, y: 0), CGPoint(x: b.width, y: b.height), CGPoint(x: 0, y: b.height)]
            .map { view.presentationToWindow($0, at: t) }
        let xs = corners.map { Double($0.x) }, ys = corners.map { Double($0.y) }
        let drawn = Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        let c = view.presentationCenter(at: t)
        var values: [(key: String, value: ProbeValue)] = [
            ("position.x", .number(model: Double(view.center.x), presented: Double(c.x))),
            ("position.y", .number(model: Double(view.center.y), presented: Double(c.y))),
            ("rotation", .number(model: Double(view.transform.rotationAngle),
                                 presented: Double(view.presentationTransform(at: t).rotationAngle))),
            ("opacity", .number(model: Double(view.alpha), presented: Double(view.presentationAlpha(at: t)))),
        ]
        var text: String?
        var enabled = true
        if let button = view as? UIButton {
            text = button.currentTitle
            enabled = button.isEnabled
            values.append(("state.highlighted", .state(.bool(button.isHighlighted))))
            if let image = button.currentBackgroundImage {
                values.append(("state.blinkFrame", .state(.number(Double(image.frameIndex(at: t))))))
            }
        }
        if view === controller.car {
            values.append(("state.touchInCar", .state(.bool(controller.touchInCar))))
            values.append(("state.isDriving", .state(.bool(controller.isDriving))))
        }
        var hidden = false
        var v: UIView? = view
        while let u = v { hidden = hidden || u.isHidden; v = u.superview }
        return ProbeReport(name: name, frame: drawn, drawn: drawn, text: text, hidden: hidden, enabled: enabled, values: values)
    }
}

/// The canvas under the window: takes every press on the canvas and hands it to the window as a touch (left button
/// down = began, motion = moved, release = ended, focus lost = cancelled; spec 06 §1.B.5).
private final class TouchSurface: Node {
    unowned let app: UIApplication
    unowned let window: UIWindow
    init(app: UIApplication, window: UIWindow) {
        self.app = app; self.window = window
        super.init(name: nil)
    }
    override var isInteractive: Bool { true }
    override func pointerPressed(at point: Point, time: Double) {
        app.run { window.touchDown(at: CGPoint(x: point.x, y: point.y), time: time) }
    }
    override func pointerMoved(to point: Point, time: Double) {
        app.run { window.touchMoved(to: CGPoint(x: point.x, y: point.y), time: time) }
    }
    override func pointerReleased(at point: Point, inside: Bool, time: Double) {
        app.run { window.touchUp(at: CGPoint(x: point.x, y: point.y), time: time) }
    }
    override func pointerCancelled(time: Double) {
        app.run { window.touchCancelled(time: time) }
    }
}
