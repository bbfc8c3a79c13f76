import XCTest
@testable import Stage
import ZoetropeTestSupport

/// Pointer routing among Stage nodes (what node scenes such as Magic Wand's drag area rely on): the topmost
/// interactive node under the pointer gets the press, through its own and its parents' transforms, and a fixed
/// canvas maps window points to scene points. (The push button that used to be tested here is `Views.Button`'s now.)
@MainActor
final class NodeHitTestTests: XCTestCase {
    private var host: SceneHost!
    private var scene: BareScene!
    private var log: [String] = []

    override func setUp() async throws {
        (host, scene) = makeHost(BareScene.self, window: Size(400, 300))
        log = []
    }

    @discardableResult
    private func addButton(_ name: String, _ frame: Rect, to parent: Node? = nil) -> TapNode {
        let b = TapNode(name: name, frame: frame) { [unowned self] in self.log.append(name) }
        (parent ?? scene.root).add(b)
        return b
    }

    private func click(_ p: Point, releaseAt q: Point? = nil) {
        host.pointer(.press(p))
        host.pointer(.release(q ?? p))
    }

    func testTopmostInteractiveWins() async {
        addButton("below", Rect(x: 0, y: 0, width: 100, height: 100))
        let above = addButton("above", Rect(x: 50, y: 50, width: 100, height: 100))
        click(Point(75, 75))
        XCTAssertEqual(log, ["above"])
        click(Point(25, 25))
        XCTAssertEqual(log, ["above", "below"])
        // Hidden or switched-off nodes on top do not take the press.
        above.isHidden = true
        click(Point(75, 75))
        XCTAssertEqual(log, ["above", "below", "below"])
        above.isHidden = false; above.isOn = false
        click(Point(75, 75))
        XCTAssertEqual(log, ["above", "below", "below", "below"])
    }

    func testANodeInsideALaterGroupIsOnTopOfAnEarlierOne() async {
        addButton("first", Rect(x: 0, y: 0, width: 100, height: 100))
        let group = Node(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        scene.root.add(group)
        addButton("nested", Rect(x: 40, y: 40, width: 20, height: 20), to: group)
        click(Point(50, 50))
        XCTAssertEqual(log, ["nested"])
        XCTAssertTrue(host.topmostInteractive(at: Point(10, 10), in: scene.root)?.name == "first")
        XCTAssertNil(host.topmostInteractive(at: Point(300, 250), in: scene.root))
    }

    func testTransformsMoveTheHitArea() async {
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

    func testParentTransformsMoveTheHitArea() async {
        let group = Node(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        group.transforms = [.offset(200, 0)]
        scene.root.add(group)
        addButton("child", Rect(x: 0, y: 0, width: 40, height: 40), to: group)
        click(Point(20, 20))
        XCTAssertEqual(log, [])
        click(Point(220, 20))
        XCTAssertEqual(log, ["child"])
    }

    func testFixedCanvasMapsWindowPointsToScenePoints() async throws {
        // 200×100 canvas in a 400×400 window: scale 2, bars of 100 above and below.
        let (canvasHost, canvas) = makeHost(CanvasScene.self, window: Size(400, 400))
        var hits = 0
        canvas.root.add(TapNode(frame: Rect(x: 0, y: 0, width: 50, height: 50)) { hits += 1 })
        canvasHost.pointer(.press(Point(50, 50))); canvasHost.pointer(.release(Point(50, 50)))
        XCTAssertEqual(hits, 0, "in the black bar")
        canvasHost.pointer(.press(Point(90, 190))); canvasHost.pointer(.release(Point(90, 190)))
        XCTAssertEqual(hits, 1)
        canvasHost.pointer(.press(Point(110, 150))); canvasHost.pointer(.release(Point(110, 150)))
        XCTAssertEqual(hits, 1, "scene x 55 is right of the button")
        let p = canvasHost.sceneToWindow.apply(Point(200, 100))
        assertPoint(p, 400, 300)
    }
}

/// A node that reports a press released inside it; `isOn` false makes it take no input.
@MainActor
final class TapNode: Node {
    var isOn = true
    private let action: () -> Void
    private var pressed = false

    init(name: String? = nil, frame: Rect, action: @escaping () -> Void) {
        self.action = action
        super.init(name: name, frame: frame)
    }

    override var isInteractive: Bool { isOn }
    override func pointerPressed(at point: Point, time: Double) { pressed = true }
    override func pointerReleased(at point: Point, inside: Bool, time: Double) {
        if pressed && inside { action() }
        pressed = false
    }
    override func pointerCancelled(time: Double) { pressed = false }
}
