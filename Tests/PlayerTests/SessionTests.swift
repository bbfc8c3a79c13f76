import Player
import Scenes
import Stage
import XCTest
import ZoetropeTestSupport

/// The keys every scene shares and the menu, through the session the window and headless loops both run.
@MainActor
final class SessionTests: XCTestCase {
    func key(_ s: Session, _ name: String) { s.advance(to: s.time, inputs: [(s.time, .key(Key(parsing: name)!))]) }

    func testPauseStepAndSlowMotion() async throws {
        let s = try Session(sceneID: "elevator", size: nil, sound: RecordingSoundPlayer())
        s.advance(to: 1)
        XCTAssertEqual(s.sceneTime, 1, accuracy: 1e-12)
        key(s, "space")
        XCTAssertTrue(s.isPaused)
        s.advance(to: 2)
        XCTAssertEqual(s.sceneTime, 1, accuracy: 1e-12, "paused: scene time stands still")
        key(s, ".")
        s.advance(to: 2.5)
        XCTAssertEqual(s.sceneTime, 1 + 1.0 / 60, accuracy: 1e-12, "a step is one frame")
        key(s, "space")
        key(s, "s")
        XCTAssertTrue(s.isSlowMotion)
        s.advance(to: 3.5)
        XCTAssertEqual(s.sceneTime, 1 + 1.0 / 60 + 0.1, accuracy: 1e-9, "slow motion runs at x0.1")
    }

    func testSoundsFollowSlowMotionOnThePlayersTimeLine() async throws {
        let sounds = RecordingSoundPlayer()
        let s = try Session(sceneID: "elevator", size: nil, sound: sounds)
        key(s, "s")
        s.advance(to: 1, inputs: [(1, .pointer(.press(Point(393.0 / 33, 379.5)))), (1, .pointer(.release(Point(393.0 / 33, 379.5))))])
        s.advance(to: 7)
        // The door sound is due 0.5 s of scene time after the click: 5 s of player time at x0.1.
        XCTAssertEqual(sounds.starts(of: "doorsOpenClose").first ?? -1, 6, accuracy: 1e-9)
    }

    /// What lets a window sleep (issue 9): a still scene or the menu has no next change until input; a click that
    /// animates, a pending timer and a particle scene do.
    func testNextChangeTellsTheWindowWhenItMaySleep() async throws {
        let s = try Session(sceneID: "elevator", size: nil, sound: RecordingSoundPlayer())
        s.advance(to: 0.5)
        s.draw(on: RecordingRenderer())
        XCTAssertNil(s.nextChange, "the closed elevator is still")
        let button = Point(393.0 / 33, 379.5)
        s.advance(to: 1, inputs: [(1, .pointer(.press(button))), (1, .pointer(.release(button)))])
        XCTAssertEqual(s.nextChange ?? .nan, 1, accuracy: 1e-9, "the doors start moving: draw every frame")
        s.advance(to: 10)
        s.draw(on: RecordingRenderer())
        XCTAssertNil(s.nextChange, "open and still again")
        let menu = try Session(sceneID: nil, size: Size(1280, 800), sound: RecordingSoundPlayer())
        XCTAssertNil(menu.nextChange, "the gallery with nothing hovered")
        let rain = try Session(sceneID: "rainy-street", size: nil, sound: RecordingSoundPlayer())
        XCTAssertEqual(rain.nextChange ?? .nan, rain.time, accuracy: 1e-9, "particles move all the time")
        key(rain, "space")
        XCTAssertNil(rain.nextChange, "paused: nothing moves")
    }

    func testMenuOpensASceneAndEscapeComesBack() async throws {
        let s = try Session(sceneID: nil, size: Size(1280, 800), sound: RecordingSoundPlayer())
        XCTAssertTrue(s.isInMenu)
        var changes: [String] = []
        s.onSceneChange = { changes.append($0.id) }
        key(s, "down")      // the arrow keys move the selection…
        for c in ["n", "e", "e", "d"] { key(s, c) }     // …and typing part of a title finds it
        key(s, "return")
        XCTAssertEqual(s.host.info.id, "elevator")
        XCTAssertEqual(s.sceneTime, 0, "entering a scene starts its clock at 0")
        s.advance(to: 2)
        key(s, "escape")
        XCTAssertTrue(s.isInMenu)
        XCTAssertEqual(changes, ["elevator", "menu"])
    }

    func testMenuClickOnAnEntry() async throws {
        let s = try Session(sceneID: nil, size: Size(1280, 800), sound: RecordingSoundPlayer())
        // The gallery's second card, where its probe says it is.
        s.layout()
        let card = try XCTUnwrap(s.probe.probe("card:\(SceneCatalog.all[1].info.id)", at: 0))
        let entry = card.frame.center
        s.advance(to: 0.5, inputs: [(0.5, .pointer(.press(entry))), (0.5, .pointer(.release(entry)))])
        XCTAssertEqual(s.host.info.id, SceneCatalog.all[1].info.id)
    }

    func testLeavingASceneStopsItsSoundsAndTimers() async throws {
        let sounds = RecordingSoundPlayer()
        let s = try Session(sceneID: "elevator", size: nil, sound: sounds)
        let b = Point(393.0 / 33, 379.5)
        s.advance(to: 0.1, inputs: [(0.1, .pointer(.press(b))), (0.1, .pointer(.release(b)))])
        key(s, "escape")
        s.advance(to: 3)
        XCTAssertEqual(sounds.starts(of: "doorsOpenClose"), [], "the pending door sound was cancelled")
        XCTAssertTrue(sounds.events.contains { $0.action == .stop && $0.channel == nil })
    }

    func testCtrlQQuitsAndUnknownSceneIsAnError() async throws {
        let s = try Session(sceneID: "elevator", size: nil, sound: RecordingSoundPlayer())
        key(s, "ctrl+q")
        XCTAssertTrue(s.quitRequested)
        XCTAssertThrowsError(try Session(sceneID: "nope", size: nil, sound: RecordingSoundPlayer())) { error in
            XCTAssertTrue("\(error)".contains("elevator"), "lists the valid ids")
        }
    }
}
