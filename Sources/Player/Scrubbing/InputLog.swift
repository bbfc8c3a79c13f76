import Foundation
import Stage

/// Everything the session handed the current scene since it started, in order, each with its scene time: the history
/// a seek replays (the scrub of issue 14). A scene is an arbitrary object graph, so its state cannot be snapshotted;
/// instead a seek re-creates the scene (same entry, seed, start size, assets) and plays this log into it again.
///
/// Besides the input, the log holds every *layout* of the scene (a drawn frame, a probe): particle layers step by
/// the time between two layouts and coalesced drags are applied at layout, so replaying the very same layout times
/// reproduces the run bit for bit. Headless those are the run's 1/60-s frames; in a window the frames the window drew.
struct InputLog {
    enum Entry: Equatable {
        /// The scene was laid out (a frame drawn, a node probed) at the record's time.
        case layout
        case pointer(PointerEvent)
        /// A key the scene took (keys the player keeps, such as Space, are not the scene's history).
        case key(Key)
        /// Text a field took.
        case text(String)
        /// The content area took this size.
        case resize(Size)
        /// What a paste read from the clipboard (a window's clipboard is the desktop's: the replay reads this instead).
        case clipboardRead(String?)
    }
    struct Record: Equatable {
        var time: Double
        var entry: Entry
    }

    /// The content size the scene started at.
    let startSize: Size
    /// At most this many records: about 4½ hours of frames at 60 a second, some 50 MB. Past it the history stops
    /// growing and the timeline ends there (the session says so once); a scrub back that moves on makes room again.
    static let defaultCapacity = 1_000_000
    var capacity = InputLog.defaultCapacity
    /// The history reached `capacity`: later input and frames are not recorded, so a seek goes no further.
    private(set) var isFull = false
    private(set) var records: [Record] = []
    /// How many records the scene as it is now has been through: `records.count` at the head of the history, fewer
    /// after a seek backwards (the rest is the future a scrub forwards replays).
    var cursor = 0
    /// The latest scene time the history reaches (the right end of the timeline).
    private(set) var latest = 0.0
    /// Where a seek left the scene (nil: it plays at the head of its history). While it sits there, the future stays
    /// for scrubbing; it is dropped when the scene moves on (`commit`).
    private(set) var position: Double?
    /// The seek laid the scene out at `position` with no `.layout` record there: that layout joins the history when
    /// the scene moves on.
    private(set) var seekLaidOut = false

    /// The content size the scene has at the cursor (the start size, or the last resize before it).
    private(set) var size: Size

    init(startSize: Size) { self.startSize = startSize; size = startSize }

    /// True when the scene shows an earlier time than the history reaches (a scrub backwards).
    var isBehind: Bool { position.map { $0 < latest } ?? false || cursor < records.count }

    /// A seek put the scene at `time`, after the first `cursor` records; `laidOut`: its last record is not a layout
    /// at `time`, so the seek's own layout there is not in the history.
    mutating func sit(at time: Double, cursor: Int, extraLayout: Bool, size: Size) {
        position = time
        self.cursor = cursor
        seekLaidOut = extraLayout
        self.size = size
    }

    /// Appends a record at the scene's current time; a new input at a seek point first drops the future (new input
    /// makes a new history).
    mutating func append(_ entry: Entry, at time: Double) {
        commit()
        guard hasRoom() else { return }
        if case let .resize(s) = entry { size = s }
        records.append(Record(time: time, entry: entry))
        cursor = records.count
        latest = max(latest, time)
    }

    /// A layout at `time`. At a seek point nothing is recorded: laying out again at the same time changes nothing.
    mutating func layout(at time: Double) {
        guard position == nil else { return }
        if let last = records.last, last.time == time, last.entry == .layout { return }
        guard hasRoom() else { return }
        records.append(Record(time: time, entry: .layout))
        cursor = records.count
        latest = max(latest, time)
    }

    /// The scene moves on from where a seek left it (it plays, steps, or takes input): the records after the cursor
    /// are dropped, the history ends at the seek point, and the seek's own layout becomes history.
    mutating func commit() {
        guard let p = position else { return }
        records.removeSubrange(cursor...)
        latest = p
        if seekLaidOut { records.append(Record(time: p, entry: .layout)) }
        cursor = records.count
        position = nil
        seekLaidOut = false
        isFull = records.count >= capacity
    }

    /// False (and full from then on) when the history holds `capacity` records.
    private mutating func hasRoom() -> Bool {
        isFull = isFull || records.count >= capacity
        return !isFull
    }

    /// The scene clock reached `time` at the head of the history.
    mutating func reached(_ time: Double) {
        if position == nil, !isFull { latest = max(latest, time) }
    }

    /// Times of the recorded layouts (the frames the run drew), for snapping a seek onto a frame that was shown.
    func layoutTime(near time: Double, within tolerance: Double) -> Double? {
        // Binary search for the first record at or after time - tolerance.
        var lo = 0, hi = records.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if records[mid].time < time - tolerance { lo = mid + 1 } else { hi = mid }
        }
        var best: Double?
        var i = lo
        while i < records.count, records[i].time <= time + tolerance {
            if records[i].entry == .layout, abs(records[i].time - time) < abs((best ?? .infinity) - time) { best = records[i].time }
            i += 1
        }
        return best
    }

    /// Index of the first record later than `time`.
    func firstIndex(after time: Double) -> Int {
        var lo = 0, hi = records.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if records[mid].time <= time { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Approximate memory the log takes, in bytes.
    var byteCount: Int { records.count * MemoryLayout<Record>.stride }
}
