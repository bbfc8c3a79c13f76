import Backend
import Foundation
import Stage

/// `--headless --record FILE`: each frame the run draws before its end goes to the video at its virtual time (60 fps,
/// frame n at n/60 s), the offline mix into its sound track; a progress line on a terminal.
final class HeadlessRecording {
    private let recorder: VideoRecorder
    private let audio: AudioEngine
    private let end: Double
    private let progress: RecordingProgress

    /// Opens the file before the run starts: a bad path or a missing encoder ends the run at once (exit 1).
    init(url: URL, canvas: HeadlessCanvas, audio: AudioEngine, end: Double) throws {
        do {
            recorder = try VideoRecorder(url: url, width: Int(canvas.size.width), height: Int(canvas.size.height))
        } catch {
            throw BackendError(error.description)
        }
        self.audio = audio
        self.end = end
        progress = RecordingProgress(total: end)
        if recorder.format.hasAudio {
            audio.mixTap = { [recorder] in recorder.addAudio($0) }
        }
    }

    /// The frame just drawn at player time `time`: recorded when it lies on the 60-Hz grid before the end (the run's
    /// last frame, drawn at its end, is not part of the video, whose frames each last 1/60 s).
    func frameDrawn(_ canvas: HeadlessCanvas, at time: Double) {
        let next = Double(recorder.frameCount) / 60
        guard time < end - 1e-9, abs(time - next) < 1e-6 else { return }
        recorder.addFrame(canvas.renderer.readFramebuffer())
        progress.update(recorder.duration)
    }

    /// Finishes the file; a failure is said (and makes the exit code 1).
    func finish() {
        audio.mixTap = nil
        progress.finish()
        do { try recorder.finish() } catch {
            logger.error("\(error.description)")
        }
    }
}

/// In a window: `R` starts and stops a recording of what is on screen into the videos folder, `F12` saves a
/// screenshot into the pictures folder, and `--record FILE` records from the first frame until the player quits.
///
/// The video has a constant 60 frames a second on the wall clock from the moment recording starts: frame n shows the
/// last picture drawn at or before n/60 s (a still scene is not drawn again, so its picture is repeated; pictures
/// drawn faster than that are dropped). Its sound is the mix the audio device played (or the offline mix when there
/// is no device), from the same moment. Encoding runs on a queue of its own so the window keeps its frame rate.
/// The red dot and the elapsed time in the top-left corner, and the "Saved …" note, are drawn after the frame is
/// read for the video and for screenshots, so neither file shows them.
final class WindowRecording {
    private let audio: AudioEngine
    private let queue = DispatchQueue(label: "zoetrope.recording")
    private var recorder: VideoRecorder?
    /// Wall-clock start of the recording, and the next video frame (index) to fill.
    private var start = 0.0
    private var nextFrame = 0
    private var lastPicture: Framebuffer?
    /// Asked by a key (or `--record`): acted on at the next drawn frame, which gives the picture and its size.
    private var toggleRequested = false
    private var screenshotRequested = false
    /// `--record FILE`: the file of the first recording (then R makes named files again).
    private var requestedURL: URL?
    /// A short message in the window ("Saved …", "Cannot record: …") until `until`.
    private var note: (text: String, until: Double)?
    private let sceneID: () -> String

    init(audio: AudioEngine, record url: URL?, sceneID: @escaping () -> String) {
        self.audio = audio
        self.sceneID = sceneID
        requestedURL = url
        toggleRequested = url != nil
    }

    var isRecording: Bool { recorder != nil }

    /// R and F12, when the scene did not take them (a focused text field takes R as text).
    func handle(_ key: Key) -> Bool {
        switch (key.name, key.ctrl) {
        case ("r", false): toggleRequested = true; return true
        case ("f12", false): screenshotRequested = true; return true
        default: return false
        }
    }

    /// True when something asked for a frame (a key), or the indicator or a note changes at `now`.
    func wantsDraw(now: Double) -> Bool {
        toggleRequested || screenshotRequested || (nextChange.map { $0 <= now + 1e-9 } ?? false)
    }

    /// When the overlay next changes on its own: the recording's elapsed-time tick, a note's end.
    var nextChange: Double? {
        var times: [Double] = []
        if recorder != nil { times.append(start + Double(Int((lastTick - start)) + 1)) }
        if let note { times.append(note.until) }
        return times.min()
    }
    private var lastTick = 0.0

    /// The scene was just drawn at wall time `now` (nothing of ours on it yet): feed the video, take a screenshot,
    /// start or stop as asked.
    func frameDrawn(now: Double, renderer: SDLRenderer) {
        if note.map({ now >= $0.until }) ?? false { note = nil }
        let needPicture = recorder != nil || toggleRequested || screenshotRequested
        guard needPicture else { return }
        let picture = renderer.readFramebuffer()
        if screenshotRequested {
            screenshotRequested = false
            saveScreenshot(picture, now: now)
        }
        if recorder != nil { fill(until: now) }
        if toggleRequested {
            toggleRequested = false
            if recorder != nil { stop(now: now) } else { begin(picture, now: now) }
        }
        if recorder != nil { lastPicture = picture }
        lastTick = now
    }

    /// Draws the indicator and the note over the frame (after `frameDrawn`, before present).
    func drawOverlay(now: Double, on r: Renderer, size: Size) {
        if recorder != nil {
            let elapsed = max(0, Int(now - start))
            let label = String(format: "%d:%02d", elapsed / 60, elapsed % 60)
            let font = Font(size: 13, weight: .semibold)
            let text = r.measure(label, font: font)
            let box = Rect(x: 8, y: 8, width: 30 + text.width, height: 22)
            r.fillRect(box, (0, 0, 0, 170))
            r.fillCircle(center: Point(box.minX + 12, box.midY), radius: 5, (235, 30, 30, 255))
            r.drawText(label, font: font, at: Point(box.minX + 22, box.midY - text.height / 2), (255, 255, 255, 255),
                       size: text)
        }
        if let note {
            let font = Font(size: 13)
            let text = r.measure(note.text, font: font)
            let box = Rect(x: 8, y: size.height - 30, width: min(size.width - 16, text.width + 16), height: 22)
            r.fillRect(box, (0, 0, 0, 170))
            r.drawText(note.text, font: font, at: Point(box.minX + 8, box.midY - text.height / 2), (255, 255, 255, 255),
                       size: text)
        }
    }

    /// Ends a recording under way (the player quits).
    func close(now: Double) {
        if recorder != nil { fill(until: now); stop(now: now) }
        queue.sync {}
    }

    // MARK: - Recording

    private func begin(_ picture: Framebuffer, now: Double) {
        saidBehind = false
        let url: URL
        if let requested = requestedURL {
            url = requested
            requestedURL = nil
        } else {
            let dir = Self.userDirectory("VIDEOS", fallback: "Videos")
            try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            url = dir.appendingPathComponent("zoetrope-\(sceneID())-\(Self.stamp()).mp4")
        }
        do {
            let recorder = try VideoRecorder(url: url, width: picture.width, height: picture.height)
            self.recorder = recorder
            start = now
            nextFrame = 0
            lastPicture = picture
            if recorder.format.hasAudio {
                let queue = self.queue
                audio.mixTap = { samples in
                    let copy = Array(samples)
                    queue.async { copy.withUnsafeBufferPointer { recorder.addAudio($0) } }
                }
            }
            say("Recording to \(Self.display(url))", now: now, for: 2)
        } catch {
            logger.warning("\(error.description)")
            say("Cannot record: \(error.description)", now: now, for: 5)
        }
    }

    /// Repeats the last picture for every video frame due before `now`.
    private func fill(until now: Double) {
        guard let recorder, let picture = lastPicture else { return }
        while start + Double(nextFrame) / 60 < now - 1e-9 {
            nextFrame += 1
            backlog.add(1)
            queue.async { [backlog] in recorder.addFrame(picture); backlog.add(-1) }
        }
        waitIfFarBehind(now: now)
    }

    /// Frames handed to the encoder and not encoded yet. When encoding is slower than the screen, at most
    /// `maxBacklog` (2 s) wait, and at most `backlogBudget` bytes of pictures (64 MB: 12 frames of a 1280x1024
    /// window, whose 120 frames took 630 MB): then the window waits for the encoder (its frame rate drops, the video
    /// keeps every frame and its sound in step) instead of the pictures piling up in memory; said once per recording.
    private let backlog = Counter()
    static let maxBacklog = 120
    static let backlogBudget = 64 << 20
    private var saidBehind = false

    /// How many frames of `picture`'s size may wait (a repeated picture is shared, so this errs on the safe side).
    static func allowedBacklog(for picture: Framebuffer) -> Int {
        max(2, min(maxBacklog, backlogBudget / max(1, picture.width * picture.height * 4)))
    }

    private func waitIfFarBehind(now: Double) {
        guard let picture = lastPicture, backlog.value > Self.allowedBacklog(for: picture) else { return }
        if !saidBehind {
            saidBehind = true
            logger.warning("recording: encoding is slower than the screen; the window waits for it")
            say("Recording: the encoder is behind; the window slows down", now: now, for: 3)
        }
        queue.sync {}
    }

    /// A count shared with the encoding queue.
    nonisolated final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add(_ n: Int) { lock.lock(); count += n; lock.unlock() }
        var value: Int { lock.lock(); defer { lock.unlock() }; return count }
    }

    private func stop(now: Double) {
        guard let recorder else { return }
        audio.mixTap = nil
        self.recorder = nil
        lastPicture = nil
        var failure: RecordingError?
        queue.sync {
            do { try recorder.finish() } catch { failure = error as? RecordingError }
        }
        if let failure {
            logger.error("\(failure.description)")
            say("Cannot record: \(failure.description)", now: now, for: 5)
        } else {
            say("Saved \(Self.display(recorder.url)) (\(String(format: "%.1f", recorder.duration)) s)", now: now, for: 4)
        }
    }

    private func saveScreenshot(_ picture: Framebuffer, now: Double) {
        let dir = Self.userDirectory("PICTURES", fallback: "Pictures")
        let url = dir.appendingPathComponent("zoetrope-\(sceneID())-\(Self.stamp()).png")
        do {
            try picture.savePNG(to: url)
            say("Saved \(Self.display(url))", now: now, for: 3)
        } catch {
            logger.warning("cannot save the screenshot \(url.path): \(error)")
            say("Cannot save the screenshot: \(error)", now: now, for: 5)
        }
    }

    private func say(_ text: String, now: Double, for seconds: Double) {
        note = (text, now + seconds)
        FileHandle.standardError.write(Data("zoetrope: \(text)\n".utf8))
    }

    // MARK: - Folders and names

    /// `$XDG_<KIND>_DIR`, else its line in `~/.config/user-dirs.dirs` (`$XDG_CONFIG_HOME`), else `~/<fallback>`.
    static func userDirectory(_ kind: String, fallback: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let home = environment["HOME"] ?? NSHomeDirectory()
        if let dir = environment["XDG_\(kind)_DIR"], !dir.isEmpty { return URL(fileURLWithPath: dir, isDirectory: true) }
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
        if let text = try? String(contentsOfFile: config + "/user-dirs.dirs", encoding: .utf8) {
            for line in text.split(separator: "\n") where line.hasPrefix("XDG_\(kind)_DIR=") {
                var value = String(line.dropFirst("XDG_\(kind)_DIR=".count)).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                value = value.replacingOccurrences(of: "$HOME", with: home)
                if value.hasPrefix("/"), value != home, value != home + "/" { return URL(fileURLWithPath: value, isDirectory: true) }
            }
        }
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(fallback, isDirectory: true)
    }

    /// 20261125-143005: local time, sortable, no characters a file system minds.
    private static func stamp() -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "yyyyMMdd-HHmmss"
        return f.string(from: Date())
    }

    private static func display(_ url: URL) -> String {
        let home = NSHomeDirectory()
        return url.path.hasPrefix(home + "/") ? "~" + url.path.dropFirst(home.count) : url.path
    }

    // MARK: - Drawing

}
