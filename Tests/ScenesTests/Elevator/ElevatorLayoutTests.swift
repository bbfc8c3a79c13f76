import Player
import Scenes
import Stage
import XCTest
import ZoetropeHarness

/// Layout formulas (spec 04 §1.3) at the reference size and after a resize, from the recorded draw batches.
@MainActor
final class ElevatorLayoutTests: XCTestCase {
    func testPeopleAtTheReferenceSize() async throws {
        let h = try Harness(scene: "elevator", size: Size(393, 759))
        // Image sizes of our art: the same aspect ratios as the originals.
        func drawn(_ name: String) -> Rect? { h.batches.first { $0.texture == .image(name) }?.bounds }
        let manOne = try XCTUnwrap(drawn("manOne"))
        // Check 8: manOne's image rectangle ±1; the table's other boxes (to 0.1 pt) with the same tolerance.
        XCTAssertEqual(manOne.minX, 24.7, accuracy: 1); XCTAssertEqual(manOne.maxX, 168.3, accuracy: 1)
        XCTAssertEqual(manOne.minY, 250, accuracy: 1); XCTAssertEqual(manOne.maxY, 709, accuracy: 1)
        let manThree = try XCTUnwrap(drawn("manThree"))
        XCTAssertEqual(manThree.minX, 130, accuracy: 1); XCTAssertEqual(manThree.maxX, 423, accuracy: 1)
        XCTAssertEqual(manThree.minY, 266.7, accuracy: 1); XCTAssertEqual(manThree.maxY, 752.3, accuracy: 1)
        let manFour = try XCTUnwrap(drawn("manFour"))
        XCTAssertEqual(manFour.minX, 16.9, accuracy: 1); XCTAssertEqual(manFour.maxX, 216.1, accuracy: 1)
        XCTAssertEqual(manFour.minY, 265, accuracy: 1); XCTAssertEqual(manFour.maxY, 744, accuracy: 1)
        // manTwo is turned 20° about the vertical axis: its corners land where spec 04 §1.3 says.
        let manTwo = try XCTUnwrap(h.batches.first { $0.texture == .image("manTwo") })
        let v = manTwo.vertices
        let side = Int(Double(v.count).squareRoot().rounded())   // vertices a side of its grid (Homography.gridCells)
        let corners = [v.first!, v[side - 1], v[v.count - side], v.last!].map { Point(Double($0.x), Double($0.y)) }
        let expected = [Point(123.0, 230.3), Point(370.2, 229.4), Point(123.0, 672.5), Point(370.2, 761.6)]
        for (c, e) in zip(corners, expected) {
            XCTAssertEqual(c.x, e.x, accuracy: 1); XCTAssertEqual(c.y, e.y, accuracy: 1)
        }
    }

    /// Each person's shadow (04 §1.3: black, radius 30, offset (5, 5)) is drawn right beneath it: a Gaussian of
    /// σ = 30 pt (README §3.9), in image pixels 30 · image width / drawn width (to the half pixel), its quad the
    /// image's moved by (5, 5). manTwo's quad is turned with it, so only its σ is checked.
    func testShadowsSitUnderEachPerson() async throws {
        let h = try Harness(scene: "elevator", size: Size(393, 759))
        let assets = AssetResolver(roots: AssetResolver.bundledRoot().map { [$0] } ?? [])
        // Drawn widths at the reference size (04 §1.3, people table; on the pixel grid each is within a pixel).
        for (name, drawnWidth) in [("manOne", 143.7), ("manTwo", 245.8), ("manThree", 293.0), ("manFour", 199.3)] {
            let i = try XCTUnwrap(h.batches.firstIndex { $0.texture == .image(name) })
            guard case let .shadow(image, sigma)? = h.batches[i - 1].texture else { return XCTFail("no shadow under \(name)") }
            XCTAssertEqual(image, name)
            let pixels = try XCTUnwrap(assets.imageURL(named: name).flatMap(ImageHeader.size(of:))).width
            // σ is kept to the half image pixel; the drawn width is the formula's to a pixel.
            XCTAssertEqual(sigma, 30 * pixels / drawnWidth, accuracy: 0.25 + 30 * pixels / (drawnWidth * (drawnWidth - 1)),
                           "\(name): σ = 30 pt in image pixels")
            XCTAssertTrue(h.batches[i - 1].vertices.allSatisfy { $0.r == 0 && $0.g == 0 && $0.b == 0 && $0.a == 255 },
                          "\(name): black at alpha 1")
            guard name != "manTwo" else { continue }
            let person = h.batches[i].bounds, shadow = h.batches[i - 1].bounds
            XCTAssertEqual(shadow.midX - person.midX, 5, accuracy: 0.01, "\(name): x offset 5")
            XCTAssertEqual(shadow.midY - person.midY, 5, accuracy: 0.01, "\(name): y offset 5")
        }
    }

    /// 04 §1.12 check 8: manFour over manThree, the door frame over the doors, the button and indicators over the
    /// frame, in the order drawn.
    func testCheck8DrawingOrder() async throws {
        let h = try Harness(scene: "elevator", size: Size(393, 759))
        func index(_ what: String, _ test: (TextureSource?) -> Bool) throws -> Int {
            try XCTUnwrap(h.batches.firstIndex { test($0.texture) }, "no batch for \(what)")
        }
        func image(_ name: String) throws -> Int { try index(name) { $0 == .image(name) } }
        func digit(_ d: String) throws -> Int { try index("indicator \(d)") { if case .text(d, _)? = $0 { true } else { false } } }
        XCTAssertLessThan(try image("manThree"), try image("manFour"))
        let frame = try image("doorFrame")
        XCTAssertLessThan(try image("leftDoor"), frame)
        XCTAssertLessThan(try image("rightDoor"), frame)
        XCTAssertLessThan(frame, try digit("1"))
        XCTAssertLessThan(frame, try digit("2"))
        // The button: its black disc and red ring are untextured batches around (W/33, H/2) after the frame.
        let centre = Point(393.0 / 33, 759.0 / 2)
        let button = h.batches.indices.filter {
            h.batches[$0].texture == nil && h.batches[$0].bounds.contains(centre) && h.batches[$0].bounds.width < 30
        }
        XCTAssertFalse(button.isEmpty, "the button is drawn")
        XCTAssertTrue(button.allSatisfy { $0 > frame }, "the button over the frame: \(button) vs \(frame)")
    }

    func testDoorsFollowTheWindowWidth() async throws {
        let h = try Harness(scene: "elevator", size: Size(393, 759))
        h.click(393.0 / 33, 379.5)
        h.advance(to: 5)
        XCTAssertEqual(h.property("leftDoor.offset.x")!.presented, -196.5, accuracy: 1e-9)
        h.session.size = Size(600, 500)
        h.advance(by: 1.0 / 60)
        XCTAssertEqual(h.property("leftDoor.offset.x")!.presented, -300, accuracy: 1e-9)
        XCTAssertEqual(h.probe("rightDoor")!.frame, Rect(x: 304, y: 0, width: 296, height: 500))
        XCTAssertEqual(h.probe("callButton")!.frame.midX, 600.0 / 33, accuracy: 0.5, "W / 33, on the pixel grid")
        XCTAssertEqual(h.probe("callButton")!.frame.midY, 250)
        // The new button place is live: clicking it rides the car.
        h.click(600.0 / 33, 250)
        h.advance(by: 0.6)
        XCTAssertEqual(h.sounds.starts(of: "doorsOpenClose").count, 2)
    }

    /// A window smaller than the formulas' margins: each frame is its formula clamped at 0 (04 §1.3), the doors
    /// and the button follow W and H, and a click still rides the car.
    func testTinyWindowClampsTheFormulas() async throws {
        let h = try Harness(scene: "elevator", size: Size(120, 90))
        XCTAssertEqual(h.probe("manOne")!.frame.size, Size(0, 0), "(W − 200) × (H − 300) clamped")
        XCTAssertEqual(h.probe("manThree")!.frame.size.height, 0, "H − 250 clamped")
        XCTAssertEqual(h.probe("leftDoor")!.frame.width, (120 - 8) / 2, "(W − 8) / 2")
        XCTAssertEqual(h.probe("leftDoor")!.frame.height, 90)
        XCTAssertEqual(h.probe("callButton")!.frame.center.x, 120.0 / 33, accuracy: 0.5, "W / 33")
        XCTAssertEqual(h.probe("callButton")!.frame.center.y, 45, accuracy: 0.5, "H / 2")
        h.click(120.0 / 33, 45)
        h.advance(to: 5)
        XCTAssertEqual(h.property("leftDoor.offset.x")!.presented, -60, accuracy: 1e-9, "open: −W/2")
    }
}
