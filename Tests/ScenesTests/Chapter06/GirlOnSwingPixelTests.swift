import Backend
import Foundation
import Stage
import XCTest
import ZoetropeHarness

/// Spec 02 §4.4 as pixels of the real headless render, with one-colour stand-ins for the pictures (the scene's own
/// `--assets` override): the order of the pieces where they overlap (check 6, and 5's "top-most"), the mask's alpha
/// ramp along the ropes (check 4), the knees and feet where the spec puts them (check 3), and the fixed canvas at
/// another window size.
@MainActor
final class GirlOnSwingPixelTests: ViewSceneTestCase {
    typealias RGB = (Int, Int, Int)

    func assertColor(at p: Point, _ rgb: RGB, tolerance: Int = 6, _ message: String,
                     file: StaticString = #filePath, line: UInt = #line) {
        let got = pixel(at: p)
        XCTAssert(abs(got.r - rgb.0) <= tolerance && abs(got.g - rgb.1) <= tolerance && abs(got.b - rgb.2) <= tolerance,
                  "\(message): pixel at \(p) is \(got), not \(rgb)", file: file, line: line)
    }

    /// Points of the viewport on a 2-pt grid.
    var grid: [Point] {
        stride(from: -193.0, through: 193, by: 2).flatMap { x in stride(from: -420.0, through: 420, by: 2).map { Point(x, $0) } }
    }

    /// Check 6 and check 5's "top-most": where two pieces overlap, the later one shows, at five moments of the swing.
    /// Each kind of overlap is sampled at up to 12 points spread over it.
    func testCheck6ZOrderAtOverlaps() async throws {
        try openWithStandIns("ch06-girl-on-swing")
        var seen: [String: Int] = [:]
        for t in [0, 0.59, 1.09, 1.4, 2.0] {
            h.advance(to: t)
            let s = SwingPose(at: t), ropes = [s.rightRope, s.leftRope], leaves = SwingPose.leaves
            func check(_ kind: String, _ points: [Point], _ colour: (Point) -> RGB) {
                let picked = points.enumerated().filter { $0.offset % max(1, points.count / 12) == 0 }.map(\.element)
                for p in picked { assertColor(at: p, colour(p), "\(kind) at t \(t)") }
                seen[kind, default: 0] += picked.count
            }
            let clearOfRopesAndLeaves = { (p: Point) in ropes.allSatisfy { $0.excludes(p) } && leaves.excludes(p) }
            check("girl over right leg", grid.filter {
                s.rightLeg.contains($0) && s.girl.contains($0) && s.leftLeg.excludes($0) && clearOfRopesAndLeaves($0)
            }) { _ in StandIns.girl }
            check("left leg over girl", grid.filter {
                s.leftLeg.contains($0) && s.girl.contains($0) && clearOfRopesAndLeaves($0)
            }) { _ in StandIns.leg }
            check("left leg over right leg", grid.filter {
                s.leftLeg.contains($0) && s.rightLeg.contains($0) && s.girl.excludes($0) && clearOfRopesAndLeaves($0)
            }) { _ in StandIns.leg }
            check("right leg over tree", grid.filter {
                s.rightLeg.contains($0) && s.girl.excludes($0) && s.leftLeg.excludes($0) && clearOfRopesAndLeaves($0)
            }) { _ in StandIns.leg }
            // (The ropes over the girl, where the leaves leave them bare, are checked with the mask's ramp.)
            for rope in ropes {
                check("leaves over rope", grid.filter { rope.contains($0, margin: 4) && leaves.contains($0) }) { _ in StandIns.leaves }
            }
            check("leaves over girl", grid.filter { s.girl.contains($0) && leaves.contains($0) }) { _ in StandIns.leaves }
        }
        for kind in ["girl over right leg", "left leg over girl", "right leg over tree", "leaves over rope"] {
            XCTAssertGreaterThan(seen[kind, default: 0], 0, "no overlap \(kind) was found")
        }
    }

    /// Check 4's alpha multiplier: 0 / 0.5 / 1 at the top / middle / bottom row, linear between, along the rope's own
    /// (turned) vertical, at both ends of the swing, over the tree and over the girl (so the ropes are above her).
    /// Without the leaves (figure 6.12), so the whole rope shows.
    func testCheck4TheMaskRampOnTheRopes() async throws {
        try openWithStandIns("ch06-girl-on-swing-no-leaves")
        for t in [0, 1.09] {
            h.advance(to: t)
            let s = SwingPose(at: t)
            for (name, rope, other) in [("right", s.rightRope, s.leftRope), ("left", s.leftRope, s.rightRope)] {
                var checked = 0, overGirl = 0
                for f in [0.04, 0.1, 0.25, 0.5, 0.75, 0.9, 0.96] {
                    // Three columns across the rope: a row's alpha is the same across it, however the rope is turned.
                    for x in [-24.0, -12, 0, 12, 24] {
                        let p = rope.point(Point(x, rope.ys.lowerBound + f * Swing.ropeSize.height))
                        guard other.excludes(p), s.leftLeg.excludes(p), s.rightLeg.excludes(p) else { continue }
                        let below: RGB
                        if s.girl.contains(p) { below = StandIns.girl; overGirl += 1 } else if s.girl.excludes(p) { below = StandIns.tree } else { continue }
                        assertColor(at: p, StandIns.blend(StandIns.rope, over: below, alpha: f), "\(name) rope, row \(f), column \(x), t \(t)")
                        checked += 1
                    }
                }
                XCTAssertGreaterThan(checked, 15, "\(name) rope")
                if name == "left" { XCTAssertGreaterThan(overGirl, 5, "the left rope's lower half is over the girl") }
                // Just above its top edge the tree shows; at its top row, almost only the tree.
                assertColor(at: rope.point(Point(0, rope.ys.lowerBound - 2)), StandIns.tree, "above the \(name) rope")
                assertColor(at: rope.point(Point(0, rope.ys.lowerBound + 0.6)), StandIns.tree, tolerance: 8, "the \(name) rope's top row")
            }
        }
        // The half-way row is half the rope's colour.
        let rope = SwingPose(at: 1.09).rightRope
        let mid = pixel(at: rope.point(Point(20, 0)))
        XCTAssertEqual(Double(mid.r - StandIns.tree.0) / Double(StandIns.rope.0 - StandIns.tree.0), 0.5, accuracy: 0.02)
    }

    /// Check 3 as pixels: the left leg's knee corner sits on the spec's knee (the leg inside it, the girl round it),
    /// and the right leg's foot corner lies where its knee and φR + θ put it.
    func testCheck3KneesAndFeetAsPixels() async throws {
        try openWithStandIns("ch06-girl-on-swing")
        let knees: [Double: Point] = [0: Point(93.0, 170.5), 1.09: Point(-70.7, 173.5)]
        for t in [0, 0.59, 1.09, 1.3] {
            h.advance(to: t)
            let s = SwingPose(at: t)
            let leg = knees[t].map { Piece.leg(knee: $0, angle: s.leftLeg.angle) } ?? s.leftLeg
            assertColor(at: leg.point(Point(-1.5, 1.5)), StandIns.leg, "inside the left knee at \(t)")
            for corner in [Point(1.5, 1.5), Point(-1.5, -1.5), Point(1.5, -1.5)] {
                let p = leg.point(corner)
                XCTAssertTrue(s.girl.contains(p), "the knee is on the girl")
                assertColor(at: p, StandIns.girl, "outside the left knee at \(t)")
            }
            // The right foot: the frame's bottom-left corner, left of the girl.
            let foot = s.rightLeg
            let inside = foot.point(Point(-Swing.legSize.width + 2, Swing.legSize.height - 2))
            let outside = foot.point(Point(-Swing.legSize.width - 2, Swing.legSize.height + 2))
            if s.girl.excludes(inside), s.leftLeg.excludes(inside) { assertColor(at: inside, StandIns.leg, "right foot at \(t)") }
            if s.girl.excludes(outside), s.leftLeg.excludes(outside) { assertColor(at: outside, StandIns.tree, "past the right foot at \(t)") }
        }
    }

    /// A window of another shape: the 390 × 844 canvas is scaled by 600/844, centred, with black bars; the pieces
    /// land where the scale puts them, and the timeline is the same.
    func testAtAnotherWindowSize() async throws {
        try openWithStandIns("ch06-girl-on-swing", size: Size(800, 600))
        let s = 600.0 / 844, mid = Point(400, 300)
        func window(_ p: Point) -> Point { Point(mid.x + s * p.x, mid.y + s * p.y) }
        func at(_ p: Point) -> (r: Int, g: Int, b: Int, a: Int) { pixel(window(p).x, window(p).y) }
        func assertAt(_ p: Point, _ rgb: RGB, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
            let got = at(p)
            XCTAssert(abs(got.r - rgb.0) <= 8 && abs(got.g - rgb.1) <= 8 && abs(got.b - rgb.2) <= 8,
                      "\(message): \(got) is not \(rgb)", file: file, line: line)
        }
        h.advance(to: 0.59)
        XCTAssertEqual(presented("swingGroup", "rotation"), -37.5, accuracy: 0.5)
        // Bars: the canvas spans x 400 ± 138.6, the full height.
        for y in [2.0, 300, 598] {
            for x in [2.0, 130, mid.x - 195 * s - 2, mid.x + 195 * s + 2, 670, 798] {
                let p = pixel(x, y)
                XCTAssertEqual(p.r + p.g + p.b, 0, "bar at (\(x), \(y))")
            }
            for x in [mid.x - 195 * s + 2, mid.x + 195 * s - 2] {
                let p = pixel(x, y)
                XCTAssertEqual(p.b, StandIns.tree.2, accuracy: 8, "the tree at the canvas edge (\(x), \(y))")
            }
        }
        let pose = SwingPose(at: 0.59)
        assertAt(pose.girl.origin, StandIns.girl, "the girl's centre")
        assertAt(Point(-46.5, -140.1), StandIns.leaves, "the leaves' centre")
        assertAt(pose.leftLeg.point(Point(-3, 3)), StandIns.leg, "inside the left knee")
        assertAt(pose.leftLeg.point(Point(3, -3)), StandIns.girl, "outside the left knee")
        // The leaves cover the ropes' middle at this angle.
        XCTAssertTrue(SwingPose.leaves.contains(pose.rightRope.origin))
        assertAt(pose.rightRope.origin, StandIns.leaves, "the leaves over the right rope")
        // The scene's own layout is the reference canvas whatever the window (probes are in canvas coordinates).
        let girl = probe("girl").drawn
        XCTAssertEqual(girl.midX - 195, 55.8, accuracy: 1)
        XCTAssertEqual(girl.midY - 422, 74.4, accuracy: 1)
    }
}
