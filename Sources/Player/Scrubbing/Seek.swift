import Backend
import Diagnostics
import Foundation
import Stage

/// The scrub of issue 14: what a session keeps to put its scene back at any time it has shown.
final class ScrubState {
    /// The current scene's history (see `InputLog`).
    var log = InputLog(startSize: .zero)
    /// Set while a seek replays the history: the scene's sounds go here instead of the audio engine.
    var replaySound: ReplaySound?
    /// What each sound asked for live answered (a replay answers the same, so the scene takes the same path).
    var soundStarts: [String: SoundStart] = [:]
    /// What the replay left playing at the seek point, by channel (a seek further forwards starts from it).
    var soundsAtPosition: [SoundChannel: ReplaySound.Playing] = [:]
    /// Sounds to take up at their positions when a paused scene moves on from its seek point.
    var pendingSounds: [PendingSound] = []
    /// The primary button is down over the scene (moves without it change nothing and are not history).
    var pointerDown = false
    /// How long the last seek took (seconds of the wall clock), and how many records it replayed.
    private(set) var lastSeek: (seconds: Double, records: Int, rebuilt: Bool)?
    /// Called after every seek with the scene time it landed on (the window's timeline and frame cache).
    var onSeek: (Double) -> Void = { _ in }
    /// Called when a new scene starts (a new history).
    var onNewHistory: () -> Void = {}

    /// Says once per scene that its history is full (InputLog.capacity).
    func warnIfFull() {
        guard log.isFull, !warnedFull else { return }
        warnedFull = true
        logger.warning("scrub: this scene's history is full (\(log.capacity) records, to \(String(format: "%.1f", log.latest)) s); the timeline ends there")
    }
    private var warnedFull = false

    func enter(size: Size) {
        log = InputLog(startSize: size)
        warnedFull = false
        soundsAtPosition = [:]
        pendingSounds = []
        pointerDown = false
        onNewHistory()
    }

    fileprivate func noteSeek(seconds: Double, records: Int, rebuilt: Bool) { lastSeek = (seconds, records, rebuilt) }
}

/// A sound to take up at its position after a seek.
struct PendingSound {
    var channel: SoundChannel
    var name: String
    var offset: Double
    var loops: Int
}

/// Where a replayed scene's sounds go: nowhere. It remembers what each channel would be playing, so the seek can
/// take those sounds up at their positions afterwards.
final class ReplaySound: SoundPlayer {
    struct Playing: Equatable {
        var name: String
        /// Scene time it started.
        var start: Double
        /// Plays after the first (negative: until stopped), and where in the sound it started (seconds).
        var loops = 0
        var offset = 0.0

        /// Where it is at scene time `time` for a sound `duration` long: the position and the plays left after this
        /// one; nil when it has ended.
        func position(at time: Double, duration: Double) -> (offset: Double, loops: Int)? {
            guard duration > 0 else { return nil }
            let elapsed = offset + (time - start)
            if loops < 0 { return (elapsed.truncatingRemainder(dividingBy: duration), -1) }
            let play = Int((elapsed / duration).rounded(.down))
            guard play <= loops, elapsed >= 0 else { return nil }
            return (elapsed - Double(play) * duration, loops - play)
        }
    }
    private let starts: [String: SoundStart]
    var playing: [SoundChannel: Playing] = [:]

    init(starts: [String: SoundStart], playing: [SoundChannel: Playing]) {
        self.starts = starts
        self.playing = playing
    }

    func play(_ name: String, on channel: SoundChannel, at time: Double) -> SoundStart {
        let answer = starts[name] ?? .started
        // A sound that fails leaves the channel as it was, as the audio engine does.
        if answer == .started { playing[channel] = Playing(name: name, start: time) }
        return answer
    }

    func play(_ name: String, on channel: SoundChannel, at time: Double, loops: Int, from offset: Double) -> SoundStart {
        let answer = starts[name] ?? .started
        if answer == .started { playing[channel] = Playing(name: name, start: time, loops: loops, offset: max(0, offset)) }
        return answer
    }

    func stop(_ channel: SoundChannel?, at time: Double) {
        if let channel { playing[channel] = nil } else { playing.removeAll() }
    }
}

/// The clipboard of a replayed scene: a paste reads what it read live, a copy goes nowhere.
private final class ReplayClipboard {
    var reads: [String?] = []
    var clipboard: Clipboard {
        Clipboard(read: { [self] in reads.isEmpty ? nil : reads.removeFirst() }, write: { _ in })
    }
}

extension Session {
    /// The latest scene time the current scene's history reaches: the right end of the timeline.
    public var latestSceneTime: Double { max(scrub.log.latest, scrub.log.position == nil ? sceneTime : 0) }

    /// True when the scene shows an earlier time than its history reaches (after a seek backwards, until it moves on).
    public var isBehindHistory: Bool { scrub.log.isBehind }

    /// Times of the frames the history drew near `time` (within half a frame): a seek by key lands on a frame that
    /// was shown, which also lets a later seek forwards go on from there without starting over.
    func frameTime(near time: Double) -> Double? { scrub.log.layoutTime(near: time, within: 0.5 / 60) }

    /// Puts the scene where it was at scene time `target` (clamped to 0…`latestSceneTime`): the scene is made again
    /// (same entry, seed, start size, assets) and its history replayed into it on the virtual clock, silently and
    /// without drawing; a seek forwards from a seek point goes on from there. Sounds that would be playing at the
    /// target start at their positions (at once, or when a paused scene moves on). The player's own time goes on; only
    /// the scene's clock is set. Returns the scene time reached, or nil in the menu.
    @discardableResult
    public func seek(to target: Double, snap: Bool = false) -> Double? { seek(to: target, snap: snap, remake: false) }

    /// A new build of the current scene (`zoetrope run`'s live reload): the scene is made again from `entry` and
    /// its history replayed up to the current scene time, so the new code shows the same moment.
    public func reload(_ entry: SceneEntry) {
        guard !isInMenu else { return }
        self.entry = entry
        seek(to: sceneTime, snap: false, remake: true)
    }

    @discardableResult
    private func seek(to target: Double, snap: Bool, remake: Bool) -> Double? {
        guard !isInMenu, !target.isNaN else { return nil }
        var s = min(max(0, target), latestSceneTime)
        if snap, let f = frameTime(near: s) { s = f }
        let now = sceneTime
        guard s != now || remake else { return s }
        let began = DispatchTime.now().uptimeNanoseconds
        let forward = !remake && s > now && scrub.log.position != nil && !scrub.log.seekLaidOut
        // What plays now stops at once; the replay is silent, and the scene's print lines are not said again.
        sound.stop(nil, at: time)
        scrub.pendingSounds = []
        let replay = ReplaySound(starts: scrub.soundStarts, playing: forward ? scrub.soundsAtPosition : [:])
        let clipboard = ReplayClipboard()
        let lines = RunLog.shared.lineSink
        RunLog.shared.lineSink = { _ in }
        scrub.replaySound = replay
        var index = 0
        if forward {
            index = scrub.log.cursor
            host.context.clipboard = clipboard.clipboard
        } else {
            host.stop()
            host = SceneHost(entry: entry, sound: host.context.sound, seed: seed, windowSize: scrub.log.startSize,
                             assets: assets)
            if let measure { host.context.measure = measure }
            host.pixelScale = pixelScale
            host.context.clipboard = clipboard.clipboard
            host.start()
        }
        let records = scrub.log.records
        let first = index
        var down = false
        while index < records.count, records[index].time <= s {
            let r = records[index]
            host.advance(to: r.time)
            switch r.entry {
            case .layout: host.layout()
            case let .pointer(p):
                if case .press = p { down = true } else if case .release = p { down = false } else if case .cancel = p { down = false }
                host.pointer(p)
            case let .key(k): _ = host.key(k)
            case let .text(t): _ = host.textInput(t)
            case let .resize(size): host.windowSize = size
            case let .clipboardRead(text): clipboard.reads.append(text)
            }
            index += 1
        }
        host.advance(to: s)
        host.layout()
        let onFrame = index > 0 && records[index - 1].entry == .layout && records[index - 1].time == s
        scrub.log.sit(at: s, cursor: index, extraLayout: !onFrame, size: host.windowSize)
        scrub.replaySound = nil
        RunLog.shared.lineSink = lines
        host.context.clipboard = loggedClipboard
        // The real button is not down over the scene after a seek (a drag in the history stays in the history).
        _ = down
        scrub.pointerDown = false
        // Sounds that would be playing at s, at their positions.
        scrub.soundsAtPosition = replay.playing
        // (A player that cannot tell a sound's length, such as a test double, takes up nothing.)
        var sounds: [PendingSound] = []
        for (channel, p) in replay.playing.sorted(by: { $0.value.start < $1.value.start }) {
            if let d = sound.duration(of: p.name), let at = p.position(at: s, duration: d) {
                sounds.append(PendingSound(channel: channel, name: p.name, offset: at.offset, loops: at.loops))
            }
        }
        mapping = (time, s, isPaused ? 0 : (isSlowMotion ? 0.1 : 1))
        if isPaused { scrub.pendingSounds = sounds } else { startSounds(sounds) }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9
        scrub.noteSeek(seconds: seconds, records: index - first, rebuilt: !forward)
        scrub.onSeek(s)
        if ProcessInfo.processInfo.environment["ZOETROPE_SCRUB_DEBUG"] != nil {
            FileHandle.standardError.write(Data("seek \(target) -> \(s): \(index - first) records, rebuilt \(!forward), onFrame \(onFrame), \(seconds) s\n".utf8))
        }
        return s
    }

    /// How long the last seek took and how many records it replayed (for the timeline and the measurements).
    var lastSeek: (seconds: Double, records: Int, rebuilt: Bool)? { scrub.lastSeek }

    private func startSounds(_ sounds: [PendingSound]) {
        for s in sounds { sound.play(s.name, on: s.channel, at: time, loops: s.loops, from: s.offset) }
    }

    // MARK: Hooks of Session.swift

    /// The scene clock is about to move on (play or step): a seek point becomes the end of the history and the
    /// sounds of that moment start.
    func scrubMovesOn() {
        guard scrub.log.position != nil || !scrub.pendingSounds.isEmpty else { return }
        commitHistory()
        let sounds = scrub.pendingSounds
        scrub.pendingSounds = []
        startSounds(sounds)
    }

    /// The scene sits at a seek point and something new happens to it: the history from here on is new.
    private func commitHistory() {
        guard scrub.log.position != nil else { return }
        scrub.log.commit()
        // A resize made while scrubbing (the window's size) joins the new history at this time.
        if host.windowSize != sceneArea {
            host.windowSize = sceneArea
            scrub.log.append(.resize(sceneArea), at: sceneTime)
        }
    }

    /// Records input the scene took (in the menu there is nothing to scrub).
    func scrubRecord(_ entry: InputLog.Entry) {
        guard !isInMenu else { return }
        commitHistory()
        scrub.log.append(entry, at: sceneTime)
        scrub.warnIfFull()
    }

    /// Records pointer input; false for a move with no button down, which changes nothing and is not delivered.
    func scrubRecord(pointer p: PointerEvent) -> Bool {
        guard !isInMenu else { return true }
        switch p {
        case .press: scrub.pointerDown = true
        case .release, .cancel: scrub.pointerDown = false
        case .move: if !scrub.pointerDown { return false }
        case .wheel: break
        }
        scrubRecord(.pointer(p))
        return true
    }

    /// The scene's content area changed (a window resize, a script's `resize`, the code panel opening or closing):
    /// the new size is input like any other. Called when the size is set and before each layout.
    func scrubResized() {
        guard !isInMenu, host.windowSize != scrub.log.size else { return }
        scrubRecord(.resize(host.windowSize))
    }

    /// The clipboard the scene sees: the session's, with every paste's text recorded.
    var loggedClipboard: Clipboard {
        let base = clipboard
        return Clipboard(read: { [weak self] in
            let text = base.read()
            self?.scrubRecord(.clipboardRead(text))
            return text
        }, write: base.write)
    }

    /// Keys of the paused player that scrub: ←/→ a frame, Shift+←/→ a second, Home to 0, End to the latest time.
    func scrubKey(_ key: Key) -> Bool {
        guard !isInMenu, !key.ctrl else { return false }
        let step = key.shift ? 1.0 : 1.0 / 60
        switch key.name {
        case "left": seek(to: sceneTime - step, snap: true)
        case "right": seek(to: sceneTime + step, snap: true)
        case "home": seek(to: 0)
        case "end": seek(to: latestSceneTime)
        default: return false
        }
        return true
    }

    /// `.` while paused behind the head of the history steps through the history (a seek one frame on); at the head
    /// it steps the scene as before (false).
    func stepThroughHistory() -> Bool {
        guard !isInMenu, scrub.log.isBehind else { return false }
        seek(to: sceneTime + 1.0 / 60, snap: true)
        return true
    }
}
