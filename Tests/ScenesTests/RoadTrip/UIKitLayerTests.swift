import Motion
@testable import Scenes
import Stage
import XCTest
import ZoetropeTestSupport

/// The UIKit-style layer under RoadTrip (spec 06 §2.4–§2.9) beyond what the drive uses: interrupted animations,
/// delays, curves, repeat and autoreverse, touches during animations, delayed calls and their cancelling, the
/// system-sound service and buffered players.
@MainActor
final class UIKitLayerTests: XCTestCase {
    let sounds = RecordingSoundPlayer()
    var context: SceneContext!
    var app: UIApplication!
    var view: UIView!

    override func setUp() async throws {
        context = SceneContext(clock: Clock(), sound: sounds)
        app = UIApplication(context: context, imageFolder: "roadtrip")
        view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    }

    func advance(to t: Double) { context.clock.advance(to: t) }
    func y(_ t: Double) -> Double { Double(view.presentationCenter(at: t).y) }

    func testATakeoverFinishesTheFirstWithFalseAndStartsFromThePresentation() async {
        var log: [String] = []
        app.run {
            UIView.animate(withDuration: 2, animations: { self.view.center = CGPoint(x: 5, y: 105) },
                           completion: { log.append("first \($0) at \(self.app.now)") })
        }
        advance(to: 1)
        let mid = y(1)
        XCTAssertEqual(mid, 55, accuracy: 1e-9, "half way, eased")
        app.run {
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { self.view.center = CGPoint(x: 5, y: 0) },
                           completion: { log.append("second \($0) at \(self.app.now)") })
        }
        XCTAssertEqual(y(1), mid, accuracy: 1e-9, "from the presentation value")
        advance(to: 1.5)
        XCTAssertEqual(y(1.5), mid / 2, accuracy: 1e-9, "linear")
        advance(to: 3)
        XCTAssertEqual(log, ["first false at 1.0", "second true at 2.0"])
    }

    func testDelayShowsTheFromValueThenRuns() async {
        var finishedAt: Double?
        app.run {
            UIView.animate(withDuration: 1, delay: 0.5, options: [.curveEaseIn], animations: { self.view.alpha = 0 },
                           completion: { _ in finishedAt = self.app.now })
        }
        XCTAssertEqual(view.alpha, 0, "model at once")
        XCTAssertEqual(view.presentationAlpha(at: 0.4), 1)
        XCTAssertEqual(Double(view.presentationAlpha(at: 1.0)), 1 - UnitCurve.easeIn.progress(0.5), accuracy: 1e-9)
        advance(to: 2)
        XCTAssertEqual(finishedAt, 1.5)
    }

    func testRepeatAndAutoreverse() async {
        UIView.repeatCount = 2
        defer { UIView.repeatCount = .infinity }
        var done: Double?
        app.run {
            UIView.animate(withDuration: 1, delay: 0, options: [.repeat, .autoreverse, .curveLinear],
                           animations: { self.view.center = CGPoint(x: 5, y: 15) }, completion: { _ in done = self.app.now })
        }
        XCTAssertEqual(y(0.5), 10, accuracy: 1e-9)
        XCTAssertEqual(y(1.5), 10, accuracy: 1e-9, "coming back")
        XCTAssertEqual(y(1.75), 7.5, accuracy: 1e-9)
        XCTAssertEqual(y(2.25), 7.5, accuracy: 1e-9, "second cycle")
        advance(to: 5)
        XCTAssertEqual(done, 4)
        XCTAssertEqual(y(5), 15, "the model value after the end")
    }

    func testAnimatingViewsIgnoreTouchesUnlessAllowed() async {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        root.addSubview(child)
        XCTAssertTrue(root.hitTest(CGPoint(x: 10, y: 10), with: nil) === child)
        app.run { UIView.animate(withDuration: 1) { child.alpha = 0.5 } }
        XCTAssertTrue(root.hitTest(CGPoint(x: 10, y: 10), with: nil) === root, "animating: ignored")
        app.run { UIView.animate(withDuration: 1, delay: 0, options: .allowUserInteraction, animations: { child.alpha = 0.6 }) }
        XCTAssertTrue(root.hitTest(CGPoint(x: 10, y: 10), with: nil) === child, "allowed")
        child.alpha = 0.005
        XCTAssertTrue(root.hitTest(CGPoint(x: 10, y: 10), with: nil) === root, "alpha below 0.01")
        child.alpha = 1; child.isHidden = true
        XCTAssertTrue(root.hitTest(CGPoint(x: 10, y: 10), with: nil) === root, "hidden")
        child.isHidden = false
        XCTAssertTrue(root.hitTest(CGPoint(x: 0, y: 0), with: nil) === child, "min edges in")
        XCTAssertTrue(root.hitTest(CGPoint(x: 50, y: 50), with: nil) === root, "max edges out")
        child.transform = CGAffineTransform(rotationAngle: .pi / 4)
        XCTAssertEqual(Double(child.frame.width), 50 * 2.squareRoot(), accuracy: 1e-9, "frame: box of the rotated bounds")
        XCTAssertEqual(Double(child.center.x), 25, "the centre stays")
    }

    func testPerformAfterDelayAndCancel() async {
        @MainActor final class Target: UIResponder {
            var calls: [Double] = []
            let app: UIApplication
            init(_ app: UIApplication) { self.app = app }
            func ping() { calls.append(app.now) }
        }
        let target = Target(app)
        app.run {
            target.perform(Target.ping, with: nil, afterDelay: 0.2)
            target.perform(Target.ping, with: nil, afterDelay: 0)
        }
        XCTAssertEqual(target.calls, [], "a delay of 0 waits for the next turn")
        advance(to: 0.1)
        XCTAssertEqual(target.calls, [0])
        app.run { UIResponder.cancelPreviousPerformRequests(withTarget: target) }
        advance(to: 1)
        XCTAssertEqual(target.calls, [0], "cancelled")
    }

    func testSystemSoundsAndPlayersNeedTheirFiles() async throws {
        let bundled = try XCTUnwrap(AssetResolver.bundledRoot())
        context.assets = AssetResolver(roots: [bundled])
        app.run {
            let bundle = ResourceBundle.main
            XCTAssertNil(bundle.url(forResource: "BurnRubber", withExtension: "wav"), "a wrong extension is not found")
            var id: SystemSoundID = 0
            let url = bundle.url(forResource: "BurnRubber", withExtension: "aif")!
            // The recording player knows no lengths: registration and the buffered player fail, as for a bad file.
            XCTAssertNotEqual(AudioServicesCreateSystemSoundID(url, &id), 0)
            AudioServicesPlaySystemSound(id)
        }
        let url = try XCTUnwrap(app.run { ResourceBundle.main.url(forResource: "CarRunning", withExtension: "aif") })
        let player = app.run { Result { try AVAudioPlayer(contentsOf: url) } }
        XCTAssertThrowsError(try player.get())
        XCTAssertTrue(app.deviceFeedback.systemSounds.isEmpty, "an unknown id plays nothing")
    }
}
