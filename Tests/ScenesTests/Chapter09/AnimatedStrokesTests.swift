import Stage
import XCTest

/// Spec 03 §2.3, `ch09-animated-strokes`: the chasers' timers, targets and presented trim windows (checks 2–4, the
/// first part of 1), frame by frame against §2.1 and the additive model (§0.5), for all three views.
@MainActor
final class AnimatedStrokesTests: ViewSceneTestCase {
    let id = "ch09-animated-strokes"

    func window(_ node: String) -> (Double, Double)? {
        Ch9.window((presented(node, "trim.from"), presented(node, "trim.to")))
    }

    func model(_ node: String) -> (from: Double, to: Double) {
        (h.value(node, "trim.from")?.model ?? .nan, h.value(node, "trim.to")?.model ?? .nan)
    }

    /// Check 1 (timing part): before the first tick at 0.23 s nothing is drawn: both ends are 0.
    func testCheck1NoChaserBeforeTheFirstTick() async throws {
        try open(id, render: false)
        for t in stride(from: 0.0, to: 0.23, by: 1.0 / 60) {
            h.advance(to: t)
            for v in Ch9.views {
                XCTAssertEqual(presented(v.chaser, "trim.from"), 0, "\(v.chaser) at \(t)")
                XCTAssertEqual(presented(v.chaser, "trim.to"), 0, "\(v.chaser) at \(t)")
                XCTAssertNil(window(v.chaser), "\(v.chaser) draws nothing at \(t)")
            }
        }
        h.advance(to: 0.2299)
        XCTAssertNil(window("weChaser"))
        h.advance(to: 0.2301)
        XCTAssertNotNil(window("weChaser"), "the first tick starts the chase")
    }

    /// Check 2: the targets just after ticks 1–13 are the table's; the reset comes at 2.90 s, between ticks 12 and 13.
    func testCheck2TickTargets() async throws {
        try open(id, render: false)
        let table: [(n: Int, end: Double, start: Double)] = [
            (1, 0.12, -0.28), (2, 0.24, -0.16), (3, 0.36, -0.04), (4, 0.48, 0.08), (5, 0.60, 0.20), (6, 0.72, 0.32),
            (7, 0.84, 0.44), (8, 0.96, 0.56), (9, 1.08, 0.68), (10, 1.20, 0.80), (11, 1.32, 0.92), (12, 1.44, 1.04),
            (13, 0.12, -0.28)]
        for row in table {
            let t = 0.23 * Double(row.n) + 0.005
            h.advance(to: t)
            // The model is right from the tick on; the presented values have not caught up yet.
            XCTAssertEqual(Ch9.targets(at: t).end, row.end, accuracy: 1e-9, "the spec's table, tick \(row.n)")
            for v in Ch9.views {
                XCTAssertEqual(model(v.chaser).to, row.end, accuracy: 1e-9, "\(v.chaser) end after tick \(row.n)")
                XCTAssertEqual(model(v.chaser).from, row.start, accuracy: 1e-9, "\(v.chaser) start after tick \(row.n)")
            }
            if row.n == 10 {
                XCTAssertEqual(stateValues("resetArmed"), [.state(.bool(false)), .state(.bool(false)), .state(.bool(false))], "tick 10 arms the reset")
            }
            if row.n == 12 {
                h.advance(to: 2.8999)
                for v in Ch9.views { XCTAssertEqual(model(v.chaser).to, 1.44, accuracy: 1e-9, "no reset before 2.90") }
                h.advance(to: 2.9001)
                for v in Ch9.views {
                    XCTAssertEqual(model(v.chaser).to, 0, "reset at 2.90")
                    XCTAssertEqual(presented(v.chaser, "trim.to"), 0, "the reset jumps: no animation left running")
                    XCTAssertEqual(presented(v.chaser, "trim.from"), 0)
                }
                XCTAssertEqual(stateValues("resetArmed"), [.state(.bool(true)), .state(.bool(true)), .state(.bool(true))])
            }
        }
    }

    /// Check 2 (exactly one reset per cycle) and check 4 (periodic targets), watched frame by frame for three cycles:
    /// the end target drops only at 2.90 + 2.76k, and the targets after tick n equal those after tick n + 12.
    func testCheck2And4OneResetPerCycleAndPeriodicTargets() async throws {
        try open(id, render: false)
        var drops: [String: [Double]] = [:]
        var last: [String: Double] = [:]
        var t = 0.0
        while t < 3 * 2.76 + 0.5 {
            t += 1.0 / 60
            h.advance(to: t)
            for v in Ch9.views {
                let end = model(v.chaser).to
                if let l = last[v.chaser], end < l { drops[v.chaser, default: []].append(t) }
                last[v.chaser] = end
                let target = Ch9.targets(at: t)
                // Frames that land on an event within rounding are left out: the order there is a tie.
                if Ch9.changes(until: t + 1e-6).count == Ch9.changes(until: t - 1e-6).count {
                    XCTAssertEqual(end, target.end, accuracy: 1e-9, "\(v.chaser) end at \(t)")
                    XCTAssertEqual(model(v.chaser).from, target.start, accuracy: 1e-9, "\(v.chaser) start at \(t)")
                }
            }
        }
        let expected = [2.90, 5.66, 8.42]
        XCTAssertEqual(Ch9.resetTimes(until: 3 * 2.76 + 0.5).count, 3)
        for (i, r) in Ch9.resetTimes(until: 3 * 2.76 + 0.5).enumerated() { XCTAssertEqual(r, expected[i], accuracy: 1e-9) }
        for v in Ch9.views {
            let d = drops[v.chaser] ?? []
            XCTAssertEqual(d.count, 3, "\(v.chaser): one reset per 12-tick cycle, got \(d)")
            for (got, want) in zip(d, expected) { XCTAssertEqual(got, want, accuracy: 1.0 / 60 + 1e-9, v.chaser) }
        }
        // Check 4: just after tick n and tick n + 12 (and n + 24) the targets are the same.
        try open(id, render: false)
        var after: [Int: (Double, Double)] = [:]
        for n in 1...36 {
            h.advance(to: 0.23 * Double(n) + 0.01)
            after[n] = model("heartChaser")
        }
        for n in 1...24 {
            XCTAssertEqual(after[n]!.0, after[n + 12]!.0, accuracy: 1e-9, "start after tick \(n) and \(n + 12)")
            XCTAssertEqual(after[n]!.1, after[n + 12]!.1, accuracy: 1e-9, "end after tick \(n) and \(n + 12)")
        }
    }

    /// Check 3: the spec's presented windows, ±0.01 of the path.
    func testCheck3PresentedWindows() async throws {
        try open(id, render: false)
        let spec: [(t: Double, w: (Double, Double)?)] = [(1.0, (0, 0.3992)), (2.0, (0.5165, 0.9165)), (2.5, (0.7709, 1.0)),
                                                         (2.95, nil), (4.0, (0.1250, 0.5250))]
        for (t, w) in spec {
            h.advance(to: t)
            XCTAssertEqual(Ch9.window(Ch9.presented(at: t)) == nil, w == nil, "the model agrees with the spec at \(t)")
            if let m = Ch9.window(Ch9.presented(at: t)), let w {
                XCTAssertEqual(m.0, w.0, accuracy: 0.0001); XCTAssertEqual(m.1, w.1, accuracy: 0.0001)
            }
            for v in Ch9.views {
                let got = window(v.chaser)
                if let w {
                    XCTAssertEqual(got?.0 ?? .nan, w.0, accuracy: 0.01, "\(v.chaser) from at \(t)")
                    XCTAssertEqual(got?.1 ?? .nan, w.1, accuracy: 0.01, "\(v.chaser) to at \(t)")
                } else {
                    XCTAssertNil(got, "\(v.chaser) empty at \(t)")
                }
            }
        }
    }

    /// The presented trim.from and trim.to of every chaser, every frame for three cycles, against the additive model
    /// (§0.5) with the reset's jump (the spec allows ±0.01; they agree far closer).
    func testPresentedTrimFrameByFrame() async throws {
        try open(id, render: false)
        var t = 0.0
        var checked = 0
        while t < 8.6 {
            h.advance(to: t)
            let nearReset = Ch9.resetTimes(until: t + 1).contains { abs($0 - t) < 1e-6 }
            if !nearReset {
                let want = Ch9.presented(at: t)
                for v in Ch9.views {
                    XCTAssertEqual(presented(v.chaser, "trim.from"), want.from, accuracy: 1e-4, "\(v.chaser) from at \(t)")
                    XCTAssertEqual(presented(v.chaser, "trim.to"), want.to, accuracy: 1e-4, "\(v.chaser) to at \(t)")
                }
                checked += 1
            }
            t += 1.0 / 60
        }
        XCTAssertGreaterThan(checked, 500)
    }

    /// §2.1: the three repeating timers (and a pending reset's one-shot) run on the scene's clock, and leaving the
    /// scene (Escape, back to the menu) stops them, although the scene never invalidates them.
    func testTimersStopWhenTheSceneCloses() async throws {
        try open(id, render: false)
        let host = h.session.host
        h.advance(to: 1)
        XCTAssertEqual(host.clock.pendingTimerCount, 3, "one repeating timer per view")
        h.advance(to: 2.4)
        XCTAssertEqual(host.clock.pendingTimerCount, 6, "and one pending reset each after tick 10")
        h.key("escape")
        h.advance(to: 2.5)
        XCTAssertFalse(h.session.host === host, "back at the menu")
        XCTAssertEqual(host.clock.pendingTimerCount, 0, "the scene's timers are gone")
    }

    /// The state variables the probe lists (`state.NAME`, once per view).
    func stateValues(_ name: String) -> [ProbeValue] {
        probe("weChaser").values.filter { $0.key == "state." + name }.map(\.value)
    }
}
