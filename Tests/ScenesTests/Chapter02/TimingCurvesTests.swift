import Stage
import XCTest

/// Spec 01 §2.2.1, `ch2-timing-curves`.
@MainActor
final class TimingCurvesTests: ViewSceneTestCase {
    let curves = ["linear", "easeIn", "easeOut", "easeInOut"]

    func offsets(at time: Double) -> [Double] {
        h.advance(to: time)
        return curves.map { presented("ball.\($0)", "offset.x") }
    }

    func assertOffsets(at time: Double, _ expected: [Double], accuracy: Double = 2.5,
                       file: StaticString = #filePath, line: UInt = #line) {
        for (curve, (value, want)) in zip(curves, zip(offsets(at: time), expected)) {
            XCTAssertEqual(value, want, accuracy: accuracy, "\(curve) at \(time)", file: file, line: line)
        }
    }

    /// Clicks the picker segment with index `i` of 3 (the segments share the control's width equally).
    func selectSegment(_ i: Int, at time: Double) {
        h.advance(to: time)
        let f = probe("durationPicker").frame
        h.click(f.minX + (Double(i) + 0.5) * f.width / 3, f.midY)
    }

    func testChecks1To3WithTwoSeconds() async throws {
        try open("ch2-timing-curves")
        selectSegment(2, at: 0.2)
        XCTAssertEqual(state("duration", on: "durationPicker"), .number(2))
        let t0 = click("animateButton", at: 0.5)
        assertOffsets(at: t0 + 0.5, [62.5, 23.4, 94.5, 32.3])
        assertOffsets(at: t0 + 1.0, [125, 78.9, 171.2, 125])
        assertOffsets(at: t0 + 1.8, [225, 250 * 0.8394, 250 * 0.9830, 250 * 0.9803])
        assertOffsets(at: t0 + 2.0, [250, 250, 250, 250], accuracy: 1e-9)
        assertOffsets(at: t0 + 3.0, [250, 250, 250, 250], accuracy: 1e-9)
    }

    func testCheck4DefaultDurationIsPointThreeFive() async throws {
        try open("ch2-timing-curves")
        XCTAssertEqual(state("duration", on: "durationPicker"), .number(0.35))
        let t0 = click("animateButton", at: 0.5)
        assertOffsets(at: t0 + 0.175, [125, 78.9, 171.2, 125])
        assertOffsets(at: t0 + 0.35, [250, 250, 250, 250], accuracy: 1e-9)
    }

    /// Check 5: the way back runs the same curve forward in time (value = 250 − 250·p(u)), over the selected duration.
    func testCheck5ClickAgainReturnsOverTheSelectedDuration() async throws {
        try open("ch2-timing-curves")
        selectSegment(1, at: 0.1)
        XCTAssertEqual(state("duration", on: "durationPicker"), .number(1))
        let t0 = click("animateButton", at: 0.5)
        assertOffsets(at: t0 + 1.0, [250, 250, 250, 250], accuracy: 1e-9)
        let t1 = click("animateButton", at: t0 + 1.5)
        assertOffsets(at: t1 + 0.25, [250 - 62.5, 250 - 250 * 0.0935, 250 - 250 * 0.3781, 250 - 250 * 0.1292])
        assertOffsets(at: t1 + 0.5, [125, 250 - 78.9, 250 - 171.2, 125])
        for v in offsets(at: t1 + 0.95) { XCTAssertGreaterThan(v, 0.1, "still moving before the duration ends") }
        assertOffsets(at: t1 + 1.0, [0, 0, 0, 0], accuracy: 1e-9)
    }

    func testPickerChangesOnlyTheDurationAndAnimatesNothing() async throws {
        try open("ch2-timing-curves")
        selectSegment(2, at: 0.2)
        selectSegment(1, at: 0.3)
        XCTAssertEqual(state("duration", on: "durationPicker"), .number(1))
        selectSegment(0, at: 0.4)
        XCTAssertEqual(state("duration", on: "durationPicker"), .number(0.35))
        // Just outside the control: no change.
        let f = probe("durationPicker").frame
        h.click(f.maxX + 3, f.midY)
        h.click(f.minX + f.width * 5 / 6, f.maxY + 3)
        XCTAssertEqual(state("duration", on: "durationPicker"), .number(0.35))
        XCTAssertEqual(offsets(at: 1.0), [0, 0, 0, 0])
    }

    func testPickerLook() async throws {
        try open("ch2-timing-curves")
        h.advance(to: 0.2)
        let f = probe("durationPicker").frame
        // Selected segment blue; an unselected one on the grey track (spec: "selected segment blue with white text").
        assertColor(pixel(f.minX + 8, f.midY), SpecColor.blue)
        assertColor(pixel(f.minX + f.width * 5 / 6 - 25, f.midY), (0xEE, 0xEE, 0xEF), tolerance: 4)
        selectSegment(2, at: 0.3)
        h.advance(to: 0.4)
        assertColor(pixel(f.maxX - 8, f.midY), SpecColor.blue)
        assertColor(pixel(f.minX + 8, f.midY), (0xEE, 0xEE, 0xEF), tolerance: 4)
        // White text on the selected segment: some pixel of its label is (near) white.
        let label = probe("text:2 s").frame
        var whitest = 0
        for x in stride(from: label.minX, to: label.maxX, by: 1) {
            let p = pixel(x, label.midY)
            whitest = max(whitest, min(p.r, p.g))
        }
        XCTAssertGreaterThan(whitest, 200, "white label text on blue")
    }

    func testLayoutAtReferenceSize() async throws {
        try open("ch2-timing-curves")
        let title = probe("title").frame, graph = probe("graph").frame
        XCTAssertEqual(title.minY, 16, accuracy: 6)
        XCTAssertEqual(title.midX, 195, accuracy: 2)
        XCTAssertEqual(graph.width, 300, accuracy: 0.01)
        XCTAssertEqual(graph.height, 200, accuracy: 0.01)
        XCTAssertEqual(graph.midX, 195, accuracy: 0.5)
        XCTAssertEqual(graph.minY - title.maxY, 24, accuracy: 0.5)
        var top = graph.maxY + 16
        for curve in curves {
            let lane = probe("lane.\(curve)").frame, ball = probe("ball.\(curve)").drawn
            XCTAssertEqual(lane.minY, top, accuracy: 0.5, curve)
            XCTAssertEqual(lane.height, 44, accuracy: 0.01, curve)
            XCTAssertEqual(ball.width, 24, accuracy: 0.01, curve)
            XCTAssertEqual(ball.midX, 110, accuracy: 2, curve)
            XCTAssertEqual(ball.midY, lane.midY, accuracy: 0.5, curve)
            let label = probe("text:\(curve)").frame
            XCTAssertEqual(label.minX, 16, accuracy: 2, curve)
            XCTAssertLessThanOrEqual(label.maxX, 106 + 6, curve)
            top = lane.maxY
        }
        let picker = probe("durationPicker").frame, button = probe("animateButton").frame
        XCTAssertEqual(picker.minY - top, 16, accuracy: 0.5)
        XCTAssertEqual(picker.midX, 195, accuracy: 0.5)
        XCTAssertEqual(button.minY - picker.maxY, 16, accuracy: 0.5)
        XCTAssertEqual(button.midX, 195, accuracy: 2)
        XCTAssertEqual(probe("animateButton").text, "Animate")
    }

    /// The graph's markers ride their curves: at u = 0.25 the easeIn dot is at (0.25, p(0.25)) of the plot, and
    /// the easeOut dot at (0.25, 0.3781). Sampled just off the curve line, inside the 8-pt dot.
    func testGraphMarkersFollowTheCurves() async throws {
        try open("ch2-timing-curves")
        let g = probe("graph").frame
        func dot(_ p: Double) -> Point { Point(g.minX + 0.25 * g.width + 1.5, g.maxY - p * g.height + 1.5) }
        selectSegment(2, at: 0.2)
        h.advance(to: 0.4)
        assertNotColor(pixel(dot(0.0935).x, dot(0.0935).y), SpecColor.red)
        assertNotColor(pixel(dot(0.3781).x, dot(0.3781).y), SpecColor.green)
        let t0 = click("animateButton", at: 0.5)
        h.advance(to: t0 + 0.5)
        XCTAssertEqual(presented("graphMarker.easeIn", "u"), 0.25, accuracy: 0.01)
        assertColor(pixel(dot(0.0935).x, dot(0.0935).y), SpecColor.red)
        assertColor(pixel(dot(0.3781).x, dot(0.3781).y), SpecColor.green)
        // The time cursor is at u = 0.25 too; on the way back the markers run forward again from u = 0.
        XCTAssertEqual(presented("graphCursor", "u"), 0.25, accuracy: 0.01)
        let t1 = click("animateButton", at: t0 + 2.5)
        XCTAssertEqual(presented("graphMarker.easeOut", "u", at: t1 + 0.5), 0.25, accuracy: 0.01)
        assertColor(pixel(dot(0.3781).x, dot(0.3781).y), SpecColor.green)
    }

    func testAtAnotherWindowSize() async throws {
        try open("ch2-timing-curves", size: Size(500, 900))
        let graph = probe("graph").frame
        XCTAssertEqual(graph.midX, 250, accuracy: 0.5)
        // The lanes are centred as a 390-pt block: the balls start 110 pt in from its left edge.
        XCTAssertEqual(probe("ball.linear").drawn.midX, 250 - 195 + 110, accuracy: 2)
        XCTAssertEqual(probe("durationPicker").frame.midX, 250, accuracy: 0.5)
        selectSegment(2, at: 0.2)
        let t0 = click("animateButton", at: 0.5)
        assertOffsets(at: t0 + 0.5, [62.5, 23.4, 94.5, 32.3])
        XCTAssertEqual(probe("ball.easeOut").drawn.midX, 250 - 195 + 110 + 94.5, accuracy: 2.5)
        assertOffsets(at: t0 + 2.0, [250, 250, 250, 250], accuracy: 1e-9)
    }
}
