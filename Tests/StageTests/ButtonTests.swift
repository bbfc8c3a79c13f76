import XCTest
@testable import Stage
import ZoetropeTestSupport

final class ButtonTests: XCTestCase {
    private var host: SceneHost!
    private var scene: BareScene!
    private var log: [String] = []

    override func setUp() {
        super.setUp()
        (host, scene) = makeHost(BareScene.self, window: Size(400, 300))
        log = []
    }

    @discardableResult
    private func addButton(_ name: String, _ frame: Rect, to parent: Node? = nil) -> Button {
        let b = Button(name: name, frame: frame) { [unowned self] in self.log.append(name) }
        (parent ?? scene.root).add(b)
        return b
    }

    private func click(_ p: Point, releaseAt q: Point? = nil) {
        host.pointer(.press(p))
        host.pointer(.release(q ?? p))
    }

    func testReleaseInsideAfterPressInsideFiresOnce() {
        addButton("ok", Rect(x: 10, y: 10, width: 50, height: 30))
        click(Point(20, 20))
        XCTAssertEqual(log, ["ok"])
        click(Point(59, 39), releaseAt: Point(11, 11))
        XCTAssertEqual(log, ["ok", "ok"])
    }

    func testReleaseOutsideDoesNotFire() {
        let b = addButton("ok", Rect(x: 10, y: 10, width: 50, height: 30))
        click(Point(20, 20), releaseAt: Point(100, 100))
        XCTAssertEqual(log, [])
        XCTAssertFalse(b.isPressed)
    }

    func testPressOutsideThenReleaseInsideDoesNotFire() {
        addButton("ok", Rect(x: 10, y: 10, width: 50, height: 30))
        click(Point(200, 200), releaseAt: Point(20, 20))
        XCTAssertEqual(log, [])
        // A press on another button does not hand over to this one either.
        addButton("other", Rect(x: 100, y: 10, width: 50, height: 30))
        click(Point(110, 20), releaseAt: Point(20, 20))
        XCTAssertEqual(log, [])
    }

    func testDragOutAndBackInStillFiresAndTracksPressedState() {
        let b = addButton("ok", Rect(x: 10, y: 10, width: 50, height: 30))
        host.pointer(.press(Point(20, 20)))
        XCTAssertTrue(b.isPressed)
        host.pointer(.move(Point(200, 200)))
        XCTAssertFalse(b.isPressed)
        host.pointer(.move(Point(30, 30)))
        XCTAssertTrue(b.isPressed)
        host.pointer(.release(Point(30, 30)))
        XCTAssertEqual(log, ["ok"])
        XCTAssertFalse(b.isPressed)
    }

    func testDisabledButtonIgnoresInput() {
        let b = addButton("ok", Rect(x: 10, y: 10, width: 50, height: 30))
        b.isEnabled = false
        XCTAssertFalse(b.isInteractive)
        click(Point(20, 20))
        XCTAssertEqual(log, [])
        XCTAssertFalse(b.isPressed)
        // Even when called directly.
        b.pointerPressed(at: Point(20, 20), time: 0)
        b.pointerReleased(at: Point(20, 20), inside: true, time: 0)
        XCTAssertEqual(log, [])
    }

    func testDisabledWhilePressedDoesNotFire() {
        let b = addButton("ok", Rect(x: 10, y: 10, width: 50, height: 30))
        host.pointer(.press(Point(20, 20)))
        b.isEnabled = false
        host.pointer(.release(Point(20, 20)))
        XCTAssertEqual(log, [])
    }

    func testCancelAbandonsThePress() {
        let b = addButton("ok", Rect(x: 10, y: 10, width: 50, height: 30))
        host.pointer(.press(Point(20, 20)))
        host.pointer(.cancel)
        XCTAssertFalse(b.isPressed)
        host.pointer(.release(Point(20, 20)))
        XCTAssertEqual(log, [])
    }

    func testTopmostInteractiveWins() {
        addButton("below", Rect(x: 0, y: 0, width: 100, height: 100))
        let above = addButton("above", Rect(x: 50, y: 50, width: 100, height: 100))
        click(Point(75, 75))
        XCTAssertEqual(log, ["above"])
        click(Point(25, 25))
        XCTAssertEqual(log, ["above", "below"])
        // Hidden or disabled buttons on top do not take the press.
        above.isHidden = true
        click(Point(75, 75))
        XCTAssertEqual(log, ["above", "below", "below"])
        above.isHidden = false; above.isEnabled = false
        click(Point(75, 75))
        XCTAssertEqual(log, ["above", "below", "below", "below"])
    }

    func testButtonInsideALaterGroupIsOnTopOfAnEarlierButton() {
        addButton("first", Rect(x: 0, y: 0, width: 100, height: 100))
        let group = Node(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        scene.root.add(group)
        addButton("nested", Rect(x: 40, y: 40, width: 20, height: 20), to: group)
        click(Point(50, 50))
        XCTAssertEqual(log, ["nested"])
        XCTAssertTrue(host.topmostInteractive(at: Point(10, 10), in: scene.root)?.name == "first")
        XCTAssertNil(host.topmostInteractive(at: Point(300, 250), in: scene.root))
    }

    func testTransformsMoveTheHitArea() {
        let b = addButton("moved", Rect(x: 0, y: 0, width: 40, height: 20))
        b.transforms = [.offset(100, 50)]
        click(Point(10, 10))
        XCTAssertEqual(log, [])
        click(Point(110, 60))
        XCTAssertEqual(log, ["moved"])
        // Turned 90° about its centre (20,10), then offset: the hit area becomes 20 wide × 40 tall around (120, 60).
        b.transforms = [.rotation(degrees: 90), .offset(100, 50)]
        log = []
        click(Point(135, 60))   // inside the unrotated frame, outside the rotated one
        XCTAssertEqual(log, [])
        click(Point(120, 78))   // below the unrotated frame, inside the rotated one
        XCTAssertEqual(log, ["moved"])
        // Offset first, then turned about the layout frame's centre (the offset does not move the anchor,
        // README §3.1): the offset frame (100…140, 50…70) swings round (20,10) to x −40…−20, y 90…130.
        b.transforms = [.offset(100, 50), .rotation(degrees: 90)]
        log = []
        click(Point(120, 60))
        XCTAssertEqual(log, [])
        XCTAssertTrue(b.hitTest(Point(-30, 110)))
        XCTAssertFalse(b.hitTest(Point(-30, 85)))
    }

    func testParentTransformsMoveTheHitArea() {
        let group = Node(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        group.transforms = [.offset(200, 0)]
        scene.root.add(group)
        addButton("child", Rect(x: 0, y: 0, width: 40, height: 40), to: group)
        click(Point(20, 20))
        XCTAssertEqual(log, [])
        click(Point(220, 20))
        XCTAssertEqual(log, ["child"])
    }

    func testFixedCanvasMapsWindowPointsToScenePoints() throws {
        // 200×100 canvas in a 400×400 window: scale 2, bars of 100 above and below.
        let (canvasHost, canvas) = makeHost(CanvasScene.self, window: Size(400, 400))
        var hits = 0
        canvas.root.add(Button(frame: Rect(x: 0, y: 0, width: 50, height: 50)) { hits += 1 })
        canvasHost.pointer(.press(Point(50, 50))); canvasHost.pointer(.release(Point(50, 50)))
        XCTAssertEqual(hits, 0, "in the black bar")
        canvasHost.pointer(.press(Point(90, 190))); canvasHost.pointer(.release(Point(90, 190)))
        XCTAssertEqual(hits, 1)
        canvasHost.pointer(.press(Point(110, 150))); canvasHost.pointer(.release(Point(110, 150)))
        XCTAssertEqual(hits, 1, "scene x 55 is right of the button")
        let p = canvasHost.sceneToWindow.apply(Point(200, 100))
        assertPoint(p, 400, 300)
    }

    func testPressedLookFadesBackAfterRelease() {
        let b = addButton("ok", Rect(x: 0, y: 0, width: 50, height: 50))
        b.pressedOpacity = 0.2
        b.releaseFade = 0.2
        XCTAssertEqual(b.interactionOpacity(at: 0), 1)
        host.advance(to: 1)
        host.pointer(.press(Point(10, 10)))
        XCTAssertEqual(b.interactionOpacity(at: 1), 0.2, accuracy: 1e-12)
        XCTAssertEqual(b.interactionOpacity(at: 5), 0.2, accuracy: 1e-12, "held: stays pressed")
        host.advance(to: 2)
        host.pointer(.release(Point(10, 10)))
        XCTAssertEqual(b.interactionOpacity(at: 2), 0.2, accuracy: 1e-12)
        XCTAssertEqual(b.interactionOpacity(at: 2.1), 0.6, accuracy: 1e-9)
        XCTAssertEqual(b.interactionOpacity(at: 2.2), 1, accuracy: 1e-12)
        XCTAssertEqual(b.interactionOpacity(at: 9), 1)
    }

    func testPressedLookWithoutFadeReturnsAtOnceAndDefaultsTo025() {
        let b = addButton("ok", Rect(x: 0, y: 0, width: 50, height: 50))
        XCTAssertEqual(b.pressedOpacity, 0.25)
        host.pointer(.press(Point(10, 10)))
        XCTAssertEqual(b.interactionOpacity(at: 0), 0.25)
        host.pointer(.move(Point(300, 300)))
        XCTAssertEqual(b.interactionOpacity(at: 0), 1, "dragged out: normal look")
        host.pointer(.release(Point(300, 300)))
        XCTAssertEqual(b.interactionOpacity(at: 0), 1)
    }

    func testPressedButtonLabelIsDrawnAtPressedOpacity() throws {
        let b = addButton("ok", Rect(x: 0, y: 0, width: 50, height: 50))
        b.add(Node(frame: b.frame, content: .image("label", .stretch)))
        let r = RecordingRenderer()
        host.draw(on: r)
        XCTAssertEqual(try XCTUnwrap(r.batches(ofImage: "label").first).vertices[0].a, 255)
        host.pointer(.press(Point(10, 10)))
        host.draw(on: r)
        XCTAssertEqual(try XCTUnwrap(r.batches(ofImage: "label").first).vertices[0].a, 64)
        XCTAssertEqual(r.clearColor, .white)
    }
}
