import Stage
import XCTest

/// The optional scenes of spec 02 §4.3 (the book's build-up, figures 6.11 and 6.12) and §7 (the sample project's
/// filled leaves): the same swing, with pieces left out or the leaves larger.
@MainActor
final class GirlOnSwingVariantTests: ViewSceneTestCase {
    func names() -> [String] { h.probeAll().map(\.name) }

    func testFigure6_11TheSwingAlone() async throws {
        try open("ch06-girl-on-swing-no-ropes", render: false)
        XCTAssertEqual(names(), ["tree", "swingGroup", "rightLeg", "girl", "leftLeg"])
        h.advance(to: 0.59)
        XCTAssertEqual(presented("swingGroup", "rotation"), -37.5, accuracy: 0.5)
    }

    func testFigure6_12RopesWithoutLeaves() async throws {
        try open("ch06-girl-on-swing-no-leaves", render: false)
        XCTAssertEqual(names(), ["tree", "swingGroup", "rightLeg", "girl", "leftLeg", "rightRopeExtension", "leftRopeExtension"])
        h.advance(to: 1.09)
        assertBox("rightRopeExtension", Piece.centred(Point(33.0, -64.9), Swing.ropeSize, angle: -30).box)
    }

    /// Source variant: `.fill` makes the leaves 616.92 × 400, overflowing their 460-wide frame unclipped; the frame,
    /// and so the tilt's anchor and the centre, stay where the book has them.
    func testSourceVariantFillsTheLeaves() async throws {
        try open("ch06-girl-on-swing-source", render: false)
        let leaves = probe("leaves")
        XCTAssertEqual(leaves.frame.width, 460, accuracy: 0.01)
        XCTAssertEqual(leaves.frame.height, 400, accuracy: 0.01)
        assertBox("leaves", Piece.centred(Point(-46.5, -140.1), Size(400.0 * 620 / 402, 400), angle: -10).box)
    }
}
