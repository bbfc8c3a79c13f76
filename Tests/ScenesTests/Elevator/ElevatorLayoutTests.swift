import Player
import Scenes
import Stage
import XCTest
import ZoetropeHarness

/// Layout formulas (spec 04 §1.3) at the reference size and after a resize, from the recorded draw batches.
final class ElevatorLayoutTests: XCTestCase {
    func testPeopleAtTheReferenceSize() throws {
        let h = try Harness(scene: "elevator", size: Size(393, 759))
        // Image sizes of our art: the same aspect ratios as the originals.
        func drawn(_ name: String) -> Rect? { h.batches.first { $0.texture == .image(name) }?.bounds }
        let manOne = try XCTUnwrap(drawn("manOne"))
        XCTAssertEqual(manOne.minX, 24.7, accuracy: 2); XCTAssertEqual(manOne.maxX, 168.3, accuracy: 2)
        XCTAssertEqual(manOne.minY, 250, accuracy: 2); XCTAssertEqual(manOne.maxY, 709, accuracy: 2)
        let manThree = try XCTUnwrap(drawn("manThree"))
        XCTAssertEqual(manThree.minX, 130, accuracy: 2); XCTAssertEqual(manThree.maxX, 423, accuracy: 2)
        XCTAssertEqual(manThree.minY, 266.7, accuracy: 2); XCTAssertEqual(manThree.maxY, 752.3, accuracy: 2)
        let manFour = try XCTUnwrap(drawn("manFour"))
        XCTAssertEqual(manFour.minX, 16.9, accuracy: 2); XCTAssertEqual(manFour.maxX, 216.1, accuracy: 2)
        // manTwo is turned 20° about the vertical axis: its corners land where spec 04 §1.3 says.
        let manTwo = try XCTUnwrap(h.batches.first { $0.texture == .image("manTwo") })
        let v = manTwo.vertices
        let corners = [v.first!, v[16], v[v.count - 17], v.last!].map { Point(Double($0.x), Double($0.y)) }
        let expected = [Point(123.0, 230.3), Point(370.2, 229.4), Point(123.0, 672.5), Point(370.2, 761.6)]
        for (c, e) in zip(corners, expected) {
            XCTAssertEqual(c.x, e.x, accuracy: 2); XCTAssertEqual(c.y, e.y, accuracy: 2)
        }
    }

    func testShadowsSitUnderEachPerson() throws {
        let h = try Harness(scene: "elevator", size: Size(393, 759))
        for name in ["manOne", "manTwo", "manThree", "manFour"] {
            let i = try XCTUnwrap(h.batches.firstIndex { $0.texture == .image(name) })
            guard case let .shadow(image, sigma)? = h.batches[i - 1].texture else { return XCTFail("no shadow under \(name)") }
            XCTAssertEqual(image, name)
            XCTAssertGreaterThan(sigma, 25, "σ = 30 pt in image pixels")
            XCTAssertEqual(h.batches[i - 1].vertices.first?.a, 255, "black at alpha 1")
        }
    }

    func testDoorsFollowTheWindowWidth() throws {
        let h = try Harness(scene: "elevator", size: Size(393, 759))
        h.click(393.0 / 33, 379.5)
        h.advance(to: 5)
        XCTAssertEqual(h.property("leftDoor.offset.x")!.presented, -196.5, accuracy: 1e-9)
        h.session.size = Size(600, 500)
        h.advance(by: 1.0 / 60)
        XCTAssertEqual(h.property("leftDoor.offset.x")!.presented, -300, accuracy: 1e-9)
        XCTAssertEqual(h.probe("rightDoor")!.frame, Rect(x: 304, y: 0, width: 296, height: 500))
        XCTAssertEqual(h.probe("callButton")!.frame.center, Point(600.0 / 33, 250))
        // The new button place is live: clicking it rides the car.
        h.click(600.0 / 33, 250)
        h.advance(by: 0.6)
        XCTAssertEqual(h.sounds.starts(of: "doorsOpenClose").count, 2)
    }

    func testTinyWindowClampsWithoutCrashing() throws {
        let h = try Harness(scene: "elevator", size: Size(120, 90))
        XCTAssertEqual(h.probe("manOne")!.frame.size, Size(0, 0))
        h.advance(by: 0.1)
    }
}
