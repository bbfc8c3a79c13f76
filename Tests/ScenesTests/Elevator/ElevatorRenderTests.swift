import Backend
import Player
import Stage
import XCTest
import ZoetropeHarness
import ZoetropeTestSupport

/// The real SDL renderer (software, headless) draws the elevator at 393×759; pixels prove where the doors are.
@MainActor
final class ElevatorRenderTests: XCTestCase {
    let button = (x: 393.0 / 33, y: 379.5)

    /// manFour's magenta shirt and manThree's yellow crate are visible only with the doors open.
    func peopleVisible(_ fb: Framebuffer) -> Bool {
        let shirt = fb.pixel(115, 420), crate = fb.pixel(290, 530)
        let magenta = shirt.r > 150 && shirt.g < 90 && shirt.b > 90
        let yellow = crate.r > 200 && crate.g > 170 && crate.r - crate.b > 80
        return magenta && yellow
    }

    /// Brushed steel: a neutral grey on both doors.
    func doorsClosed(_ fb: Framebuffer) -> Bool {
        [(115, 420), (290, 530), (100, 650), (300, 200)].allSatisfy { x, y in
            let p = fb.pixel(x, y)
            return abs(p.r - p.g) < 20 && abs(p.g - p.b) < 25 && p.r > 70
        }
    }

    func testDoorsClosedOpenClosedOpen() async throws {
        let h = try Harness(scene: "elevator", size: Size(393, 759), render: true)
        h.advance(to: 0.2)
        var fb = try XCTUnwrap(h.capture())
        XCTAssertEqual(fb.width, 393); XCTAssertEqual(fb.height, 759)
        XCTAssertTrue(doorsClosed(fb), "closed at t=0.2")
        XCTAssertFalse(peopleVisible(fb))

        h.click(button.x, button.y)          // click 1 at 0.2
        h.advance(to: 4.7)                   // 4.5 s after the click
        fb = try XCTUnwrap(h.capture())
        XCTAssertTrue(peopleVisible(fb), "open 4.5 s after the first click")
        try? fb.savePNG(to: E2E.outputDirectory.appendingPathComponent("harness-elevator-open.png"))

        h.click(button.x, button.y)          // ride at 4.7
        h.advance(to: 4.7 + 6)
        fb = try XCTUnwrap(h.capture())
        XCTAssertTrue(doorsClosed(fb), "closed during the ride")
        XCTAssertFalse(peopleVisible(fb))

        h.advance(to: 4.7 + 8 + 4.5)
        fb = try XCTUnwrap(h.capture())
        XCTAssertTrue(peopleVisible(fb), "open again after 8 s")
    }

    func testCallButtonAndIndicatorPixels() async throws {
        let h = try Harness(scene: "elevator", size: Size(393, 759), render: true)
        var fb = try XCTUnwrap(h.capture())
        // Closed: black centre, red ring at radius ≈ 5.
        let c = fb.pixel(Int(button.x), Int(button.y))
        XCTAssertLessThan(c.r + c.g + c.b, 60)
        let ring = (0..<16).map { i -> (r: Int, g: Int, b: Int, a: Int) in
            let a = Double(i) / 16 * 2 * .pi
            return fb.pixel(Int((button.x + 5 * cos(a)).rounded()), Int((button.y + 5 * sin(a)).rounded()))
        }
        XCTAssertTrue(ring.contains { $0.r > 150 && $0.g < 90 }, "a red ring pixel at radius 5")
        // Both indicators dim: dark rings over the steel header.
        h.click(button.x, button.y)
        h.advance(by: 0.25)   // past the 0.2-s fade of the pressed look
        fb = try XCTUnwrap(h.capture())
        let centre = fb.pixel(Int(button.x), Int(button.y))
        XCTAssertGreaterThan(centre.r + centre.g + centre.b, 600, "white centre while the doors are open")
        // ① lit red: its ring crosses x = 196.5 − 16.5 − 11 at the row's centre line.
        let ringPixels = (160...172).map { fb.pixel($0, 17) }
        XCTAssertTrue(ringPixels.contains { $0.r > 180 && $0.g < 110 && $0.b < 110 }, "① is red")
        let other = (210...232).map { fb.pixel($0, 17) }
        XCTAssertFalse(other.contains { $0.r > 180 && $0.g < 110 }, "② is not red")
    }
}
