import Backend
import Foundation
import Stage
import Views

/// Plays a script into a session, for both run loops (spec README §3.17). Inputs go in at their exact times;
/// everything else (node clicks, resizes, screenshots, probes, audio) runs on the state at its own time T, after the
/// inputs up to T, so a probe at T reports `"t": T`.
final class ScriptDriver {
    let session: Session
    let audio: AudioEngine
    private var pending: ArraySlice<Script.Event>
    /// Saves a screenshot of the session as it is now.
    var screenshot: (String) -> Void = { _ in }
    /// Gives the content area a new size (the window or the offscreen canvas follows).
    var resize: (Size) -> Void
    /// Where probe and audio lines go (standard output, flushed per line).
    var output: (String) -> Void = { print($0); fflush(nil) }
    /// Where unknown-node messages go.
    var errors: (String) -> Void = { FileHandle.standardError.write(Data(("zoetrope: " + $0 + "\n").utf8)) }
    private(set) var quitReached = false
    /// A probe or click named a node the scene does not have: the run exits with code 1 when it ends.
    private(set) var missedNode = false

    init(_ script: Script, session: Session, audio: AudioEngine) {
        self.session = session
        self.audio = audio
        pending = script.events[...]
        resize = { [unowned session] in session.size = $0 }
    }

    /// When the next scripted event is due (player time), or nil.
    var nextEventTime: Double? { quitReached ? nil : pending.first?.time }

    /// Runs the script's events due by `end`, then advances the session to `end` with `extra` inputs (the window's).
    func advance(to end: Double, inputs extra: [(time: Double, input: Input)] = []) {
        var inputs: [(time: Double, input: Input)] = []
        while !quitReached, !session.quitRequested, let e = pending.first, e.time <= end {
            pending.removeFirst()
            if let input = e.action.input { inputs.append((e.time, input)); continue }
            // Catch up to e.time first: the inputs before it, due timers, the sound up to now.
            session.advance(to: max(session.time, e.time), inputs: inputs)
            inputs = []
            audio.advance(to: session.time)
            let t = session.time
            switch e.action {
            case let .pressNode(name):
                if let p = point(of: name) { inputs.append((t, .pointer(.press(p)))) }
            case let .releaseNode(name):
                if let p = point(of: name) { inputs.append((t, .pointer(.release(p)))) }
            case let .clickNode(name):
                if let p = point(of: name) { inputs += [(t, .pointer(.press(p))), (t, .pointer(.release(p)))] }
            case let .clipboard(text): session.clipboard.write(text)
            case let .resize(size): resize(size)
            case let .seek(s): session.seek(to: s)
            case let .screenshot(path): screenshot(path)
            case let .probe(name): probe(name)
            case .audio: output(audioLine())
            case .quit: quitReached = true
            default: break
            }
        }
        session.advance(to: max(session.time, end), inputs: inputs + extra)
        audio.advance(to: session.time)
    }

    // MARK: Nodes

    /// The node `name` as laid out now; nil (and the error said) when the scene has none.
    private func report(_ name: String) -> ProbeReport? {
        if name == CodePanel.probeName { return session.codePanelReport() }
        session.layout()
        if let r = session.probe.probe(name, at: session.sceneTime) { return r }
        missedNode = true
        var names: [String] = []
        for r in session.probe.probeAll(at: session.sceneTime) where !names.contains(r.name) { names.append(r.name) }
        errors("at \(JSON.format(session.time)): no node \"\(name)\" in scene \(session.host.info.id); its nodes: "
               + (names.isEmpty ? "(none)" : names.joined(separator: ", ")))
        return nil
    }

    /// Where to click node `name`: the centre of its drawn box, in content (window) coordinates.
    private func point(of name: String) -> Point? {
        report(name).map { session.host.sceneToWindow.apply($0.drawn.center) }
    }

    private func probe(_ name: String) {
        if name == "*" {
            session.layout()
            for r in session.probe.probeAll(at: session.sceneTime) { output(JSON.probe(r, time: session.sceneTime).text) }
        } else if let r = report(name) {
            output(JSON.probe(r, time: session.sceneTime).text)
        }
    }

    // MARK: Audio

    /// {"audio":{"playing":[{"asset":…,"channel":…,"position":…}],"system":[],"haptics":[…]}}
    func audioLine() -> String {
        let playing: [JSON] = session.soundChannels.compactMap { channel in
            guard let now = audio.nowPlaying(channel) else { return nil }
            return .object([("asset", .string(now.name)), ("channel", .string(ScriptDriver.name(of: channel))),
                            ("position", .number(now.position))])
        }
        // The system-sound log: every system sound played so far (RoadTrip's), by asset name; and the haptics. A scene
        // that cannot make them has none.
        let feedback = (session.host.scene as? DeviceFeedbackSource)?.deviceFeedback
        let system = (feedback?.systemSounds ?? []).map { JSON.string($0.name) }
        let state = JSON.object([("playing", .array(playing)), ("system", .array(system)),
                                 ("haptics", .array((feedback?.haptics ?? []).map(JSON.string)))])
        return JSON.object([("audio", state)]).text
    }

    static func name(of channel: SoundChannel) -> String {
        switch channel {
        case .player: return "player"
        case let .effect(n): return "effect.\(n)"
        }
    }
}
