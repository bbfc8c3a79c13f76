import Diagnostics
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where sounds that need FFmpeg (`.m4a`) are decoded.
public enum SoundDecoding: Sendable {
    /// In this process, FFmpeg opened into it (tests; the gallery's thumbnail maker, which plays no sound).
    case inProcess
    /// By a helper process run from `executable` with `SoundDecoderProcess.helperFlag` (the player: itself).
    case helper(executable: URL)

    /// The first audio stream of `url` as interleaved Int16 samples at `sampleRate` Hz with `channels` channels.
    func decode(_ url: URL, sampleRate: Int, channels: Int) throws -> [Int16] {
        switch self {
        case .inProcess: return try FFmpegDecoder.decode(url, sampleRate: sampleRate, channels: channels)
        case .helper(let executable):
            return try SoundDecoderProcess.decode(url, sampleRate: sampleRate, channels: channels, helper: executable)
        }
    }
}

/// A sound decoded by FFmpeg in a helper process rather than in the player (issue 24). Opened once, FFmpeg and the ~85
/// libraries it pulls in stayed mapped for the rest of the run, 16–23 MB: the elevator's ride on a new machine (its
/// chime and song never decoded before) peaked at 182 MB, against 155 MB once they are kept decoded
/// (`DecodedSoundStore`). The helper takes them with it when it exits. And a file that crashes or hangs FFmpeg takes
/// down the helper, not the player: it is one undecodable sound, said once.
///
/// The helper is the player's own executable run as `EXECUTABLE --decode-sound-helper FILE RATE CHANNELS`: it writes
/// the interleaved native-endian Int16 samples to standard output and exits 0, or writes why not (one line) to
/// standard error and exits 1.
public enum SoundDecoderProcess {
    public static let helperFlag = "--decode-sound-helper"
    /// A decode that takes longer than this is stopped (the helper is killed): the sound is undecodable.
    static let timeout: Double = 30
    /// Samples past this many bytes are not taken (the helper is killed): an hour of 48-kHz stereo is 691 MB, and a
    /// sound effect or a song a few MB.
    static let maxBytes = 256 << 20

    /// The helper's side: when `arguments` (a process's, the executable first) ask for a decode, does it and returns
    /// the exit status; nil when they do not.
    public static func serve(_ arguments: [String]) -> Int32? {
        guard arguments.count >= 2, arguments[1] == helperFlag else { return nil }
        guard arguments.count == 5, let rate = Int(arguments[3]), let channels = Int(arguments[4]) else {
            say("usage: \(arguments[0]) \(helperFlag) FILE RATE CHANNELS")
            return 2
        }
        do {
            let pcm = try FFmpegDecoder.decode(URL(fileURLWithPath: arguments[2]), sampleRate: rate, channels: channels)
            return pcm.withUnsafeBytes { PosixFile.writeAll(STDOUT_FILENO, $0) } ? 0 : 1
        } catch let error as FFmpegDecoder.DecodeError {
            say(error.reason)
        } catch {
            say("\(error)")
        }
        return 1
    }

    /// One line on standard error.
    private static func say(_ line: String) {
        _ = Array((line + "\n").utf8).withUnsafeBytes { PosixFile.writeAll(STDERR_FILENO, $0) }
    }

    /// The player's side: `url` decoded by a helper run from `helper`; throws a `DecodeError` saying why not (what the
    /// helper said, or how it stopped).
    static func decode(_ url: URL, sampleRate: Int, channels: Int, helper: URL,
                       timeout: Double = SoundDecoderProcess.timeout, maxBytes: Int = SoundDecoderProcess.maxBytes) throws -> [Int16] {
        func fail(_ reason: String) -> FFmpegDecoder.DecodeError { .init(file: url.path, reason: reason) }
        let process = Process()
        process.executableURL = helper
        process.arguments = [helperFlag, url.path, String(sampleRate), String(channels)]
        let out = Pipe(), err = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        do { try process.run() } catch { throw fail("the sound decoder (\(helper.path)) could not be started: \(error)") }
        // Killed when it takes too long; its output then ends, and the read below with it.
        let stopped = Flag()
        let deadline = DispatchWorkItem { if process.isRunning { stopped.set(); kill(process.processIdentifier, SIGKILL) } }
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + timeout, execute: deadline)
        defer { deadline.cancel() }
        var bytes = Data()
        var overBudget = false
        let reader = out.fileHandleForReading
        while let chunk = try? reader.read(upToCount: 1 << 20), !chunk.isEmpty {
            bytes.append(chunk)
            if bytes.count > maxBytes { overBudget = true; kill(process.processIdentifier, SIGKILL); break }
        }
        let said = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        process.waitUntilExit()
        if overBudget { throw fail("it decodes to over \(maxBytes >> 20) MB of samples") }
        if stopped.isSet { throw fail("decoding took over \(String(format: "%g", timeout)) s and was stopped") }
        if process.terminationReason == .uncaughtSignal {
            throw fail("the sound decoder stopped on it (signal \(process.terminationStatus))")
        }
        guard process.terminationStatus == 0 else {
            throw fail(said.isEmpty ? "the sound decoder failed (exit \(process.terminationStatus))" : said)
        }
        guard bytes.count % MemoryLayout<Int16>.size == 0 else { throw fail("the sound decoder's output was cut short") }
        let count = bytes.count / MemoryLayout<Int16>.size
        return [Int16](unsafeUninitializedCapacity: count) { samples, made in
            _ = bytes.copyBytes(to: samples)
            made = count
        }
    }

    /// Set once, from the timer's thread, read after the helper exited.
    private final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        func set() { lock.lock(); value = true; lock.unlock() }
        var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
    }
}
