import XCTest
@testable import Motion

final class ClockTests: XCTestCase {
    func testStartsAtZeroAndAdvances() {
        let clock = Clock()
        XCTAssertEqual(clock.now, 0)
        clock.advance(by: 0.25)
        XCTAssertEqual(clock.now, 0.25)
        clock.advance(to: 1.5)
        XCTAssertEqual(clock.now, 1.5)
        clock.advance(to: 1.0)          // never goes back
        XCTAssertEqual(clock.now, 1.5)
        XCTAssertNil(clock.nextDueTime)
    }

    func testTimersFireInDueOrderAtExactTimes() {
        let clock = Clock()
        var log: [(String, Double)] = []
        clock.schedule(after: 0.5) { log.append(("b", clock.now)) }
        clock.schedule(after: 0.3) { log.append(("a", clock.now)) }
        clock.schedule(after: 0.8) { log.append(("c", clock.now)) }
        clock.schedule(after: 0.5) { log.append(("b2", clock.now)) }   // tie: scheduling order
        XCTAssertEqual(clock.nextDueTime, 0.3)
        clock.advance(to: 1.0)
        XCTAssertEqual(log.map { $0.0 }, ["a", "b", "b2", "c"])
        XCTAssertEqual(log.map { $0.1 }, [0.3, 0.5, 0.5, 0.8])
        XCTAssertEqual(clock.now, 1.0)
    }

    func testDueExactlyAtStepEndFires() {
        let clock = Clock()
        var fired = false
        clock.schedule(after: 0.5) { fired = true }
        clock.advance(to: 0.4999)
        XCTAssertFalse(fired)
        clock.advance(to: 0.5)
        XCTAssertTrue(fired)
    }

    /// README §3.2: the same results at any step size.
    func testBigStepEqualsSmallSteps() {
        func run(step: Double?) -> [String] {
            let clock = Clock()
            var log: [String] = []
            let rec = { (name: String) in log.append("\(name)@\(clock.now)") }
            clock.schedule(after: 0.5) { rec("door") }
            clock.schedule(after: 5.5) { rec("chime") }
            clock.schedule(after: 1.0, repeats: true) { rec("tick") }
            clock.schedule(after: 2.0) {
                rec("nested")
                clock.schedule(after: 0.25) { rec("child") }
                clock.schedule(after: 0) { rec("zero") }
            }
            let cancel = clock.schedule(after: 3.0) { rec("cancelled") }
            clock.schedule(after: 2.9) { cancel.invalidate() }
            if let step = step {
                var t = 0.0
                while t < 7 { t += step; clock.advance(to: t) }
            } else {
                clock.advance(to: 7.0)
            }
            return log
        }
        let big = run(step: nil)
        XCTAssertEqual(run(step: 1.0 / 60), big)
        XCTAssertEqual(run(step: 0.37), big)
        XCTAssertEqual(run(step: 2.5), big)
        XCTAssertEqual(big, ["door@0.5", "tick@1.0", "tick@2.0", "nested@2.0", "zero@2.0", "child@2.25",
                             "tick@3.0", "tick@4.0", "tick@5.0", "chime@5.5", "tick@6.0", "tick@7.0"])
    }

    func testTimersScheduledFromTimers() {
        let clock = Clock()
        var log: [Double] = []
        clock.schedule(after: 1) {
            log.append(clock.now)
            clock.schedule(after: 0.5) {
                log.append(clock.now)
                clock.schedule(after: 2) { log.append(clock.now) }   // due 3.5 > 2: waits for the next call
            }
        }
        clock.advance(to: 2)
        XCTAssertEqual(log, [1, 1.5])
        XCTAssertEqual(clock.nextDueTime, 3.5)
        clock.advance(to: 3.5)
        XCTAssertEqual(log, [1, 1.5, 3.5])
    }

    func testZeroDelayWaitsForNextAdvance() {
        let clock = Clock()
        clock.advance(to: 1)
        var fired: Double?
        clock.schedule(after: 0) { fired = clock.now }
        XCTAssertNil(fired)
        clock.advance(by: 0)
        XCTAssertEqual(fired, 1)
    }

    func testInvalidation() {
        let clock = Clock()
        var count = 0
        let t = clock.schedule(after: 1) { count += 1 }
        XCTAssertTrue(t.isValid)
        XCTAssertEqual(t.fireTime, 1)
        t.invalidate()
        XCTAssertFalse(t.isValid)
        XCTAssertNil(clock.nextDueTime)
        clock.advance(to: 5)
        XCTAssertEqual(count, 0)
        // A one-shot timer becomes invalid after it fired (valid while its action runs, like Foundation's Timer).
        var validInside = false
        var u: TimerHandle!
        u = clock.schedule(after: 1) { validInside = u.isValid }
        clock.advance(to: 6)
        XCTAssertTrue(validInside)
        XCTAssertFalse(u.isValid)
        // Invalidating one timer leaves the others.
        let a = clock.schedule(after: 1) { count += 10 }
        clock.schedule(after: 1) { count += 100 }
        a.invalidate()
        clock.advance(to: 7)
        XCTAssertEqual(count, 100)
    }

    func testElevatorOrphanedAndCancelledTimers() {
        // 04 §1.6 / §1.12 items 5 and 6: a referenced timer is cancelled; an orphaned one still fires.
        let clock = Clock()
        var sounds: [Double] = []
        var doorSoundTimer: TimerHandle?
        var chimesTimer: TimerHandle?
        func click() {
            doorSoundTimer?.invalidate(); chimesTimer?.invalidate()
            doorSoundTimer = clock.schedule(after: 0.5) { sounds.append(clock.now) }
            chimesTimer = clock.schedule(after: 5.5) { sounds.append(-clock.now) }
            // The ride's 8.5 s door sound replaces the reference and orphans the 0.5 s one.
            doorSoundTimer = clock.schedule(after: 8.5) { sounds.append(clock.now) }
        }
        click()
        clock.advance(to: 0.3)
        click()
        clock.advance(to: 20)
        XCTAssertEqual(sounds, [0.5, 0.8, -5.8, 8.8])   // 0.5 orphaned (fires); 5.5 and 8.5 cancelled
    }

    func testRepeatingTimerHasNoDrift() {
        let clock = Clock()
        var times: [Double] = []
        let t = clock.schedule(after: 0.1, repeats: true) { times.append(clock.now) }
        var now = 0.0
        for _ in 0..<1000 { now += 0.0013; clock.advance(to: now) }
        XCTAssertEqual(times.count, Int((now / 0.1).rounded(.down)))
        for (k, time) in times.enumerated() {
            XCTAssertEqual(time, Double(k + 1) * 0.1, "tick \(k + 1) is start + k·interval exactly")
        }
        t.invalidate()
        let n = times.count
        clock.advance(by: 1)
        XCTAssertEqual(times.count, n)
        XCTAssertTrue(t.repeats)
    }

    func testRepeatingTimerInvalidatedFromItsOwnAction() {
        let clock = Clock()
        var ticks = 0
        var handle: TimerHandle?
        handle = clock.schedule(after: 1, repeats: true) {
            ticks += 1
            if ticks == 3 { handle?.invalidate() }
        }
        clock.advance(to: 10)
        XCTAssertEqual(ticks, 3)
        XCTAssertEqual(handle?.isValid, false)
    }

    func testCancelAll() {
        let clock = Clock()
        var count = 0
        let a = clock.schedule(after: 1) { count += 1 }
        let b = clock.schedule(after: 2, repeats: true) { count += 1 }
        clock.cancelAll()
        XCTAssertFalse(a.isValid); XCTAssertFalse(b.isValid)
        XCTAssertNil(clock.nextDueTime)
        XCTAssertEqual(clock.pendingTimerCount, 0)
        clock.advance(to: 10)
        XCTAssertEqual(count, 0)
        // cancelAll from inside a repeating timer stops that timer too.
        var ticks = 0
        clock.schedule(after: 1, repeats: true) { ticks += 1; clock.cancelAll() }
        clock.schedule(after: 1.5) { ticks += 100 }
        clock.advance(to: 20)
        XCTAssertEqual(ticks, 1)
    }

    func testNextDueTimeAndScheduleAt() {
        let clock = Clock()
        clock.advance(to: 2)
        let a = clock.schedule(after: 3) {}
        clock.schedule(at: 4) {}
        XCTAssertEqual(clock.nextDueTime, 4)
        XCTAssertEqual(clock.pendingTimerCount, 2)
        clock.advance(to: 4)
        XCTAssertEqual(clock.nextDueTime, 5)
        a.invalidate()
        XCTAssertNil(clock.nextDueTime)
    }

    func testManyInvalidatedTimersAreCompacted() {
        let clock = Clock()
        var fired = 0
        for i in 0..<1000 {
            let t = clock.schedule(after: 100 + Double(i)) { fired += 1 }
            if i % 10 != 0 { t.invalidate() }
        }
        clock.advance(to: 1)
        XCTAssertEqual(clock.pendingTimerCount, 100)
        clock.advance(to: 2000)
        XCTAssertEqual(fired, 100)
    }
}
