@testable import Player
import Scenes
import Stage
import XCTest
import ZoetropeTestSupport

/// The gallery (issue 25) through the session the window and headless loops run: where its cards are (probe
/// frames), what the keys and the pointer do, and that it sleeps when nothing plays.
@MainActor
final class GalleryTests: XCTestCase {
    func key(_ s: Session, _ name: String) { s.advance(to: s.time, inputs: [(s.time, .key(Key(parsing: name)!))]) }
    func gallery(_ s: Session) -> GalleryScene { s.host.scene as! GalleryScene }

    /// Every card's probe report, laid out for now.
    func cards(_ s: Session) -> [ProbeReport] {
        s.layout()
        return s.probe.probeAll(at: s.sceneTime).filter { $0.name.hasPrefix("card:") }
    }
    func card(_ s: Session, _ id: String) -> ProbeReport? { cards(s).first { $0.name == "card:\(id)" } }

    /// The cards in view lie inside the grid (below the header, above the footer, within the width), none overlaps
    /// another, and every scene has a card.
    func assertGridLaysOut(_ size: Size, columns: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        let s = try Session(sceneID: nil, size: size, sound: RecordingSoundPlayer())
        let all = cards(s)
        XCTAssertEqual(all.count, SceneCatalog.all.count, file: file, line: line)
        let shown = all.filter { !$0.hidden }
        XCTAssertGreaterThan(shown.count, 0, file: file, line: line)
        let rowOne = Set(shown.map(\.frame.minX))
        XCTAssertEqual(rowOne.count, columns, "columns at \(size.width) wide", file: file, line: line)
        for c in shown {
            XCTAssertGreaterThanOrEqual(c.frame.minX, 0, c.name, file: file, line: line)
            XCTAssertLessThanOrEqual(c.frame.maxX, size.width, c.name, file: file, line: line)
            XCTAssertGreaterThan(c.frame.maxY, GalleryScene.headerHeight, "shown but above the grid: \(c.name)", file: file, line: line)
            XCTAssertLessThan(c.frame.minY, size.height - GalleryScene.footerHeight, "shown but below the grid: \(c.name)", file: file, line: line)
        }
        // No two cards overlap, in view or not (the whole grid, scrolled or not, is one layout).
        for (i, a) in all.enumerated() {
            for b in all[(i + 1)...] {
                let overlap = a.frame.minX < b.frame.maxX && b.frame.minX < a.frame.maxX
                    && a.frame.minY < b.frame.maxY && b.frame.minY < a.frame.maxY
                XCTAssertFalse(overlap, "\(a.name) \(a.frame) overlaps \(b.name) \(b.frame)", file: file, line: line)
            }
        }
        // The chapter headings sit between the rows, never on a card.
        // (A card's own chapter line is a 16-pt text inside it; a heading is a 44-pt row.)
        let headings = s.probe.probeAll(at: s.sceneTime).filter {
            $0.name.hasPrefix("text:") && $0.frame.height == GalleryLayout.headingHeight
        }
        XCTAssertGreaterThanOrEqual(headings.count, 15, file: file, line: line)
        for h in headings {
            for c in all where c.frame.minY < h.frame.maxY && h.frame.minY < c.frame.maxY {
                XCTFail("heading \(h.name) \(h.frame) overlaps \(c.name) \(c.frame)", file: file, line: line)
            }
        }
    }

    func testGridLaysOutAt1280x800() async throws { try assertGridLaysOut(Size(1280, 800), columns: 5) }
    func testGridLaysOutAt700x500() async throws { try assertGridLaysOut(Size(700, 500), columns: 3) }

    func testArrowsMoveInTheGrid() async throws {
        let s = try Session(sceneID: nil, size: Size(1280, 800), sound: RecordingSoundPlayer())
        let ids = GalleryScene.cards(for: SceneCatalog.all.map(\.info)).map(\.id)
        XCTAssertEqual(gallery(s).grid.selection, ids[0])
        key(s, "right")
        XCTAssertEqual(gallery(s).grid.selection, ids[1])
        let before = try XCTUnwrap(card(s, ids[1]))
        key(s, "down")
        let below = try XCTUnwrap(gallery(s).grid.selection.flatMap { card(s, $0) })
        XCTAssertEqual(below.frame.minX, before.frame.minX, "down keeps the column")
        XCTAssertGreaterThan(below.frame.minY, before.frame.maxY, "down goes to the next row")
        key(s, "up")
        XCTAssertEqual(gallery(s).grid.selection, ids[1])
        key(s, "left")
        XCTAssertEqual(gallery(s).grid.selection, ids[0])
        key(s, "end")
        XCTAssertEqual(gallery(s).grid.selection, ids.last)
        XCTAssertFalse(try XCTUnwrap(card(s, ids.last!)).hidden, "End scrolls the last card into view")
        XCTAssertTrue(try XCTUnwrap(card(s, ids[0])).hidden, "…and the first out of it")
        key(s, "pageup")
        let up = try XCTUnwrap(gallery(s).grid.selection.flatMap { card(s, $0) })
        XCTAssertFalse(up.hidden, "PgUp keeps the selection in view")
        XCTAssertLessThan(ids.firstIndex(of: gallery(s).grid.selection!)!, ids.count - 5, "PgUp moves more than a row")
        key(s, "home")
        XCTAssertEqual(gallery(s).grid.selection, ids[0])
        XCTAssertFalse(try XCTUnwrap(card(s, ids[0])).hidden)
    }

    func testTypingFiltersByTitleAndID() async throws {
        let s = try Session(sceneID: nil, size: Size(1280, 800), sound: RecordingSoundPlayer())
        for c in ["n", "e", "e", "d"] { key(s, c) }
        XCTAssertEqual(cards(s).filter { !$0.hidden }.map(\.name), ["card:elevator"], "title \"Need a Lift?\"")
        XCTAssertEqual(gallery(s).grid.selection, "elevator")
        key(s, "backspace"); key(s, "backspace"); key(s, "backspace"); key(s, "backspace")
        XCTAssertEqual(cards(s).filter { !$0.hidden }.count, cards(s).filter { $0.frame.minY < 800 - 28 && $0.frame.maxY > 76 }.count)
        // By id: "ch07-" is in the ids of chapter 7's scenes only.
        for c in ["c", "h", "0", "7", "-"] { key(s, c) }
        let shown = cards(s).filter { !$0.hidden }.map(\.name)
        XCTAssertEqual(Set(shown), Set(SceneCatalog.all.filter { $0.info.id.hasPrefix("ch07-") }.map { "card:\($0.info.id)" }))
        key(s, "escape")
        XCTAssertTrue(s.isInMenu, "Esc in the gallery clears the filter")
        XCTAssertEqual(gallery(s).grid.shownIDs.count, SceneCatalog.all.count, "every card is back")
        // Nothing matches: no card, no crash, Return does nothing.
        for c in ["z", "z", "q", "x"] { key(s, c) }
        XCTAssertEqual(cards(s).filter { !$0.hidden }.count, 0)
        key(s, "return")
        XCTAssertTrue(s.isInMenu)
    }

    func testReturnOpensAndEscapeComesBackToTheSameCardInView() async throws {
        let s = try Session(sceneID: nil, size: Size(1280, 800), sound: RecordingSoundPlayer())
        var changes: [String] = []
        // As the window does: each scene (the gallery too) gets its reference size after it is entered.
        s.onSceneChange = { [unowned s] in changes.append($0.id); s.size = $0.referenceSize }
        for c in ["r", "a", "i", "n"] { key(s, c) }
        key(s, "return")
        XCTAssertEqual(s.host.info.id, "rainy-street")
        s.advance(to: 1)
        key(s, "escape")
        XCTAssertTrue(s.isInMenu)
        XCTAssertEqual(changes, ["rainy-street", "menu"])
        XCTAssertEqual(gallery(s).grid.selection, "rainy-street")
        let back = try XCTUnwrap(card(s, "rainy-street"))
        XCTAssertFalse(back.hidden, "the card is scrolled into view")
        XCTAssertGreaterThanOrEqual(back.frame.minY, GalleryScene.headerHeight)
        XCTAssertLessThanOrEqual(back.frame.maxY, 800 - GalleryScene.footerHeight)
    }

    func testClickOnACardOpensItsScene() async throws {
        let s = try Session(sceneID: nil, size: Size(1280, 800), sound: RecordingSoundPlayer())
        let second = try XCTUnwrap(cards(s).dropFirst().first)
        let p = second.frame.center
        s.advance(to: 0.5, inputs: [(0.5, .pointer(.press(p))), (0.5, .pointer(.release(p)))])
        XCTAssertEqual("card:" + s.host.info.id, second.name)
    }

    /// Idle is free: nothing hovered, nothing to draw until input. Hovering a card plays its scene in the card
    /// (the picture changes from frame to frame); leaving the window stops it.
    func testHoverPlaysTheCardAndIdleSleeps() async throws {
        let s = try Session(sceneID: nil, size: Size(1280, 800), sound: RecordingSoundPlayer())
        s.draw(on: RecordingRenderer())
        XCTAssertNil(s.nextChange, "a gallery with nothing hovered sleeps")
        for c in ["r", "a", "i", "n"] { key(s, c) }   // the rain falls all the time
        key(s, "escape")
        let rain = try XCTUnwrap(card(s, "rainy-street"))
        s.advance(to: 1, inputs: [(1, .pointer(.move(rain.frame.center)))])
        XCTAssertNotNil(s.nextChange, "a hovered card plays")
        XCTAssertEqual(gallery(s).grid.player.sceneID, "rainy-street")
        func particles(at t: Double) -> [RecordingRenderer.ParticleDraw] {
            s.advance(to: t)
            let r = RecordingRenderer()
            s.draw(on: r)
            return r.particleDraws
        }
        let (a, b) = (particles(at: 1.2), particles(at: 2.0))
        XCTAssertFalse(a.isEmpty, "the rain is drawn in the card")
        XCTAssertNotEqual(a.flatMap(\.positions), b.flatMap(\.positions), "the card's scene moves")
        // Drawn inside the card's picture box: clipped to it.
        let box = GalleryLayout.pictureBox(of: rain.frame)
        for d in a + b {
            let clip = try XCTUnwrap(d.clip)
            XCTAssertTrue(clip.minX >= box.minX - 0.5 && clip.maxX <= box.maxX + 0.5 && clip.minY >= box.minY - 0.5
                          && clip.maxY <= box.maxY + 0.5, "particles clipped to \(clip), outside the box \(box)")
        }
        s.advance(to: 2.1, inputs: [(2.1, .pointer(.cancel))])
        s.draw(on: RecordingRenderer())
        XCTAssertNil(gallery(s).grid.player.sceneID, "the pointer left: the card stops")
        XCTAssertNil(s.nextChange, "left: asleep again")
        // The sounds of a playing card are muted: the session's player heard nothing.
        XCTAssertTrue((s.sound as! RecordingSoundPlayer).events.allSatisfy { if case .play = $0.action { false } else { true } })
    }

    /// The wheel scrolls the grid: the cards move up by the lines scrolled, a line 60 pt; it stops at the ends.
    func testTheWheelScrolls() async throws {
        let s = try Session(sceneID: nil, size: Size(1280, 800), sound: RecordingSoundPlayer())
        let first = try XCTUnwrap(cards(s).first)
        let at = Point(640, 400)
        s.advance(to: 0.1, inputs: [(0.1, .pointer(.wheel(at, 3)))])
        XCTAssertEqual(try XCTUnwrap(cards(s).first).frame.minY, first.frame.minY - 180, "three lines down")
        s.advance(to: 0.2, inputs: [(0.2, .pointer(.wheel(at, -10)))])
        XCTAssertEqual(try XCTUnwrap(cards(s).first).frame.minY, first.frame.minY, "back at the top, no further")
        s.advance(to: 0.3, inputs: [(0.3, .pointer(.wheel(at, 10_000)))])
        let last = try XCTUnwrap(cards(s).last)
        XCTAssertFalse(last.hidden, "at the bottom the last card is in view")
        XCTAssertLessThanOrEqual(last.frame.maxY, 800 - GalleryScene.footerHeight)
    }

    /// A still pointer plays the card that is under it now: scrolling with the wheel moves another card there.
    func testAStillPointerFollowsTheCardsUnderIt() async throws {
        let s = try Session(sceneID: nil, size: Size(1280, 800), sound: RecordingSoundPlayer())
        let second = try XCTUnwrap(cards(s).dropFirst().first)
        let p = second.frame.center
        s.advance(to: 0.1, inputs: [(0.1, .pointer(.move(p)))])
        s.draw(on: RecordingRenderer())
        XCTAssertEqual("card:" + (gallery(s).grid.player.sceneID ?? ""), second.name)
        s.advance(to: 0.2, inputs: [(0.2, .pointer(.wheel(p, 4)))])
        s.draw(on: RecordingRenderer())
        let under = try XCTUnwrap(cards(s).first { !$0.hidden && $0.frame.contains(p) }, "a card is under the pointer")
        XCTAssertNotEqual(under.name, second.name)
        XCTAssertEqual("card:" + (gallery(s).grid.player.sceneID ?? ""), under.name, "the card now under the pointer plays")
    }
}
