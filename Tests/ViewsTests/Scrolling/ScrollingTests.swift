import Stage
@testable import Views
import XCTest
import ZoetropeTestSupport

/// ScrollView and List behaviour (spec 04 §2.2 row 6, §2.6 "mouse wheel / drag on the list: scroll", F8), in a
/// TestScene (10 pt per character; body line 22, rows 44 tall; 20 rows scroll 690 in the 190-tall box at (53, 327)).
@MainActor
final class ScrollingTests: XCTestCase {
    private let box = TestScene.listBox
    private func scene(_ model: RowModel = RowModel(), buttons: Bool = false, style: ListStyleKind = .plain) -> TestScene {
        // On the pixel grid, as in a window: the box's centred origin (52.5, …) lands on (53, …).
        TestScene(roundsFrames: true) { WordListBox(model: model, buttons: buttons, style: style) }
    }

    func testRowsArePaddedAtLeast44TallAndReportedAsTexts() async throws {
        let s = scene()
        XCTAssertEqual(s.frame("list"), box)
        let first = try XCTUnwrap(s.probe("text:Row 1"))
        XCTAssertEqual(first.frame, Rect(x: 53 + 16, y: 327 + 11, width: 50, height: 22), "16 pt leading inset, centred in a 44-pt row")
        XCTAssertEqual(s.probe("text:Row 2")?.frame.minY, 327 + 44 + 11)
        XCTAssertEqual(s.scrollY()?.model, 0)
        let names = s.scene.probeAll(at: 0).map(\.name)
        XCTAssertEqual(names.filter { $0.hasPrefix("text:Row") }.count, 20, "every row is listed")
    }

    func testWheelScrolls40PointsPerLineEasedAndClamped() async {
        let s = scene()
        s.advance(to: 1)
        XCTAssertTrue(s.wheel(1))
        XCTAssertEqual(s.scrollY()?.model, 40)
        XCTAssertEqual(s.scrollY()?.presented, 0, "eased out from where it was")
        s.advance(to: 1.075)
        let mid = s.scrollY()!.presented
        XCTAssertGreaterThan(mid, 20, "ease-out: more than half way at half time")
        XCTAssertLessThan(mid, 40)
        s.advance(to: 1.2)
        XCTAssertEqual(s.scrollY()?.presented, 40)
        XCTAssertEqual(s.probe("text:Row 1")?.drawn.minY ?? 0, 327 + 11 - 40, accuracy: 1e-9, "the drawn frame moved up")
        s.wheel(2.5)
        XCTAssertEqual(s.scrollY()?.model, 140, "fractional lines count (smooth wheels)")
        s.wheel(100)
        XCTAssertEqual(s.scrollY()?.model, 690, "clamped to the content: 880 − 190")
        s.wheel(-1000)
        XCTAssertEqual(s.scrollY()?.model, 0, "clamped at the top")
        XCTAssertFalse(s.wheel(1, at: Point(10, 10)), "outside the list the wheel is not used")
    }

    func testAListThatFitsLeavesTheWheelAlone() async {
        let model = RowModel()
        model.items = ["a", "b"]
        let s = scene(model)
        XCTAssertFalse(s.wheel(1))
        XCTAssertEqual(s.scrollY()?.model, 0)
    }

    func testDragScrollsWithRubberBandAndSettles() async {
        let s = scene()
        let c = box.center
        s.advance(to: 1)
        s.press(at: c)
        s.move(to: Point(c.x, c.y - 3))
        XCTAssertEqual(s.scrollY()?.model, 0, "within the slop nothing moves")
        // A slow drag up by 100 pt: the content follows the pointer exactly.
        for k in 1...10 { s.advance(to: 1 + 0.05 * Double(k)); s.move(to: Point(c.x, c.y - 10 * Double(k))) }
        XCTAssertEqual(s.scrollY()?.model, 100)
        XCTAssertEqual(s.scrollY()?.presented, 100)
        s.advance(to: 1.8)
        s.release(at: Point(c.x, c.y - 100))
        XCTAssertEqual(s.scrollY()?.model, 100, "released still: no momentum")
        // Past the top: rubber band, then back to 0.
        s.advance(to: 2)
        s.press(at: c)
        for k in 1...10 { s.advance(to: 2 + 0.05 * Double(k)); s.move(to: Point(c.x, c.y + 30 * Double(k))) }
        let stretched = s.scrollY()!.model
        XCTAssertLessThan(stretched, 0, "pulled past the top")
        XCTAssertGreaterThan(stretched, -200, "by less than the pointer moved past it (200)")
        s.advance(to: 2.8)
        s.release(at: Point(c.x, c.y + 300))
        XCTAssertEqual(s.scrollY()?.model, 0, "eases back to the top")
        s.advance(to: 3.2)
        XCTAssertEqual(s.scrollY()?.presented, 0)
    }

    func testAFlingGlidesOnAndStopsAtTheEnd() async {
        let s = scene()
        let c = box.center
        s.advance(to: 1)
        s.press(at: c)
        // 60 pt in 0.1 s: 600 pt/s → glides v²/(2·2500) = 72 pt more.
        for k in 1...6 { s.advance(to: 1 + Double(k) / 60); s.move(to: Point(c.x, c.y - 10 * Double(k))) }
        s.release(at: Point(c.x, c.y - 60))
        let glide = s.scrollY()!
        XCTAssertEqual(glide.presented, 60, accuracy: 1e-9)
        XCTAssertEqual(glide.model, 132, accuracy: 1, "60 dragged + 72 of momentum")
        s.advance(to: 2)
        XCTAssertEqual(s.scrollY()!.presented, glide.model, accuracy: 1e-9, "settled")
        // A hard fling near the end stops at the end.
        s.wheel(100); s.advance(to: 3)
        s.wheel(-2); s.advance(to: 4)
        s.press(at: c)
        for k in 1...6 { s.advance(to: 4 + Double(k) / 60); s.move(to: Point(c.x, c.y - 20 * Double(k))) }
        s.release(at: Point(c.x, c.y - 120))
        XCTAssertEqual(s.scrollY()?.model, 690, "clamped at the end")
    }

    func testClickOnARowButtonStillWorksAndADragFromItScrolls() async {
        let model = RowModel()
        let s = scene(model, buttons: true)
        s.click("text:Row 2")
        XCTAssertEqual(model.tapped, ["Row 2"])
        XCTAssertEqual(s.scrollY()?.model, 0)
        // A press on Row 3 that moves 50 pt scrolls and does not click.
        let p = s.probe("text:Row 3")!.drawn.center
        s.advance(to: 1)
        s.press(at: p)
        for k in 1...5 { s.advance(to: 1 + 0.1 * Double(k)); s.move(to: Point(p.x, p.y - 10 * Double(k))) }
        s.advance(to: 1.7)
        s.release(at: Point(p.x, p.y - 50))
        XCTAssertEqual(model.tapped, ["Row 2"], "the drag cancelled the button")
        XCTAssertEqual(s.scrollY()?.model, 50)
        // After scrolling, a click lands on the row now drawn there.
        s.click("text:Row 5")
        XCTAssertEqual(model.tapped, ["Row 2", "Row 5"])
        // Rows scrolled out of the box take no clicks: Row 1 (drawn at 327 + 11 − 50) is outside.
        s.click(at: Point(box.minX + 30, box.minY - 20))
        XCTAssertEqual(model.tapped, ["Row 2", "Row 5"])
    }

    func testRowsInsertedAtTheTopKeepTheirIdentityAndOrder() async {
        let model = RowModel()
        model.items = ["set", "sent"]
        let s = scene(model)
        XCTAssertEqual(s.probe("text:set")?.frame.minY, 327 + 11)
        model.items.insert("nest", at: 0)
        s.advance(to: 0.5)
        XCTAssertEqual(s.probe("text:nest")?.frame.minY, 327 + 11, "newest at the top")
        XCTAssertEqual(s.probe("text:set")?.frame.minY, 327 + 44 + 11)
        XCTAssertEqual(s.probe("text:sent")?.frame.minY, 327 + 88 + 11)
        XCTAssertEqual(s.scene.probeAll(at: 0.5).map(\.name).filter { $0.hasPrefix("text:") }, ["text:nest", "text:set", "text:sent"])
        // Scrolled to the end, more rows on top keep the position (and the end grows).
        model.items = (1...20).map { "Row \($0)" }
        s.advance(to: 1)
        s.wheel(100)
        s.advance(to: 2)
        model.items.insert("Row 0", at: 0)
        s.advance(to: 2.5)
        XCTAssertEqual(s.scrollY()?.model, 690)
        XCTAssertEqual(s.probe("text:Row 0")?.frame.minY, 327 + 11)
        // Fewer rows: the position comes back within the content.
        model.items = ["only"]
        s.advance(to: 3)
        XCTAssertEqual(s.scrollY()?.model, 0)
        XCTAssertEqual(s.probe("text:only")?.drawn.minY, 327 + 11, "a list's one row is a row, not the list's modifier")
    }

    func testRowsOutOfViewAreReportedHidden() async {
        let s = scene()
        XCTAssertEqual(s.probe("text:Row 1")?.hidden, false)
        XCTAssertEqual(s.probe("text:Row 5")?.hidden, false, "partly visible (rows 5 reach from 176 to 220 of 190)")
        XCTAssertEqual(s.probe("text:Row 6")?.hidden, true)
        XCTAssertEqual(s.probe("text:Row 20")?.hidden, true)
        s.wheel(100)
        s.advance(to: 1)
        XCTAssertEqual(s.probe("text:Row 1")?.hidden, true)
        XCTAssertEqual(s.probe("text:Row 20")?.hidden, false)
        XCTAssertEqual(s.probe("text:Row 20")?.drawn.maxY ?? 0, box.maxY - 11, accuracy: 1e-9, "the last row ends at the box's bottom")
        XCTAssertEqual(s.probe("list")?.hidden, false)
        XCTAssertEqual(s.probe("list")?.drawn, box, "the list's drawn box is its frame (its rows are clipped to it), so `click list` lands on it")
    }

    func testIndicatorShowsWhileScrollingThenFadesAndTheSceneSleeps() async {
        let s = scene()
        XCTAssertTrue(s.draw().solidBatches(ScrollElement.indicatorColor, alpha: 0.35).isEmpty, "no indicator before scrolling")
        XCTAssertNil(s.scene.nextChange(after: 0) ?? nil, "a still list sleeps")
        s.advance(to: 1)
        s.wheel(3)
        s.advance(to: 1.1)
        XCTAssertEqual(s.scene.nextChange(after: 1.1), 1.1, "moving: drawn every frame")
        let bars = s.draw().solidBatches(ScrollElement.indicatorColor, alpha: 0.35)
        XCTAssertEqual(bars.count, 1, "the indicator shows while it scrolls")
        let bar = bars[0].solidBounds
        XCTAssertEqual(bar.maxX, box.maxX - 3, accuracy: 0.75, "3 pt inside the trailing edge")
        XCTAssertEqual(bar.height, 190 * 190 / 880 - 6 * 190 / 880, accuracy: 1.5, "its length is the visible share of the track")
        // The motion ends at 1.15; the bar stays until 1.65, then fades over 0.3 s.
        s.advance(to: 1.6)
        XCTAssertEqual(s.draw().solidBatches(ScrollElement.indicatorColor, alpha: 0.35).count, 1)
        s.advance(to: 1.8)
        XCTAssertEqual(s.draw().solidBatches(ScrollElement.indicatorColor, alpha: 0.35 * 0.5).count, 1, "half faded")
        XCTAssertEqual(s.scene.nextChange(after: 1.8), 1.8, "still fading: drawn every frame")
        s.advance(to: 2)
        let last = s.draw()
        XCTAssertTrue(last.solidBatches(ScrollElement.indicatorColor, alpha: 0.35).isEmpty
                      && last.solidBatches(ScrollElement.indicatorColor, alpha: 0.35 * 0.5).isEmpty, "the indicator is gone")
        XCTAssertNil(s.scene.nextChange(after: 2) ?? nil, "and the scene sleeps again")
        let draws = s.host.stats.draws
        s.advance(to: 3); s.draw(); s.advance(to: 4); s.draw()
        XCTAssertEqual(s.host.stats.draws, draws, "nothing is drawn again while still")
    }

    func testPageKeysGoToTheListLastUsedOrTheOnlyOne() async {
        let s = scene()
        XCTAssertTrue(s.key("pagedown"), "the scene's only scroll view takes the page keys")
        XCTAssertEqual(s.scrollY()?.model, 150, "a page keeps one line (40) of the last in view")
        s.key("pagedown"); s.key("pageup")
        XCTAssertEqual(s.scrollY()?.model, 150)
        s.key("end")
        XCTAssertEqual(s.scrollY()?.model, 690)
        s.key("home")
        XCTAssertEqual(s.scrollY()?.model, 0)
        XCTAssertFalse(s.key("pagedown", ctrl: true), "Ctrl+PageDown is not its")
    }

    func testInsetGroupedPutsTheRowsOnACardInset16() async {
        let s = scene(style: .insetGrouped)
        XCTAssertEqual(s.probe("text:Row 1")?.frame.minX, 53 + 16 + 16, "card inset 16, row inset 16")
        XCTAssertEqual(s.probe("text:Row 1")?.frame.minY, 327 + 20 + 11, "below the card's 20-pt margin")
        let r = s.draw()
        XCTAssertFalse(r.solidBatches(.groupedBackground).isEmpty, "grey #F2F2F7 behind")
    }

    func testScrollViewTakesTheOfferedSizeAndScrollsItsColumn() async {
        let s = TestScene {
            ScrollView {
                ForEach(0..<10) { i in Color.red.frame(height: 100).named("block\(i)") }
            }
            .named("scroller")
            .frame(width: 200, height: 300)
        }
        XCTAssertEqual(s.frame("scroller"), Rect(x: 95, y: 272, width: 200, height: 300))
        XCTAssertEqual(s.frame("block0"), Rect(x: 95, y: 272, width: 200, height: 100), "as wide as offered, at the top")
        XCTAssertEqual(s.frame("block1").minY, 272 + 108, "an implicit VStack with the default 8-pt spacing")
        s.wheel(2, at: Point(195, 400))
        XCTAssertEqual(s.scrollY("scroller")?.model, 80)
        s.wheel(100, at: Point(195, 400))
        XCTAssertEqual(s.scrollY("scroller")?.model, 10 * 100 + 9 * 8 - 300)
    }
}
