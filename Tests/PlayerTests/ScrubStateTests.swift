import Backend
import Stage
import XCTest
import ZoetropeTestSupport
@testable import Player

/// The scrub's bookkeeping, in process: the input log's history rule and the frame cache's budget.
@MainActor
final class ScrubStateTests: XCTestCase {
    func testTheLogKeepsTheFutureWhileTheSceneSitsAtASeekPointAndDropsItWhenItMovesOn() async {
        var log = InputLog(startSize: Size(100, 100))
        log.layout(at: 0)
        log.append(.pointer(.press(Point(1, 1))), at: 0.5)
        log.layout(at: 1)
        log.append(.key(Key("a")), at: 2)
        log.layout(at: 2)
        log.reached(3)
        XCTAssertEqual(log.latest, 3)
        XCTAssertFalse(log.isBehind)
        // A seek to 1 (after the layout at 1): the future stays, layouts at the seek point are not history.
        log.sit(at: 1, cursor: 3, extraLayout: false, size: Size(100, 100))
        XCTAssertTrue(log.isBehind)
        log.layout(at: 1)
        XCTAssertEqual(log.records.count, 5)
        XCTAssertEqual(log.latest, 3)
        // New input drops the future: the history ends at 1, then the input.
        log.append(.text("x"), at: 1)
        XCTAssertFalse(log.isBehind)
        XCTAssertEqual(log.records.map(\.time), [0, 0.5, 1, 1])
        XCTAssertEqual(log.records.last?.entry, .text("x"))
        XCTAssertEqual(log.latest, 1)
    }

    /// The history has a budget: past `capacity` records nothing more is kept and the timeline ends there; a scrub
    /// back that moves on makes room again.
    func testTheHistoryStopsGrowingAtItsCapacity() async {
        var log = InputLog(startSize: Size(100, 100))
        log.capacity = 4
        for i in 0..<4 { log.layout(at: Double(i)) }
        XCTAssertFalse(log.isFull)
        log.append(.key(Key("a")), at: 4)
        log.layout(at: 5)
        log.reached(6)
        XCTAssertTrue(log.isFull)
        XCTAssertEqual(log.records.map(\.time), [0, 1, 2, 3], "nothing past the capacity")
        XCTAssertEqual(log.latest, 3, "the timeline ends at the last record kept")
        // Back to 1 and on: the future is dropped, so there is room again.
        log.sit(at: 1, cursor: 2, extraLayout: false, size: Size(100, 100))
        log.append(.text("x"), at: 1)
        XCTAssertFalse(log.isFull)
        XCTAssertEqual(log.records.map(\.time), [0, 1, 1])
        XCTAssertEqual(InputLog.defaultCapacity, 1_000_000)
    }

    func testASeekBetweenFramesMakesItsOwnLayoutHistoryWhenTheScenePlaysOn() async {
        var log = InputLog(startSize: Size(100, 100))
        log.layout(at: 0)
        log.layout(at: 1)
        log.sit(at: 0.4, cursor: 1, extraLayout: true, size: Size(100, 100))
        log.commit()
        XCTAssertEqual(log.records.map(\.time), [0, 0.4])
        XCTAssertEqual(log.latest, 0.4)
        XCTAssertEqual(log.layoutTime(near: 0.41, within: 0.02), 0.4)
        XCTAssertNil(log.layoutTime(near: 0.2, within: 0.02))
    }

    func testTheFrameCacheStaysWithinItsBudgetByDoublingItsSpacing() async {
        let picture = Framebuffer(width: 10, height: 10, pixels: [UInt8](repeating: 0, count: 400))
        let cache = FrameCache(budget: 400 * 4)
        for k in 0..<100 { let t = Double(k) / 60; if cache.wants(t) { cache.add(picture, at: t) } }
        XCTAssertLessThanOrEqual(cache.bytes, 400 * 4)
        XCTAssertGreaterThan(cache.spacing, 0.25)
        XCTAssertEqual(cache.picture(near: 1.0)?.time ?? -1, cache.frames.last { $0.time <= 1.0 }!.time)
        cache.drop(after: 0.5)
        XCTAssertTrue(cache.frames.allSatisfy { $0.time <= 0.5 })
        XCTAssertTrue(cache.wants(1.0))
    }

    /// Issue 24: the scrub pictures are small — a quarter of the window each way, eight of a 1280x800 window at most.
    func testTheFrameCacheKeepsEightQuarterSizePicturesOfA1280x800Window() async {
        XCTAssertEqual(FrameCache.reduction, 2)
        let picture = Framebuffer(width: 1280 >> FrameCache.reduction, height: 800 >> FrameCache.reduction,
                                  pixels: [UInt8](repeating: 0, count: (1280 >> 2) * (800 >> 2) * 4))
        let cache = FrameCache()
        for k in 0..<240 { let t = Double(k) / 60; if cache.wants(t) { cache.add(picture, at: t) } }
        XCTAssertEqual(cache.frames.count, 8)
        XCTAssertLessThanOrEqual(cache.bytes, 2 << 20)
    }

    func testScriptSeekParses() async throws {
        XCTAssertEqual(try Script(parsing: "at 8 seek 5").events, [Script.Event(time: 8, action: .seek(5))])
        XCTAssertThrowsError(try Script(parsing: "at 8 seek"))
        XCTAssertThrowsError(try Script(parsing: "at 8 seek -1"))
        XCTAssertThrowsError(try Script(parsing: "at 8 seek nan"))
    }

    /// The bar reads a picture for the cache over four frames (issue 24: a whole one in one frame dropped a frame):
    /// the picture is of the first frame's time, its top rows are that frame's; a picture whose frames would be far
    /// apart (a seek back) is dropped, not kept.
    func testTheBarReadsEachPictureOverFourFrames() async throws {
        let session = try Session(sceneID: "ch06-girl-on-swing", size: Size(390, 844), sound: RecordingSoundPlayer())
        let canvas = try HeadlessCanvas(width: 390, height: 844, assets: session.host.context.assets)
        let bar = TimelineBar()
        func frame(at t: Double) {
            session.advance(to: t)
            session.draw(on: canvas.renderer)
            bar.sceneDrawn(session: session, renderer: canvas.renderer)
        }
        for i in 0..<3 { frame(at: 1 + Double(i) / 60) }   // a window's first frames are not kept
        XCTAssertTrue(bar.cache.frames.isEmpty)
        let start = 1 + 3.0 / 60
        frame(at: start)
        let first = canvas.renderer.readFramebufferReduced(levels: FrameCache.reduction)
        for i in 1..<TimelineBar.captureFrames {
            XCTAssertTrue(bar.cache.frames.isEmpty, "frame \(i): the picture is not read yet")
            frame(at: start + Double(i) / 60)
        }
        XCTAssertEqual(bar.cache.frames.map(\.time), [start])
        let kept = try XCTUnwrap(bar.cache.frames.first?.picture)
        XCTAssertEqual([kept.width, kept.height], [first.width, first.height])
        let stripBytes = SDLRenderer.readbackStripRows / (1 << FrameCache.reduction) * kept.width * 4
        XCTAssertTrue(kept.pixels.prefix(stripBytes) == first.pixels.prefix(stripBytes), "the first strip is of the first frame")
        XCTAssertFalse(kept.pixels == first.pixels, "the swing moved on while the lower parts were read")

        // A new slot (0.25 s each) starts a picture; a seek back before it is read drops it; a later slot's is read.
        frame(at: 1.3)
        _ = session.seek(to: 1.1, snap: false)
        for i in 0...TimelineBar.captureFrames { frame(at: 1.1 + Double(i) / 60) }
        XCTAssertEqual(bar.cache.frames.map(\.time), [start], "the picture begun at 1.3 s is gone")
        for i in 0...TimelineBar.captureFrames { frame(at: 1.5 + Double(i) / 60) }
        XCTAssertEqual(bar.cache.frames.map(\.time), [start, 1.5])
    }
}
