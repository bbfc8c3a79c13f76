import Backend
import Foundation
import Stage
import XCTest
import ZoetropeHarness

/// Spec 02 §4, `ch06-girl-on-swing`: the acceptance checks of §4.4 read from the probes (angles ±0.5°, positions
/// ±1 pt, in viewport-centre coordinates), the timelines frame by frame, and the real pictures' coverage and fade.
/// The pixel checks with stand-in pictures are in `GirlOnSwingPixelTests`.
@MainActor
final class GirlOnSwingTests: ViewSceneTestCase {
    let id = "ch06-girl-on-swing"

    func theta() -> Double { presented("swingGroup", "rotation") }
    func phiRight() -> Double { presented("rightLeg", "rotation") }
    func phiLeft() -> Double { presented("leftLeg", "rotation") }

    /// Check 1, in time order (the clock only moves forward).
    func testCheck1Angles() async throws {
        try open(id, render: false)
        let checks: [(t: Double, theta: Double?, right: Double?, left: Double?)] = [
            (0, -45, 50, 30), (0.59, -37.5, 15, 30), (1.09, -30, -20, nil), (1.2, nil, nil, -7.5), (1.4, nil, nil, -45),
            (1.68, -37.5, nil, nil), (2.18, -45, 50, nil), (2.3, nil, nil, -45), (2.6, nil, nil, -7.5),
            (2.8, nil, nil, 30), (3.5, nil, nil, 30),
        ]
        for c in checks {
            h.advance(to: c.t)
            if let v = c.theta { XCTAssertEqual(theta(), v, accuracy: 0.5, "θ at \(c.t)") }
            if let v = c.right { XCTAssertEqual(phiRight(), v, accuracy: 0.5, "φR at \(c.t)") }
            if let v = c.left { XCTAssertEqual(phiLeft(), v, accuracy: 0.5, "φL at \(c.t)") }
        }
    }

    /// θ and φR share one clock (period 2.18 s), φL has its own (period 2.8 s): frame by frame for 6 s against §1.4's
    /// closed form, holds included.
    func testTimelinesFrameByFrame() async throws {
        try open(id, render: false)
        for frame in 0...360 {
            let t = Double(frame) / 60
            h.advance(to: t)
            XCTAssertEqual(theta(), Swing.theta(t), accuracy: 1e-3, "θ at \(t)")
            XCTAssertEqual(phiRight(), Swing.phiRight(t), accuracy: 1e-3, "φR at \(t)")
            XCTAssertEqual(phiLeft(), Swing.phiLeft(t), accuracy: 1e-3, "φL at \(t)")
        }
        // The holds: 0.09 s at each end of the swing, 1 s at each end of the left kick.
        XCTAssertEqual(Swing.theta(1.09 + 0.09), -30, accuracy: 1e-9)
        XCTAssertEqual(Swing.phiLeft(1.4 + 0.99), -45, accuracy: 1e-9)
    }

    /// Check 2: the girl's centre and her turned 218.2 × 225 box at the three swing angles.
    func testCheck2GirlImage() async throws {
        try open(id, render: false)
        for (t, th, c) in [(0.0, -45.0, Point(123.7, 62.7)), (0.59, -37.5, Point(55.8, 74.4)), (1.09, -30.0, Point(-13.2, 77.2))] {
            h.advance(to: t)
            XCTAssertEqual(theta(), th, accuracy: 0.5)
            let b = drawnBox("girl")
            XCTAssertEqual((b.minX + b.maxX) / 2, c.x, accuracy: 1, "centre x at θ \(th)")
            XCTAssertEqual((b.minY + b.maxY) / 2, c.y, accuracy: 1, "centre y at θ \(th)")
            assertBox("girl", Piece.centred(c, Size(218.2, 225.0), angle: th).box, "at θ \(th)")
            XCTAssertEqual(presented("girl", "scale"), 0.25)
        }
    }

    /// Check 3: each leg's drawn box is the 114 × 70.83 frame hung from the spec's knee and turned by φ + θ.
    func testCheck3Knees() async throws {
        try open(id, render: false)
        let right: [(Double, Point)] = [(0, Point(99.4, 167.0)), (0.59, Point(18.0, 174.7)), (1.09, Point(-63.7, 171.7))]
        let left: [Double: Point] = [0: Point(93.0, 170.5), 1.09: Point(-70.7, 173.5)]
        for (t, knee) in right {
            h.advance(to: t)
            // The spec's knees are where the group transform puts the girl's knees.
            XCTAssertEqual(Swing.screen(Swing.rightKnee, theta: theta()).x, knee.x, accuracy: 0.1)
            XCTAssertEqual(Swing.screen(Swing.rightKnee, theta: theta()).y, knee.y, accuracy: 0.1)
            assertBox("rightLeg", Piece.leg(knee: knee, angle: theta() + phiRight()).box, "at \(t)")
            if let k = left[t] { assertBox("leftLeg", Piece.leg(knee: k, angle: theta() + phiLeft()).box, "at \(t)") }
        }
        // The legs keep their knees however they kick: the left one through its whole kick at the far end.
        for t in stride(from: 1.1, through: 1.4, by: 0.05) {
            h.advance(to: t)
            let knee = Swing.screen(Swing.leftKnee, theta: theta())
            assertBox("leftLeg", Piece.leg(knee: knee, angle: theta() + phiLeft()).box, "at \(t)")
        }
    }

    /// Check 4 (positions): the rope extensions' centres and their turned 57 × 62.36 boxes.
    func testCheck4RopeExtensions() async throws {
        try open(id, render: false)
        let expected: [(Double, Point, Point)] = [(0, Point(131.5, -86.5), Point(98.3, -64.6)),
                                                  (1.09, Point(33.0, -64.9), Point(-4.8, -52.3))]
        for (t, r, l) in expected {
            h.advance(to: t)
            assertBox("rightRopeExtension", Piece.centred(r, Swing.ropeSize, angle: theta()).box, "at \(t)")
            assertBox("leftRopeExtension", Piece.centred(l, Swing.ropeSize, angle: theta()).box, "at \(t)")
        }
    }

    /// Check 5: the leaves stay put, tilted −10°, with the spec's corners; they are the last thing drawn.
    func testCheck5LeavesAreStaticAndOnTop() async throws {
        try open(id, render: false)
        for t in [0, 0.59, 1.4, 2.3] {
            h.advance(to: t)
            XCTAssertEqual(presented("leaves", "rotation"), -10, accuracy: 1e-9)
            assertBox("leaves", (-298.9, 205.9, -326.9, 46.7), "at \(t)")
            let b = drawnBox("leaves")
            XCTAssertEqual((b.minX + b.maxX) / 2, -46.5, accuracy: 1)
            XCTAssertEqual((b.minY + b.maxY) / 2, -140.1, accuracy: 1)
        }
        XCTAssertEqual(h.probeAll().last?.name, "leaves")
    }

    /// Check 6 (order): the tree, then the swing group holding right leg < girl < left leg < ropes, then the leaves.
    func testCheck6DrawingOrder() async throws {
        try open(id, render: false)
        XCTAssertEqual(h.probeAll().map(\.name), ["tree", "swingGroup", "rightLeg", "girl", "leftLeg", "rightRopeExtension",
                                                  "leftRopeExtension", "leaves"])
    }

    /// Check 7: the tree is stretched to 550 × 900 round the centre and, with the real picture, no pixel of the
    /// canvas is left black.
    func testCheck7TheTreeCoversTheScreen() async throws {
        try open(id)
        assertBox("tree", (-275, 275, -450, 450))
        for x in stride(from: 0.5, to: 390, by: 48.5) {
            for y in [0.5, 211.0, 422.0, 633.0, 843.5] {
                let p = pixel(x, y)
                XCTAssertGreaterThan(max(p.r, p.g, p.b), 40, "(\(x), \(y)) is covered")
            }
        }
    }

    /// The mask with the real rope: over the same background (the scene without the ropes) the rope vanishes at its
    /// top and shows fully at its bottom; the visible difference grows along the rope.
    func testTheRealRopeFadesOutUpwards() async throws {
        func render(_ id: String) throws -> Framebuffer? {
            try open(id)
            h.advance(to: 0.59)
            return h.capture()
        }
        let with = try XCTUnwrap(render("ch06-girl-on-swing-no-leaves"))
        let without = try XCTUnwrap(render("ch06-girl-on-swing-no-ropes"))
        let rope = SwingPose(at: 0.59).rightRope
        // Along the rope's axis in the picture: from (16, 308) to (266, 3) of 298 × 326 px.
        func difference(atRow f: Double) -> Int {
            let px = Point(16 + 250 * (308 - 326 * f) / 305, 326 * f)
            let l = Point(px.x * Swing.ropeSize.width / 298 - Swing.ropeSize.width / 2,
                          px.y * Swing.ropeSize.height / 326 - Swing.ropeSize.height / 2)
            let p = rope.point(l)
            let a = with.pixel(Int(centre.x + p.x), Int(centre.y + p.y)), b = without.pixel(Int(centre.x + p.x), Int(centre.y + p.y))
            return abs(a.r - b.r) + abs(a.g - b.g) + abs(a.b - b.b)
        }
        let top = difference(atRow: 0.03), middle = difference(atRow: 0.5), bottom = difference(atRow: 0.7)
        XCTAssertLessThan(top, 30, "3 % down, the rope hardly shows")
        XCTAssertGreaterThan(bottom, 150, "70 % down, the rope shows")
        XCTAssertGreaterThan(middle, bottom / 4)
        XCTAssertLessThan(middle, bottom)
    }
}
