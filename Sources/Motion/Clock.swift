import Foundation

/// The one clock of a scene (README §3.2). Only the run loop advances it: real time in a window, fixed virtual steps
/// in headless mode and tests. Timers fire at their exact due times, in due-time order (ties: the order in which
/// they were scheduled), even when one `advance` passes several of them, so a run gives identical results at any
/// step size.
public final class Clock {
    /// Seconds since the clock started. While a timer fires, `now` equals that timer's exact due time.
    public private(set) var now: Double

    private var queue = TimerQueue()
    private var nextSequence: UInt64 = 0
    private var isAdvancing = false
    private var firing: TimerHandle?

    public init() { now = 0 }

    /// A clock starting at `time` (e.g. a scene entered at a non-zero run-loop time).
    public init(startingAt time: Double) { now = time }

    /// Advances to `time`, firing every due timer (due ≤ `time`) in due-time order, each with `now` set to its due
    /// time. Timers scheduled by a firing timer that fall due ≤ `time` also fire in this call. Then `now = time`.
    /// A `time` earlier than `now` fires what is already due and leaves `now` unchanged (the clock never goes back).
    /// A call made from inside a firing timer is ignored (the outer call is already advancing).
    public func advance(to time: Double) {
        guard !isAdvancing, !time.isNaN else { return }
        isAdvancing = true
        defer { isAdvancing = false }
        let end = max(time, now)
        while let entry = queue.peek(), entry.due <= end {
            queue.pop()
            let timer = entry.timer
            guard timer.isValid else { continue }
            now = max(now, entry.due)
            firing = timer
            timer.fire()
            firing = nil
            if timer.repeats && timer.isValid {
                timer.firedCount += 1
                let due = timer.start + Double(timer.firedCount + 1) * timer.interval
                queue.push(Entry(due: due, sequence: entry.sequence, timer: timer))
            } else if !timer.repeats {
                timer.markDone()
            }
        }
        now = end
        queue.compactIfNeeded()
    }

    /// `advance(to: now + dt)`.
    public func advance(by dt: Double) {
        advance(to: now + dt)
    }

    /// Schedules `action` at `now + interval` (a negative interval counts as 0; a 0-s timer waits for the next
    /// `advance`, or fires later in the current one when scheduled by a firing timer). A repeating timer fires again
    /// every `interval` seconds at start + k·interval (no drift); a repeating timer needs interval > 0, otherwise it
    /// fires once.
    @discardableResult
    public func schedule(after interval: Double, repeats: Bool = false, _ action: @escaping () -> Void) -> TimerHandle {
        let iv = interval.isFinite ? max(interval, 0) : (interval == .infinity ? .infinity : 0)
        let timer = TimerHandle(clock: self, start: now, interval: iv, repeats: repeats && iv > 0 && iv.isFinite,
                                action: action)
        enqueue(timer, due: now + iv)
        return timer
    }

    /// Schedules a one-shot `action` at the absolute clock time `time` (never earlier than `now`).
    @discardableResult
    public func schedule(at time: Double, _ action: @escaping () -> Void) -> TimerHandle {
        schedule(after: time - now, action)
    }

    /// Invalidates every pending timer.
    public func cancelAll() {
        for entry in queue.entries { entry.timer.invalidate() }
        firing?.invalidate()
        queue.removeAll()
    }

    /// Due time of the earliest pending (valid) timer, for loops that interleave input.
    public var nextDueTime: Double? {
        while let entry = queue.peek() {
            if entry.timer.isValid { return entry.due }
            queue.pop()
        }
        return nil
    }

    /// Number of pending valid timers.
    public var pendingTimerCount: Int {
        queue.entries.reduce(0) { $0 + ($1.timer.isValid ? 1 : 0) }
    }

    // MARK: - Internals

    fileprivate func enqueue(_ timer: TimerHandle, due: Double) {
        let seq = nextSequence
        nextSequence += 1
        queue.push(Entry(due: due, sequence: seq, timer: timer))
    }

    fileprivate func timerInvalidated() {
        queue.invalidatedCount += 1
    }

    fileprivate struct Entry {
        var due: Double
        var sequence: UInt64
        var timer: TimerHandle

        func precedes(_ o: Entry) -> Bool {
            due < o.due || (due == o.due && sequence < o.sequence)
        }
    }

    /// A binary min-heap ordered by (due, sequence), with lazy removal of invalidated timers.
    fileprivate struct TimerQueue {
        private(set) var entries: [Entry] = []
        var invalidatedCount = 0

        func peek() -> Entry? { entries.first }

        mutating func push(_ e: Entry) {
            entries.append(e)
            var i = entries.count - 1
            while i > 0 {
                let parent = (i - 1) / 2
                guard entries[i].precedes(entries[parent]) else { break }
                entries.swapAt(i, parent)
                i = parent
            }
        }

        @discardableResult
        mutating func pop() -> Entry? {
            guard !entries.isEmpty else { return nil }
            let top = entries[0]
            let last = entries.removeLast()
            if !entries.isEmpty {
                entries[0] = last
                siftDown(0)
            }
            return top
        }

        mutating func removeAll() {
            entries.removeAll()
            invalidatedCount = 0
        }

        /// Drops invalidated entries once they make up most of the heap.
        mutating func compactIfNeeded() {
            guard invalidatedCount > 32, invalidatedCount * 2 > entries.count else { return }
            entries.removeAll { !$0.timer.isValid }
            invalidatedCount = 0
            if entries.count > 1 {
                for i in stride(from: entries.count / 2 - 1, through: 0, by: -1) { siftDown(i) }
            }
        }

        private mutating func siftDown(_ start: Int) {
            var i = start
            let n = entries.count
            while true {
                let l = 2 * i + 1, r = l + 1
                var best = i
                if l < n && entries[l].precedes(entries[best]) { best = l }
                if r < n && entries[r].precedes(entries[best]) { best = r }
                if best == i { return }
                entries.swapAt(i, best)
                i = best
            }
        }
    }
}

/// A scheduled timer, like Foundation's `Timer`: `invalidate()` stops it; a one-shot timer becomes invalid after
/// it has fired.
public final class TimerHandle {
    private weak var clock: Clock?
    fileprivate let start: Double
    /// Seconds between firings (the delay for a one-shot timer).
    public let interval: Double
    public let repeats: Bool
    private var action: (() -> Void)?
    private var valid = true
    fileprivate var firedCount = 0

    fileprivate init(clock: Clock, start: Double, interval: Double, repeats: Bool, action: @escaping () -> Void) {
        self.clock = clock
        self.start = start
        self.interval = interval
        self.repeats = repeats
        self.action = action
    }

    /// The due time of the next firing (nil once invalid).
    public var fireTime: Double? {
        guard valid else { return nil }
        return start + Double(firedCount + 1) * interval
    }

    /// Stops the timer; it will not fire again. Safe to call more than once, and from its own action.
    public func invalidate() {
        guard valid else { return }
        valid = false
        action = nil
        clock?.timerInvalidated()
    }

    public var isValid: Bool { valid }

    fileprivate func fire() {
        action?()
    }

    fileprivate func markDone() {
        guard valid else { return }
        valid = false
        action = nil
    }
}
