@testable import Backend
import CSDL2
import Diagnostics
import Foundation
import Logging
import XCTest

extension RunLog {
    /// A run of the test's own for what the audio engine says: recorded (`messages`), not printed.
    static func quiet() -> RunLog {
        let run = RunLog()
        run.sink = { _ in }
        return run
    }

    /// The logger to hand the engine (`AudioEngine(…, log: run.audio)`); it reports to this run.
    var audio: Logger { logger("zoetrope.audio") }
}

/// Fixtures and signal measurements for the audio tests. Fixtures are made at run time with sox and ffmpeg
/// (scripts/test installs them); a missing tool is a test failure, never a skip.
enum AudioFixtures {
    struct ToolMissing: Error, CustomStringConvertible {
        let tool: String
        var description: String { "\(tool) is not installed: the audio tests need it to make fixtures (apt-get install sox ffmpeg)" }
    }
    struct ToolFailed: Error, CustomStringConvertible {
        let command: String
        let output: String
        var description: String { "fixture command failed: \(command)\n\(output)" }
    }

    static func which(_ tool: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let url = URL(fileURLWithPath: String(dir)).appendingPathComponent(tool)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }

    static func run(_ tool: String, _ args: [String]) throws {
        guard let exe = which(tool) else { throw ToolMissing(tool: tool) }
        let p = Process()
        p.executableURL = exe
        p.arguments = args
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let out = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw ToolFailed(command: ([tool] + args).joined(separator: " "), output: String(decoding: out, as: UTF8.self))
        }
    }

    /// A fresh temporary folder, removed at the end of the test.
    static func tempDir(_ test: XCTestCase) throws -> URL {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("zoetrope-audio-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }

    /// A stereo 44100 Hz sine made by sox (any format sox writes: wav, ogg, flac, aif).
    static func soxSine(_ url: URL, frequency: Int, duration: Double, volume: Double = 0.5) throws {
        try run("sox", ["-n", "-r", "44100", "-c", "2", "-b", "16", url.path,
                        "synth", String(duration), "sine", String(frequency), "vol", String(volume)])
    }

    /// A stereo 44100 Hz AAC-LC `.m4a` sine made by ffmpeg (lavfi sine: amplitude 1/8).
    static func aacSine(_ url: URL, frequency: Int, duration: Double) throws {
        try run("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi",
                           "-i", "sine=frequency=\(frequency):duration=\(duration)",
                           "-c:a", "aac", "-ar", "44100", "-ac", "2", url.path])
    }

    /// An MP3 sine made by ffmpeg.
    static func mp3Sine(_ url: URL, frequency: Int, duration: Double) throws {
        try run("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi",
                           "-i", "sine=frequency=\(frequency):duration=\(duration)",
                           "-c:a", "libmp3lame", "-ar", "44100", "-ac", "2", url.path])
    }

    /// Deterministic garbage (an LCG), written under `name`.
    static func garbage(_ url: URL, bytes: Int = 20000) throws {
        var x: UInt32 = 12345
        var d = Data(count: bytes)
        for i in 0..<bytes { x = x &* 1664525 &+ 1013904223; d[i] = UInt8(truncatingIfNeeded: x >> 24) }
        try d.write(to: url)
    }
}

/// The process environment for one test. SDL reads `SDL_AUDIODRIVER` (and the disk driver `SDL_DISKAUDIOFILE`) when
/// audio starts, and the shell running the suite may set them: a test that cares sets them itself and gets the old
/// value (or its absence) back at tear-down, so it neither depends on nor leaks the choice.
enum TestEnvironment {
    static func set(_ name: String, _ value: String?, for test: XCTestCase) {
        let previous = getenv(name).map { String(cString: $0) }
        test.addTeardownBlock {
            if let previous { setenv(name, previous, 1) } else { unsetenv(name) }
        }
        if let value { setenv(name, value, 1) } else { unsetenv(name) }
    }
}

/// SDL audio and SDL_mixer are process-wide and reference-counted. An engine that another test never closed (a
/// harness kept alive by an XCTestCase property) holds the mixer open on the dummy driver, and a `.device` engine
/// opened then shares that mixer instead of opening a device. A test about opening a device therefore starts from
/// closed audio: this closes what is open and, at tear-down, opens it again as many times, with the same driver and
/// format, so whatever engines it belongs to find it as they left it.
enum SDLAudioState {
    static func startClosed(_ test: XCTestCase) {
        // SDL_mixer is opened with dlopen (`SDLMixerLibrary`), as the engine opens it.
        guard case .success(let mix) = SDLMixerLibrary.shared else {
            return XCTFail("SDL_mixer cannot be loaded: \(SDLMixerLibrary.shared)")
        }
        var frequency: Int32 = 0, format: UInt16 = 0, channels: Int32 = 0
        _ = mix.Mix_QuerySpec(&frequency, &format, &channels)
        let driver = SDL_GetCurrentAudioDriver().map { String(cString: $0) }
        var mixerOpens = 0
        while mix.Mix_QuerySpec(nil, nil, nil) != 0 { mix.Mix_CloseAudio(); mixerOpens += 1 }
        var audioInits = 0
        while SDL_WasInit(UInt32(SDL_INIT_AUDIO)) != 0 { SDL_QuitSubSystem(UInt32(SDL_INIT_AUDIO)); audioInits += 1 }
        test.addTeardownBlock {
            XCTAssertEqual(mix.Mix_QuerySpec(nil, nil, nil), 0, "the test's engines closed the mixer")
            XCTAssertEqual(SDL_WasInit(UInt32(SDL_INIT_AUDIO)), 0, "the test's engines quit SDL audio")
            guard audioInits > 0, let driver else { return }
            // The driver they had, whatever the environment says now.
            SDL_SetHintWithPriority(SDL_HINT_AUDIODRIVER, driver, SDL_HINT_OVERRIDE)
            for _ in 0..<audioInits { SDL_InitSubSystem(UInt32(SDL_INIT_AUDIO)) }
            SDL_ResetHint(SDL_HINT_AUDIODRIVER)
            for _ in 0..<mixerOpens {
                _ = mix.Mix_OpenAudioDevice(frequency, format, channels, Int32(AudioEngine.bufferFrames), nil, 0)
            }
        }
    }
}

/// Sample-exact comparison with a short message (the first difference, not two arrays of thousands of samples).
func assertSamples(_ actual: ArraySlice<Int16>, _ expected: [Int16], _ what: String,
                   file: StaticString = #filePath, line: UInt = #line) {
    guard actual.count == expected.count else {
        return XCTFail("\(what): \(actual.count) samples, expected \(expected.count)", file: file, line: line)
    }
    if let i = expected.indices.first(where: { actual[actual.startIndex + $0] != expected[$0] }) {
        XCTFail("\(what): sample \(i) is \(actual[actual.startIndex + i]), expected \(expected[i])", file: file, line: line)
    }
}

/// Measurements on one channel of interleaved samples.
enum Signal {
    /// Channel `c` of interleaved `samples`.
    static func channel(_ samples: [Int16], _ c: Int, of channels: Int = 2) -> [Double] {
        stride(from: c, to: samples.count, by: channels).map { Double(samples[$0]) }
    }

    /// Frequency from zero crossings over the whole slice.
    static func zeroCrossingFrequency(_ x: ArraySlice<Double>, sampleRate: Double = 44100) -> Double {
        var crossings = 0
        var prev = x.first ?? 0
        for v in x.dropFirst() {
            if (prev < 0 && v >= 0) || (prev >= 0 && v < 0) { crossings += 1 }
            prev = v
        }
        return Double(crossings) / 2 / (Double(x.count) / sampleRate)
    }

    /// RMS amplitude of the component at `frequency` in the window (Goertzel), in sample units.
    static func toneAmplitude(_ x: ArraySlice<Double>, frequency: Double, sampleRate: Double = 44100) -> Double {
        guard !x.isEmpty else { return 0 }
        let w = 2 * Double.pi * frequency / sampleRate
        let coeff = 2 * cos(w)
        var s1 = 0.0, s2 = 0.0
        for v in x {
            let s0 = v + coeff * s1 - s2
            s2 = s1; s1 = s0
        }
        let power = s1 * s1 + s2 * s2 - coeff * s1 * s2
        // A sine of peak A over N samples gives power ≈ (A·N/2)²; return the peak amplitude.
        return 2 * sqrt(max(0, power)) / Double(x.count)
    }

    static func rms(_ x: ArraySlice<Double>) -> Double {
        guard !x.isEmpty else { return 0 }
        return sqrt(x.reduce(0) { $0 + $1 * $1 } / Double(x.count))
    }

    static func peak(_ x: ArraySlice<Double>) -> Double { x.map { abs($0) }.max() ?? 0 }

    /// Index of the first sample whose magnitude exceeds `threshold`, at or after `from`.
    static func onset(_ x: [Double], threshold: Double, from: Int = 0) -> Int? {
        guard from < x.count else { return nil }
        return (from..<x.count).first { abs(x[$0]) > threshold }
    }

    /// Samples [t0, t1) seconds of `x`.
    static func window(_ x: [Double], _ t0: Double, _ t1: Double, sampleRate: Double = 44100) -> ArraySlice<Double> {
        let a = max(0, min(x.count, Int((t0 * sampleRate).rounded())))
        let b = max(a, min(x.count, Int((t1 * sampleRate).rounded())))
        return x[a..<b]
    }
}

/// Threads asking for a library opened with dlopen while its preload may be in flight all get the one instance (a
/// static `let` is initialised once).
func assertEveryThreadGetsTheOneInstance<Library: AnyObject>(preload: () -> Void, shared: @escaping @Sendable () -> Library?,
                                                             file: StaticString = #filePath, line: UInt = #line) {
    preload()
    nonisolated(unsafe) let loaded = UnsafeMutableBufferPointer<Library?>.allocate(capacity: 8)
    defer { loaded.deallocate() }
    loaded.initialize(repeating: nil)
    // Each thread writes only its own element.
    DispatchQueue.concurrentPerform(iterations: loaded.count) { i in loaded[i] = shared() }
    guard let first = loaded[0] else { return XCTFail("the library did not load", file: file, line: line) }
    XCTAssertTrue(loaded.allSatisfy { $0 === first }, file: file, line: line)
}
