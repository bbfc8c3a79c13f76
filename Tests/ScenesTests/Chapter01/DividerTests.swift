import Stage
import XCTest

/// Spec 01 §2.1.12–§2.1.14.
@MainActor
final class DividerTests: ViewSceneTestCase {
    private func child(_ n: String) -> String { "Hi, I'm child \(n) in this vertical stack" }

    func testBlackBackedDividerBetweenTextsFourAndFive() async throws {
        for size in [Size(390, 844), Size(844, 390), Size(844, 600), Size(700, 500), Size(1280, 800)] {
            try open("ch1-divider-horizontal", size: size)
            let divider = probe("divider").frame, four = text(child("four")), five = text(child("five"))
            XCTAssertEqual(divider.minY - four.maxY, 10, accuracy: 1, "gap above")
            XCTAssertEqual(five.minY - divider.maxY, 10, accuracy: 1, "gap below")
            XCTAssertEqual(divider.height, 1, accuracy: 0.01, "1 pt tall")
            XCTAssertEqual(divider.minX, 16, accuracy: 0.01)
            XCTAssertEqual(divider.maxX, size.width - 16, accuracy: 0.01, "horizontally flexible: W − 16")
            XCTAssertEqual(divider.minY, divider.minY.rounded(), "on a whole pixel row, so it can be drawn crisp")
        }
    }

    func testAlmostBlackLineSpansXSixteenToWMinusSixteen() async throws {
        for size in [Size(390, 844), Size(844, 390), Size(844, 600), Size(700, 500), Size(1280, 800)] {
            try open("ch1-divider-horizontal", size: size)
            let fb = h.capture()!
            let y = Int(probe("divider").frame.minY), w = Int(size.width)
            assertNotHalfCovered(fb.rgb(w / 2, y - 1), color: (17, 17, 19), "the row above the divider at \(size)")
            assertNotHalfCovered(fb.rgb(w / 2, y + 1), color: (17, 17, 19), "the row below the divider at \(size)")
            let dark = (16..<(w - 16)).filter { let p = fb.rgb($0, y); return p.r < 40 && p.g < 40 && p.b < 40 }
            XCTAssertEqual(dark.count, w - 32, "almost black (all channels < 40) from x 16 to W − 16 on row \(y)")
            XCTAssert(near(fb.rgb(15, y), Ch1.white) && near(fb.rgb(w - 16, y), Ch1.white), "the line stops at the padding")
            XCTAssert(near(fb.rgb(w / 2, y - 1), Ch1.white) && near(fb.rgb(w / 2, y + 1), Ch1.white), "one pixel tall")
        }
    }

    func testVerticalBars() async throws {
        try open("ch1-divider-vertical")
        let fb = h.capture()!
        let one = text(child("one")), bar1Slot = probe("bar1").frame, bar2Slot = probe("bar2").frame
        let blue = { (p: RGB) in near(p, Ch1.blue) }
        let bar1 = fb.inkBox(in: bar1Slot.insetBy(dx: -6, dy: -6), where: blue)!
        XCTAssertEqual(bar1.width, 3, accuracy: 1)
        XCTAssertEqual(bar1.height, 200, accuracy: 1)
        XCTAssertEqual(bar1.minX, one.minX, accuracy: 1, "at the texts' left edge")
        let bar2 = fb.inkBox(in: bar2Slot.offsetBy(dx: 300, dy: 0).insetBy(dx: -6, dy: -6), where: blue)!
        XCTAssertEqual(bar2.width, 3, accuracy: 1)
        XCTAssertEqual(bar2.height, 200, accuracy: 1)
        XCTAssertEqual(bar2.minX, bar1.minX + 300, accuracy: 1)
        XCTAssertEqual(bar2.minY, bar1.maxY + 10, accuracy: 1)
        XCTAssertEqual(fb.count(in: bar2Slot.insetBy(dx: -6, dy: 0)) { !near($0, Ch1.white) }, 0, "bar2's slot itself is empty")
        XCTAssertEqual(text(child("five")).minY - bar2Slot.maxY, 10, accuracy: 1)
    }

    func testVerticalBarsAtAnotherSize() async throws {
        try open("ch1-divider-vertical", size: Size(844, 390))
        let one = text(child("one")), bar1 = probe("bar1"), bar2 = probe("bar2")
        XCTAssertEqual(bar1.frame.width, 3, accuracy: 1)
        XCTAssertEqual(bar1.frame.height, 200, accuracy: 1)
        XCTAssertEqual(bar1.frame.minX, one.minX, accuracy: 1)
        XCTAssertEqual(bar2.drawn.minX, bar1.frame.minX + 300, accuracy: 1)
        XCTAssertEqual(bar2.drawn.minY, bar1.frame.maxY + 10, accuracy: 1)
        XCTAssertEqual(text(child("five")).minY - bar2.frame.maxY, 10, accuracy: 1)
    }

    func testThickBar() async throws {
        for size in [Size(390, 844), Size(844, 600)] {
            try open("ch1-divider-thickness", size: size)
            let fb = h.capture()!
            let slot = probe("bar").frame
            let bar = fb.inkBox(in: slot.insetBy(dx: -6, dy: -6)) { near($0, Ch1.blue) }!
            XCTAssertEqual(bar.width, 300, accuracy: 1)
            XCTAssertEqual(bar.height, 20, accuracy: 1)
            XCTAssertEqual(bar.minX, text(child("one")).minX, accuracy: 1)
            XCTAssertGreaterThan(bar.minY, text(child("four")).maxY)
            XCTAssertLessThan(bar.maxY, text(child("five")).minY)
            // The separator hairline darkens the bar's middle: RGBA(60,60,67,0.29) over blue.
            let middle = (Int(bar.midY) - 1...Int(bar.midY)).map { fb.rgb(Int(bar.midX), $0).g }.min()!
            XCTAssertLessThan(middle, 122 - 6)
        }
    }
}
