import Backend
import Foundation

/// Pictures of the scene at times of its history, so dragging the timeline's playhead shows a frame at once while
/// the exact one is replayed when the drag rests. One picture per slot of `spacing` seconds of scene time (0.25 s to
/// begin with), the first drawn in each slot; over the memory budget the spacing doubles and every other picture goes.
/// The player keeps them at a quarter of the window's size each way (`ReducedCapture`, read a strip at a time over
/// four frames, `TimelineBar.sceneDrawn`): a sixteenth of the memory, and a preview needs no more, as the exact frame is replayed when the
/// drag rests (issue 24: a 1280×800 window held 64 MB of full-size pictures after 4 s, then 8 MB at half size plus
/// 8 MB read back for each).
final class FrameCache {
    /// How many times each picture is halved each way.
    static let reduction = 2
    /// Memory the pictures may take: eight quarter-size pictures of a 1280×800 window (one every 0.5 s of its first
    /// 4 s).
    let budget: Int
    private(set) var spacing = 0.25
    /// By time.
    private(set) var frames: [(time: Double, picture: Framebuffer)] = []
    private var slots = Set<Int>()
    private(set) var bytes = 0

    init(budget: Int = 2 << 20) { self.budget = budget }

    private func slot(_ time: Double) -> Int { Int((time / spacing).rounded(.down)) }

    /// True when no picture is kept for the slot of `time` (the player then reads the frame back and adds it).
    func wants(_ time: Double) -> Bool { time.isFinite && time >= 0 && !slots.contains(slot(time)) }

    func add(_ picture: Framebuffer, at time: Double) {
        guard wants(time) else { return }
        let i = frames.firstIndex { $0.time > time } ?? frames.count
        frames.insert((time, picture), at: i)
        slots.insert(slot(time))
        bytes += picture.pixels.count
        while bytes > budget && frames.count > 1 { thin() }
    }

    /// Doubles the spacing, keeping the first picture of each new slot.
    private func thin() {
        spacing *= 2
        slots = []
        var kept: [(time: Double, picture: Framebuffer)] = []
        for f in frames where !slots.contains(slot(f.time)) {
            slots.insert(slot(f.time))
            kept.append(f)
        }
        frames = kept
        bytes = kept.reduce(0) { $0 + $1.picture.pixels.count }
    }

    /// The picture to show for `time`: the latest one at or before it, else the first.
    func picture(near time: Double) -> (time: Double, picture: Framebuffer)? {
        guard !frames.isEmpty else { return nil }
        let i = frames.lastIndex { $0.time <= time } ?? 0
        return frames[i]
    }

    /// Forgets pictures later than `time` (the history was cut there).
    func drop(after time: Double) {
        guard let last = frames.last, last.time > time else { return }
        frames.removeAll { $0.time > time }
        slots = Set(frames.map { slot($0.time) })
        bytes = frames.reduce(0) { $0 + $1.picture.pixels.count }
    }

    func clear() {
        frames = []; slots = []; bytes = 0; spacing = 0.25
    }
}
