import Stage
import XCTest

/// Spec 01 §2.2.10–§2.2.12: `ch2-scale-shape`, `ch2-scale-image`, `ch2-scale-anchor`.
final class ScaleShapeTests: ViewSceneTestCase {
    func testChecks1And2() throws {
        try open("ch2-scale-shape")
        let centre = probe("circle").drawn.center
        XCTAssertEqual(probe("circle").drawn.width, 150, accuracy: 0.01)
        let t0 = click("scaleButton", at: 0.5)
        XCTAssertEqual(presented("circle", "scale", at: t0 + 0.175), 0.55, accuracy: 0.01)
        XCTAssertEqual(presented("circle", "scale", at: t0 + 0.35), 0.1)
        let small = probe("circle").drawn
        XCTAssertEqual(small.width, 15, accuracy: 0.01)
        XCTAssertEqual(small.center.x, centre.x, accuracy: 0.01)
        XCTAssertEqual(small.center.y, centre.y, accuracy: 0.01)
        assertColor(pixel(centre.x, centre.y), SpecColor.green)
        assertColor(pixel(centre.x + 10, centre.y), SpecColor.white)
        let t1 = click("scaleButton", at: t0 + 1)
        XCTAssertEqual(presented("circle", "scale", at: t1 + 0.175), 0.55, accuracy: 0.01)
        XCTAssertEqual(presented("circle", "scale", at: t1 + 0.35), 1.0, accuracy: 1e-9)
        assertColor(pixel(centre.x + 70, centre.y), SpecColor.green)
    }

    func testCheck3TitleAtTopButtonAtBottom() throws {
        try open("ch2-scale-shape")
        XCTAssertEqual(probe("title").frame.minY, 0, accuracy: 2)
        XCTAssertEqual(probe("scaleButton").frame.maxY, 844, accuracy: 2)
        let circle = probe("circle").frame
        XCTAssertEqual(circle.width, 150, accuracy: 0.01)
        XCTAssertEqual(circle.midX, 195, accuracy: 0.5)
        XCTAssertEqual(circle.midY, 422, accuracy: 6, "close to C")
    }

    func testAtAnotherWindowSize() throws {
        try open("ch2-scale-shape", size: Size(844, 390))
        XCTAssertEqual(probe("title").frame.minY, 0, accuracy: 2)
        XCTAssertEqual(probe("scaleButton").frame.maxY, 390, accuracy: 2)
        let t0 = click("scaleButton", at: 0.5)
        XCTAssertEqual(presented("circle", "scale", at: t0 + 0.175), 0.55, accuracy: 0.01)
        XCTAssertEqual(probe("circle").drawn.width, 150 * 0.55, accuracy: 1.5)
    }
}

final class ScaleImageTests: ViewSceneTestCase {
    func testTimingsAndFixedCentre() throws {
        try open("ch2-scale-image")
        let bug = probe("bug").drawn
        XCTAssertEqual(bug.size, Size(150, 150))
        h.advance(to: 0.3)
        // The ladybug in its own colours (not tinted): a red shell between the spots, a black head.
        assertColor(pixel(bug.midX + 25, bug.midY + 20), SpecColor.red, tolerance: 30)
        assertColor(pixel(bug.midX, bug.midY - 35), (0, 0, 0), tolerance: 30)
        let t0 = click("scaleButton", at: 0.5)
        XCTAssertEqual(presented("bug", "scale", at: t0 + 0.175), 0.55, accuracy: 0.01)
        XCTAssertEqual(probe("bug").drawn.center.x, bug.center.x, accuracy: 0.01)
        XCTAssertEqual(probe("bug").drawn.center.y, bug.center.y, accuracy: 0.01)
        XCTAssertEqual(presented("bug", "scale", at: t0 + 0.35), 0.1)
        XCTAssertEqual(probe("bug").drawn.width, 15, accuracy: 0.01)
        XCTAssertEqual(probe("bug").drawn.center.y, bug.center.y, accuracy: 0.01)
        assertColor(pixel(bug.midX + 25, bug.midY + 20), SpecColor.white)
        let t1 = click("scaleButton", at: t0 + 1)
        XCTAssertEqual(presented("bug", "scale", at: t1 + 0.35), 1.0, accuracy: 1e-9)
    }

    func testLayout() throws {
        try open("ch2-scale-image")
        let title = probe("title").frame, bug = probe("bug").frame, button = probe("scaleButton").frame
        XCTAssertEqual(bug.minY - title.maxY, 8 + 10, accuracy: 0.01, "spacing and 10 pt padding")
        XCTAssertEqual(button.minY - bug.maxY, 10 + 8, accuracy: 0.01)
        XCTAssertEqual((title.minY + button.maxY) / 2, 422, accuracy: 0.5)
        XCTAssertEqual(bug.midX, 195, accuracy: 0.5)
    }

    func testAtAnotherWindowSize() throws {
        try open("ch2-scale-image", size: Size(844, 390))
        let bug = probe("bug").drawn
        XCTAssertEqual(bug.midX, 422, accuracy: 0.5)
        let t0 = click("scaleButton", at: 0.5)
        XCTAssertEqual(presented("bug", "scale", at: t0 + 0.175), 0.55, accuracy: 0.01)
        XCTAssertEqual(probe("bug").drawn.center.y, bug.center.y, accuracy: 0.01)
    }
}

/// (R, B) is the bottom-right corner of the heart's 150×125 frame; the scale anchor is bottomTrailing.
final class ScaleAnchorTests: ViewSceneTestCase {
    func testChecks1To4() throws {
        try open("ch2-scale-anchor")
        let frame = probe("heart").frame
        XCTAssertEqual(frame.size, Size(150, 125))
        XCTAssertEqual(probe("title").text, "SCALE FROM ANCHOR ")
        let (r, b) = (frame.maxX, frame.maxY)
        let t0 = click("scaleButton", at: 0.5)
        XCTAssertEqual(model("heart", "scale"), 0.2)
        for t in [0.05, 0.1, 0.175, 0.25, 0.3] {
            h.advance(to: t0 + t)
            if t == 0.175 { XCTAssertEqual(presented("heart", "scale"), 0.6, accuracy: 0.008) }
            let d = probe("heart").drawn
            XCTAssertEqual(d.maxX, r, accuracy: 1, "corner fixed at \(t)")
            XCTAssertEqual(d.maxY, b, accuracy: 1, "corner fixed at \(t)")
        }
        XCTAssertEqual(presented("heart", "scale", at: t0 + 0.35), 0.2)
        let d = probe("heart").drawn
        XCTAssertEqual(d.minX, r - 30, accuracy: 1)
        XCTAssertEqual(d.minY, b - 25, accuracy: 1)
        XCTAssertEqual(d.maxX, r, accuracy: 1)
        XCTAssertEqual(d.maxY, b, accuracy: 1)
        // The red heart is drawn inside that small box only.
        assertColor(pixel(r - 15, b - 12), SpecColor.red)
        assertColor(pixel(frame.midX, frame.midY), SpecColor.white)
        let t1 = click("scaleButton", at: t0 + 1)
        XCTAssertEqual(presented("heart", "scale", at: t1 + 0.35), 1, accuracy: 1e-9)
        assertColor(pixel(frame.midX, frame.midY), SpecColor.red)
    }

    func testAtAnotherWindowSize() throws {
        try open("ch2-scale-anchor", size: Size(500, 900))
        let frame = probe("heart").frame
        XCTAssertEqual(frame.midX, 250, accuracy: 0.5)
        let t0 = click("scaleButton", at: 0.5)
        h.advance(to: t0 + 0.35)
        let d = probe("heart").drawn
        XCTAssertEqual(d.minX, frame.maxX - 30, accuracy: 1)
        XCTAssertEqual(d.minY, frame.maxY - 25, accuracy: 1)
    }
}
