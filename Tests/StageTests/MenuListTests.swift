import XCTest
@testable import Stage

final class MenuListTests: XCTestCase {
    // Rows: 0 header A, 1…5 items a1…a5, 6 header B, 7…11 b1…b5, 12 header C, 13…17 c1…c5.
    // Heights: header 36, item 44 → content 3·36 + 15·44 = 768; frame 300×200 → max scroll 568, page = 3 items.
    private var menu: MenuList!
    private var chosen: [String] = []

    override func setUp() {
        super.setUp()
        menu = MenuList()
        menu.frame = Rect(x: 0, y: 0, width: 300, height: 200)
        var rows: [MenuList.Row] = []
        for section in ["a", "b", "c"] {
            rows.append(.header(section.uppercased()))
            for i in 1...5 { rows.append(.item(id: "\(section)\(i)", title: "Item \(section)\(i)", detail: "\(section)\(i)")) }
        }
        menu.rows = rows
        menu.onChoose = { [unowned self] in self.chosen.append($0) }
        menu.layout()
        chosen = []
    }

    private func press(_ key: String) -> Bool { menu.handle(Key(key)) }

    private func assertSelectionVisible(file: StaticString = #filePath, line: UInt = #line) {
        guard let s = menu.selection else { return XCTFail("no selection", file: file, line: line) }
        let f = menu.frame(ofRow: s)
        XCTAssertGreaterThanOrEqual(f.minY, menu.frame.minY - 1e-9, file: file, line: line)
        XCTAssertLessThanOrEqual(f.maxY, menu.frame.maxY + 1e-9, file: file, line: line)
    }

    func testInitialSelectionIsTheFirstItem() {
        XCTAssertEqual(menu.selection, 1)
        XCTAssertEqual(menu.scroll, 0)
        menu.rows = [.header("X"), .header("Y"), .item(id: "only", title: "Only", detail: "")]
        XCTAssertEqual(menu.selection, 2)
        menu.rows = [.header("X")]
        XCTAssertNil(menu.selection)
        XCTAssertFalse(press("down"), "no items: keys are not used")
    }

    func testDownAndUpSkipHeaders() {
        XCTAssertTrue(press("down")); XCTAssertEqual(menu.selection, 2)
        for _ in 0..<3 { _ = press("down") }
        XCTAssertEqual(menu.selection, 5)
        XCTAssertTrue(press("down")); XCTAssertEqual(menu.selection, 7, "skips header B")
        XCTAssertTrue(press("up")); XCTAssertEqual(menu.selection, 5)
        assertSelectionVisible()
    }

    func testUpAtTopAndDownAtBottomStay() {
        XCTAssertTrue(press("up")); XCTAssertEqual(menu.selection, 1)
        XCTAssertTrue(press("end")); XCTAssertEqual(menu.selection, 17)
        XCTAssertTrue(press("down")); XCTAssertEqual(menu.selection, 17)
    }

    func testHomeAndEndScrollToTheEnds() {
        XCTAssertTrue(press("end"))
        XCTAssertEqual(menu.selection, 17)
        XCTAssertEqual(menu.scroll, 568, accuracy: 1e-9)
        assertSelectionVisible()
        XCTAssertTrue(press("home"))
        XCTAssertEqual(menu.selection, 1)
        XCTAssertEqual(menu.scroll, 0, accuracy: 1e-9, "the first item's header comes back into view")
    }

    func testPageDownMovesByAPageAndReveals() {
        XCTAssertTrue(press("pagedown"))
        XCTAssertEqual(menu.selection, 4)   // 3 items on
        // Row 4 spans y 168…212: it is scrolled up by 12 so its bottom meets the frame's.
        XCTAssertEqual(menu.scroll, 12, accuracy: 1e-9)
        assertSelectionVisible()
    }

    func testPageDownTwiceCrossesASectionAndScrolls() {
        _ = press("pagedown"); _ = press("pagedown")
        XCTAssertEqual(menu.selection, 8)   // items a1…a5, b1…b5: 6th item on is b2
        // Row 8's top is 36 + 5·44 + 36 + 44 = 336; its bottom 380 is brought to the frame's bottom.
        XCTAssertEqual(menu.scroll, 180, accuracy: 1e-9)
        assertSelectionVisible()
        XCTAssertTrue(press("pageup"))
        XCTAssertEqual(menu.selection, 4)
        XCTAssertEqual(menu.scroll, 168, accuracy: 1e-9)   // row 4's top
        assertSelectionVisible()
    }

    func testReturnAndSpaceChooseTheSelection() {
        _ = press("down")
        XCTAssertTrue(press("return"))
        XCTAssertEqual(chosen, ["a2"])
        _ = press("end")
        XCTAssertTrue(press("space"))
        XCTAssertEqual(chosen, ["a2", "c5"])
        XCTAssertFalse(press("x"))
        XCTAssertFalse(press("escape"))
    }

    func testWheelScrollsByRowsAndClamps() {
        XCTAssertTrue(menu.scrolled(by: 2, time: 0))
        XCTAssertEqual(menu.scroll, 88, accuracy: 1e-9)
        _ = menu.scrolled(by: -1, time: 0)
        XCTAssertEqual(menu.scroll, 44, accuracy: 1e-9)
        _ = menu.scrolled(by: -10, time: 0)
        XCTAssertEqual(menu.scroll, 0)
        _ = menu.scrolled(by: 100, time: 0)
        XCTAssertEqual(menu.scroll, 568, accuracy: 1e-9)
        XCTAssertEqual(menu.selection, 1, "scrolling does not move the selection")
    }

    func testShortListDoesNotScroll() {
        menu.rows = [.item(id: "x", title: "X", detail: "")]
        _ = menu.scrolled(by: 5, time: 0)
        XCTAssertEqual(menu.scroll, 0)
    }

    func testRowAtPointFollowsScroll() {
        XCTAssertEqual(menu.row(at: Point(10, 10)), 0)
        XCTAssertEqual(menu.row(at: Point(10, 36)), 1)
        XCTAssertEqual(menu.row(at: Point(10, 79.9)), 1)
        XCTAssertEqual(menu.row(at: Point(10, 80)), 2)
        XCTAssertNil(menu.row(at: Point(400, 10)), "outside the frame")
        _ = menu.scrolled(by: 1, time: 0)   // scroll 44
        XCTAssertEqual(menu.row(at: Point(10, 0)), 1)
        XCTAssertEqual(menu.frame(ofRow: 2), Rect(x: 0, y: 36, width: 300, height: 44))
    }

    func testClickChoosesOnlyWhenReleasedOnThePressedRow() {
        menu.pointerPressed(at: Point(10, 100), time: 0)    // row 2
        XCTAssertEqual(menu.selection, 2, "pressing selects")
        menu.pointerReleased(at: Point(100, 120), inside: true, time: 0)
        XCTAssertEqual(chosen, ["a2"])

        menu.pointerPressed(at: Point(10, 100), time: 0)    // row 2
        menu.pointerReleased(at: Point(10, 150), inside: true, time: 0)   // row 3
        XCTAssertEqual(chosen, ["a2"])

        menu.pointerPressed(at: Point(10, 10), time: 0)     // header: nothing
        XCTAssertEqual(menu.selection, 2)
        menu.pointerReleased(at: Point(10, 10), inside: true, time: 0)
        XCTAssertEqual(chosen, ["a2"])

        menu.pointerPressed(at: Point(10, 100), time: 0)
        menu.pointerCancelled(time: 0)
        menu.pointerReleased(at: Point(10, 100), inside: true, time: 0)
        XCTAssertEqual(chosen, ["a2"], "a cancelled press chooses nothing")
    }

    func testLayoutBuildsOnlyVisibleRowsAndTheSelection() throws {
        let names = Set(menu.children.compactMap(\.name))
        XCTAssertTrue(names.contains("row:a1")); XCTAssertTrue(names.contains("row:a4"))
        XCTAssertFalse(names.contains("row:a5"), "row 5 starts at y 212, below the 200-high frame")
        XCTAssertFalse(names.contains("row:c5"))
        let sel = try XCTUnwrap(menu.find("selection"))
        XCTAssertEqual(sel.frame, menu.frame(ofRow: 1).insetBy(dx: 8, dy: 2))
        XCTAssertTrue(menu.clipsToBounds)
        _ = press("end")
        let after = Set(menu.children.compactMap(\.name))
        XCTAssertTrue(after.contains("row:c5")); XCTAssertFalse(after.contains("row:a1"))
        XCTAssertEqual(menu.find("selection")?.frame, menu.frame(ofRow: 17).insetBy(dx: 8, dy: 2))
    }

    func testSelectByIdReveals() {
        menu.select(id: "c3")
        XCTAssertEqual(menu.selection, 15)
        assertSelectionVisible()
        menu.select(id: "nope")
        XCTAssertEqual(menu.selection, 15)
    }

    func testTypingATitlesStartSelectsItWithinASecond() {
        menu.rows = [.header("A"), .item(id: "new", title: "New-project template", detail: ""),
                     .item(id: "lift", title: "Need a Lift?", detail: ""), .item(id: "rain", title: "Rain", detail: "")]
        for (i, c) in ["n", "e", "e"].enumerated() { XCTAssertTrue(menu.typeAhead(Key(c), at: Double(i) * 0.3)) }
        XCTAssertEqual(menu.selection, 2, "\"nee\" → Need a Lift?")
        XCTAssertTrue(menu.typeAhead(Key("r"), at: 5))
        XCTAssertEqual(menu.selection, 3, "after a pause typing starts afresh")
        XCTAssertFalse(menu.typeAhead(Key("q", ctrl: true), at: 5.1), "shortcuts are not typed")
        XCTAssertFalse(menu.typeAhead(Key("space"), at: 9), "Space alone still opens the selection")
    }

    func testHostRoutesWheelAndClicksToTheMenu() {
        let (host, scene) = makeHost(BareScene.self, window: Size(400, 300))
        scene.root.add(menu)
        host.pointer(.wheel(Point(10, 10), 1))
        XCTAssertEqual(menu.scroll, 44, accuracy: 1e-9)
        host.pointer(.wheel(Point(350, 10), 1))
        XCTAssertEqual(menu.scroll, 44, accuracy: 1e-9, "outside the list: not scrolled")
        host.pointer(.press(Point(10, 40)))   // scrolled by 44: y 40 is row 2 (36…80 on screen)
        host.pointer(.release(Point(10, 40)))
        XCTAssertEqual(chosen, ["a2"])
    }
}
