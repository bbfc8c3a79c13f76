import Backend
import Diagnostics
import Foundation
import Stage
import XCTest

/// The engine in offline mode (no device, virtual clock), checked through its WAV capture.
final class AudioEngineTests: XCTestCase {
    static let rate = 44100.0

    /// toneA.wav 1000 Hz 2 s · toneB.ogg 440 Hz 1 s · toneC.m4a 880 Hz 1 s (AAC) · toneD.flac 3000 Hz 0.5 s ·
    /// toneE.aif 2000 Hz 0.3 s · toneF.mp3 660 Hz 0.5 s · corrupt.m4a and garbage.ogg (random bytes).
    /// Made once for the class (sox and ffmpeg were most of this file's time) and never written to.
    nonisolated(unsafe) private static var fixtures: Result<URL, Error>?

    override class func setUp() {
        super.setUp()
        fixtures = Result {
            let dir = FileManager.default.temporaryDirectory
                .appendingPathComponent("zoetrope-audio-fixtures-\(UUID().uuidString)", isDirectory: true)
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try AudioFixtures.soxSine(dir.appendingPathComponent("toneA.wav"), frequency: 1000, duration: 2)
            try AudioFixtures.soxSine(dir.appendingPathComponent("toneB.ogg"), frequency: 440, duration: 1)
            try AudioFixtures.aacSine(dir.appendingPathComponent("toneC.m4a"), frequency: 880, duration: 1)
            try AudioFixtures.soxSine(dir.appendingPathComponent("toneD.flac"), frequency: 3000, duration: 0.5)
            try AudioFixtures.soxSine(dir.appendingPathComponent("toneE.aif"), frequency: 2000, duration: 0.3)
            try AudioFixtures.mp3Sine(dir.appendingPathComponent("toneF.mp3"), frequency: 660, duration: 0.5)
            try AudioFixtures.garbage(dir.appendingPathComponent("corrupt.m4a"))
            try AudioFixtures.garbage(dir.appendingPathComponent("garbage.ogg"))
            return dir
        }
    }

    override class func tearDown() {
        if case .success(let dir)? = fixtures { try? FileManager.default.removeItem(at: dir) }
        fixtures = nil
        super.tearDown()
    }

    /// A fresh folder of this test's own holding a copy of the fixtures: captures written there are never read by
    /// another test.
    func makeAssets() throws -> URL {
        let fixtures = try XCTUnwrap(Self.fixtures).get()
        let dir = try AudioFixtures.tempDir(self)
        for name in try FileManager.default.contentsOfDirectory(atPath: fixtures.path) {
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent(name), to: dir.appendingPathComponent(name))
        }
        return dir
    }

    func makeEngine(_ assets: URL, capture: URL?, log: RunLog) -> AudioEngine {
        let engine = AudioEngine(mode: .offline, assets: AssetResolver(roots: [assets]), captureURL: capture, log: log.audio)
        addTeardownBlock { engine.close() }
        XCTAssertEqual(engine.mode, .offline)
        XCTAssertFalse(engine.isSilent)
        XCTAssertTrue(engine.canLoadSounds)
        return engine
    }

    // MARK: - One global player

    func testANewSoundOnThePlayerCutsThePreviousOne() throws {
        let assets = try makeAssets()
        let out = assets.appendingPathComponent("out.wav")
        let engine = makeEngine(assets, capture: out, log: RunLog.quiet())
        engine.play("toneA", on: .player, at: 0.5)
        engine.play("toneB", on: .player, at: 1.0)
        engine.advance(to: 2.5)
        let a = try XCTUnwrap(engine.load("toneA")).samples
        let b = try XCTUnwrap(engine.load("toneB")).samples
        engine.close()

        let wav = try WAVFile(contentsOf: out)
        XCTAssertEqual(wav.sampleRate, 44100)
        XCTAssertEqual(wav.channels, 2)
        XCTAssertEqual(wav.frameCount, 110250)
        let left = wav.channel(0)
        let x = left.map(Double.init)

        // Silence until 0.5 s, then A's onset within 1 ms.
        XCTAssertEqual(Signal.peak(x[0..<22050]), 0)
        let onset = try XCTUnwrap(Signal.onset(x, threshold: 1000))
        XCTAssertEqual(Double(onset) / Self.rate, 0.5, accuracy: 0.001)
        // Exactly A from 0.5 to 1.0, exactly B from 1.0 for B's length (1 s), then silence.
        XCTAssertEqual(Array(wav.samples[(22050 * 2)..<(44100 * 2)]), Array(a[0..<(22050 * 2)]))
        XCTAssertEqual(b.count, 44100 * 2)
        XCTAssertEqual(Array(wav.samples[(44100 * 2)..<(88200 * 2)]), b)
        XCTAssertEqual(Signal.peak(x[88200...]), 0)

        // The same, measured as the acceptance check does: A's 1 kHz is gone within 20 ms of the cut.
        let before = Signal.toneAmplitude(Signal.window(x, 0.97, 0.99), frequency: 1000)
        let after = Signal.toneAmplitude(Signal.window(x, 1.0, 1.02), frequency: 1000)
        XCTAssertGreaterThan(before, 10000)
        XCTAssertLessThan(after, before * 0.02, "1 kHz after the cut: \(after) vs \(before)")
        XCTAssertGreaterThan(Signal.toneAmplitude(Signal.window(x, 1.0, 1.02), frequency: 440), 10000)
        XCTAssertEqual(Signal.zeroCrossingFrequency(Signal.window(x, 1.1, 1.9)), 440, accuracy: 3)
    }

    func testOnsetsAreSampleExactOnTheVirtualClock() throws {
        let assets = try makeAssets()
        let out = assets.appendingPathComponent("out.wav")
        let engine = makeEngine(assets, capture: out, log: RunLog.quiet())
        // Requests made ahead of time and requests made as the clock gets there land on the same frames.
        engine.play("toneE", on: .player, at: 0.1234)
        engine.advance(to: 0.3)
        engine.advance(to: 0.7)
        engine.play("toneE", on: .player, at: 0.7)        // at the current position: applies now
        engine.advance(to: 0.9)
        engine.play("toneE", on: .player, at: 0.85)       // already past: starts at the current position (0.9)
        engine.advance(to: 1.5)
        let e = try XCTUnwrap(engine.load("toneE")).samples
        engine.close()

        let wav = try WAVFile(contentsOf: out)
        let x = wav.channel(0).map(Double.init)
        let first = try XCTUnwrap(Signal.onset(x, threshold: 100))
        // Where the sound itself first exceeds the threshold (sox's sine starts near phase 0).
        let lead = try XCTUnwrap(Signal.onset(Signal.channel(e, 0), threshold: 100))
        XCTAssertLessThan(lead, 3)
        XCTAssertEqual(first, Int((0.1234 * Self.rate).rounded()) + lead)
        XCTAssertEqual(Array(wav.samples[(5442 * 2)..<((5442 + 13230) * 2)]), e)
        XCTAssertEqual(Signal.peak(Signal.window(x, 0.1234 + 0.3 + 0.001, 0.7)), 0)
        // 0.7 → frame 30870; cut at frame 39690 (0.9) by the late request, which starts the sound again there.
        XCTAssertEqual(try XCTUnwrap(Signal.onset(x, threshold: 100, from: Int(0.69 * Self.rate))), 30870 + lead)
        XCTAssertEqual(Array(wav.samples[(30870 * 2)..<(39690 * 2)]), Array(e[0..<(8820 * 2)]))
        XCTAssertEqual(Array(wav.samples[(39690 * 2)..<((39690 + 13230) * 2)]), e)
        XCTAssertEqual(Signal.peak(x[(39690 + 13230)...]), 0)
    }

    func testACaptureIsDeterministic() throws {
        let assets = try makeAssets()
        var files: [Data] = []
        for i in 0..<2 {
            let out = assets.appendingPathComponent("run\(i).wav")
            let engine = makeEngine(assets, capture: out, log: RunLog.quiet())
            engine.play("toneC", on: .player, at: 0.2)
            engine.play("toneD", on: .effect(0), at: 0.3)
            for frame in 1...60 { engine.advance(to: Double(frame) / 60) }
            engine.close()
            files.append(try Data(contentsOf: out))
        }
        XCTAssertEqual(files[0], files[1])
        XCTAssertEqual(files[0].count, 44 + 44100 * 4)
    }

    // MARK: - Effect channels, stop

    func testEffectChannelsMixWithThePlayerAndStopWorks() throws {
        let assets = try makeAssets()
        let out = assets.appendingPathComponent("out.wav")
        let engine = makeEngine(assets, capture: out, log: RunLog.quiet())
        engine.play("toneA", on: .player, at: 0)
        engine.play("toneC", on: .effect(0), at: 0.25)
        engine.play("toneE", on: .effect(3), at: 0.4)     // a third channel, ends at 0.7
        engine.stop(.player, at: 0.8)
        engine.stop(nil, at: 1.0)
        engine.advance(to: 1.5)
        let a = try XCTUnwrap(engine.load("toneA")).samples
        let c = try XCTUnwrap(engine.load("toneC")).samples
        engine.close()

        let wav = try WAVFile(contentsOf: out)
        let x = wav.channel(0).map(Double.init)
        // Both at once.
        let both = Signal.window(x, 0.3, 0.39)
        XCTAssertGreaterThan(Signal.toneAmplitude(both, frequency: 1000), 10000)
        XCTAssertGreaterThan(Signal.toneAmplitude(both, frequency: 880), 2000)
        // The mix is the clamped sum, sample for sample.
        for frame in stride(from: Int(0.3 * Self.rate), to: Int(0.39 * Self.rate), by: 7) {
            let cFrame = frame - 11025
            let sum = Int(a[frame * 2]) + Int(c[cFrame * 2])
            XCTAssertEqual(Int(wav.samples[frame * 2]), max(-32768, min(32767, sum)))
        }
        XCTAssertGreaterThan(Signal.toneAmplitude(Signal.window(x, 0.45, 0.65), frequency: 2000), 10000)
        XCTAssertLessThan(Signal.toneAmplitude(Signal.window(x, 0.75, 0.79), frequency: 2000), 100)
        // After stop(.player) at 0.8 only the effect remains; after stop(nil) at 1.0, silence.
        let afterPlayerStop = Signal.window(x, 0.8, 0.99)
        XCTAssertLessThan(Signal.toneAmplitude(afterPlayerStop, frequency: 1000), 100)
        XCTAssertGreaterThan(Signal.toneAmplitude(afterPlayerStop, frequency: 880), 2000)
        XCTAssertEqual(Signal.peak(x[44100...]), 0)
    }

    func testNowPlayingReportsNameAndPosition() throws {
        let assets = try makeAssets()
        let engine = makeEngine(assets, capture: nil, log: RunLog.quiet())
        engine.play("toneA", on: .player, at: 0.5)
        engine.play("toneD", on: .effect(2), at: 0.6)
        engine.advance(to: 0.25)
        XCTAssertNil(engine.nowPlaying(.player))
        engine.advance(to: 0.75)
        let p = try XCTUnwrap(engine.nowPlaying(.player))
        XCTAssertEqual(p.name, "toneA")
        XCTAssertEqual(p.position, 0.25, accuracy: 1e-9)
        let e = try XCTUnwrap(engine.nowPlaying(.effect(2)))
        XCTAssertEqual(e.name, "toneD")
        XCTAssertEqual(e.position, 0.15, accuracy: 1e-9)
        XCTAssertNil(engine.nowPlaying(.effect(0)))
        engine.play("toneB", on: .player, at: 1.0)
        engine.advance(to: 1.1)
        XCTAssertEqual(engine.nowPlaying(.player)?.name, "toneB")
        XCTAssertEqual(engine.nowPlaying(.player)?.position ?? -1, 0.1, accuracy: 1e-9)
        XCTAssertNil(engine.nowPlaying(.effect(2)), "toneD (0.5 s) ended at 1.1")
        engine.advance(to: 2.5)
        XCTAssertNil(engine.nowPlaying(.player), "toneB (1 s) ended at 2.0: sounds do not loop")
        XCTAssertEqual(engine.currentTime, 2.5, accuracy: 1e-9)
    }

    func testLoopsOffsetsAndClockRestart() throws {
        let assets = try makeAssets()
        let out = assets.appendingPathComponent("out.wav")
        let engine = makeEngine(assets, capture: out, log: RunLog.quiet())
        // toneE is 0.3 s; two extra loops → 0.9 s.
        engine.play("toneE", on: .effect(0), at: 0, loops: 2, from: 0)
        engine.advance(to: 0.85)
        XCTAssertEqual(engine.nowPlaying(.effect(0))?.position ?? -1, 0.25, accuracy: 1e-9)
        engine.advance(to: 1.0)
        XCTAssertNil(engine.nowPlaying(.effect(0)))
        // Endless loop from inside the sound.
        engine.play("toneE", on: .effect(1), at: 1.0, loops: -1, from: 0.05)
        engine.advance(to: 3.0)
        // (0.05 + 2.0) mod 0.3 = 0.25
        XCTAssertEqual(engine.nowPlaying(.effect(1))?.position ?? -1, 0.25, accuracy: 1e-9)
        engine.stop(.effect(1), at: 3.0)
        // A new scene: its t = 0 is the current mix position.
        engine.restartClock(at: 0)
        engine.play("toneE", on: .player, at: 0.5)
        engine.advance(to: 1.0)
        XCTAssertEqual(engine.currentTime, 1.0, accuracy: 1e-9)
        let lead = try XCTUnwrap(Signal.onset(Signal.channel(try XCTUnwrap(engine.load("toneE")).samples, 0),
                                              threshold: 100))
        engine.close()

        let wav = try WAVFile(contentsOf: out)
        XCTAssertEqual(wav.frameCount, 4 * 44100)
        let x = wav.channel(0).map(Double.init)
        XCTAssertGreaterThan(Signal.toneAmplitude(Signal.window(x, 0.65, 0.85), frequency: 2000), 10000)
        XCTAssertEqual(Signal.peak(Signal.window(x, 0.91, 1.0)), 0)
        XCTAssertGreaterThan(Signal.toneAmplitude(Signal.window(x, 2.7, 2.95), frequency: 2000), 10000)
        XCTAssertEqual(Signal.peak(Signal.window(x, 3.0, 3.5)), 0)
        XCTAssertEqual(try XCTUnwrap(Signal.onset(x, threshold: 100, from: 3 * 44100)), 3 * 44100 + 22050 + lead)
    }

    // MARK: - Formats

    func testEveryFormatLoads() throws {
        let assets = try makeAssets()
        let engine = makeEngine(assets, capture: nil, log: RunLog.quiet())
        let expected: [(String, Double, Double, Double)] = [   // name, duration, tolerance, frequency
            ("toneA", 2.0, 0, 1000), ("toneB", 1.0, 0, 440), ("toneC", 1.0, 1024 / Self.rate, 880),
            ("toneD", 0.5, 0, 3000), ("toneE", 0.3, 0, 2000), ("toneF", 0.5, 1152 * 2 / Self.rate, 660),
        ]
        for (name, duration, tolerance, frequency) in expected {
            let sound = try XCTUnwrap(engine.load(name), name)
            XCTAssertEqual(engine.duration(of: name) ?? -1, duration, accuracy: tolerance + 1e-9, name)
            let x = Signal.channel(sound.samples, 0)
            let mid = x[(x.count / 10)..<(x.count * 9 / 10)]
            XCTAssertEqual(Signal.zeroCrossingFrequency(mid), frequency, accuracy: 4, name)
        }
    }

    // MARK: - Failures

    func testAMissingSoundIsSilentAndWarnsOnce() throws {
        let assets = try makeAssets()
        let out = assets.appendingPathComponent("out.wav")
        RunLog.shared.reset()
        let saved = RunLog.shared.sink
        RunLog.shared.sink = { _ in }
        defer { RunLog.shared.sink = saved }
        let engine = AudioEngine(mode: .offline, assets: AssetResolver(roots: [assets]), captureURL: out)
        defer { engine.close() }
        engine.play("noSuchSound", on: .player, at: 0.1)
        engine.play("noSuchSound", on: .effect(0), at: 0.2)
        engine.advance(to: 0.5)
        XCTAssertNil(engine.nowPlaying(.player))
        XCTAssertEqual(RunLog.shared.messages.filter { $0.contains("noSuchSound") }.count, 1, "\(RunLog.shared.messages)")
        XCTAssertEqual(RunLog.shared.messages.count, 1, "\(RunLog.shared.messages)")
        // A failed start leaves the player alone (the book's guard returns before touching the old player).
        engine.play("toneA", on: .player, at: 0.5)
        engine.play("noSuchSound", on: .player, at: 0.7)
        engine.advance(to: 1.0)
        XCTAssertEqual(engine.nowPlaying(.player)?.name, "toneA")
        engine.close()
        let x = try WAVFile(contentsOf: out).channel(0).map(Double.init)
        XCTAssertEqual(Signal.peak(x[0..<22050]), 0)
        XCTAssertGreaterThan(Signal.toneAmplitude(Signal.window(x, 0.7, 1.0), frequency: 1000), 10000)
    }

    func testACorruptFileIsSilentAndWarnsNamingTheFile() throws {
        let assets = try makeAssets()
        let out = assets.appendingPathComponent("out.wav")
        let log = RunLog.quiet()
        let engine = makeEngine(assets, capture: out, log: log)
        XCTAssertEqual(engine.play("corrupt", on: .player, at: 0.1), .undecodable)
        XCTAssertEqual(engine.play("garbage", on: .effect(0), at: 0.1), .undecodable)
        XCTAssertEqual(engine.play("corrupt", on: .player, at: 0.2), .undecodable, "said every call, like the book's catch")
        XCTAssertEqual(engine.play("nothingHere", on: .player, at: 0.2), .missing)
        engine.advance(to: 0.5)
        XCTAssertNil(engine.nowPlaying(.player))
        XCTAssertNil(engine.nowPlaying(.effect(0)))
        engine.close()

        let warnings = log.messages.filter { $0.contains("corrupt.m4a") }
        XCTAssertEqual(warnings.count, 1, "\(log.messages)")
        XCTAssertTrue(warnings[0].contains(assets.appendingPathComponent("corrupt.m4a").path), warnings[0])
        XCTAssertEqual(log.messages.filter { $0.contains("garbage.ogg") }.count, 1, "\(log.messages)")
        let wav = try WAVFile(contentsOf: out)
        XCTAssertEqual(wav.frameCount, 22050)
        XCTAssertEqual(Signal.peak(wav.channel(0).map(Double.init)[...]), 0)
    }

    /// A capture file that cannot be written (a full disk) is said once per run, naming the file, and counted as an
    /// output failure, so the player exits 1; the engine plays on without it.
    func testACaptureThatCannotBeWrittenIsSaidOnceAndCounted() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { throw XCTSkip("no /dev/full on this system") }
        let assets = try makeAssets()
        let log = RunLog.quiet()
        for _ in 0..<2 {
            let engine = makeEngine(assets, capture: URL(fileURLWithPath: "/dev/full"), log: log)
            engine.play("toneE", on: .player, at: 0)
            engine.advance(to: 0.1)
            XCTAssertEqual(engine.nowPlaying(.player)?.name, "toneE")
            engine.close()
        }
        XCTAssertEqual(log.messages.count, 1, "\(log.messages)")
        XCTAssertTrue(log.messages.first?.hasPrefix("cannot write audio capture /dev/full: ") ?? false, "\(log.messages)")
        XCTAssertTrue(log.hasOutputFailures)
    }

    // MARK: - Device mode, capture file

    /// A device that cannot be opened, the same on every machine (sound card or not): SDL's disk driver, told to
    /// write into a folder that does not exist. The shell's SDL_AUDIODRIVER is overridden for this test only.
    func testDeviceModeWithoutADeviceFallsBackAndStillCaptures() throws {
        let assets = try makeAssets()
        let out = assets.appendingPathComponent("out.wav")
        SDLAudioState.startClosed(self)
        TestEnvironment.set("SDL_AUDIODRIVER", "disk", for: self)
        TestEnvironment.set("SDL_DISKAUDIOFILE", assets.appendingPathComponent("no-such-folder/device.raw").path, for: self)
        let log = RunLog.quiet()
        let engine = AudioEngine(mode: .device, assets: AssetResolver(roots: [assets]), captureURL: out, log: log.audio)
        defer { engine.close() }
        XCTAssertEqual(engine.requestedMode, .device)
        XCTAssertEqual(engine.mode, .offline, "\(log.messages)")
        XCTAssertTrue(engine.isSilent)
        XCTAssertTrue(engine.canLoadSounds, "the fallback still loads and mixes sounds for the capture: \(log.messages)")
        let notes = log.messages.filter { $0.hasPrefix("no audio device: playing silently (") }
        XCTAssertEqual(notes.count, 1, "\(log.messages)")
        XCTAssertTrue(notes.first?.contains("no-such-folder") ?? false, "SDL's reason is passed on: \(log.messages)")
        XCTAssertEqual(log.messages.count, 1, "\(log.messages)")

        // Offline from here: the request's time counts, as on the virtual clock.
        engine.play("toneE", on: .player, at: 0.25)
        engine.advance(to: 1)
        XCTAssertNil(engine.nowPlaying(.player))
        let e = try XCTUnwrap(engine.load("toneE")).samples
        engine.close()
        let wav = try WAVFile(contentsOf: out)
        XCTAssertEqual(e.count, 13230 * 2)
        guard wav.frameCount == 44100 else { return XCTFail("capture of \(wav.frameCount) frames, not 1 s") }
        XCTAssertEqual(Signal.peak(Signal.channel(wav.samples, 0)[0..<11025]), 0)
        assertSamples(wav.samples[(11025 * 2)..<((11025 + 13230) * 2)], e, "toneE exactly, from 0.25 s")
        XCTAssertEqual(Signal.peak(Signal.channel(wav.samples, 0)[(11025 + 13230)...]), 0)

        // A second engine on the same run does not say it again (a warning: once per run).
        let again = AudioEngine(mode: .device, assets: AssetResolver(roots: [assets]), captureURL: nil, log: log.audio)
        XCTAssertEqual(again.mode, .offline)
        again.close()
        XCTAssertEqual(log.messages.filter { $0.hasPrefix("no audio device") }.count, 1)
    }

    /// SDL_AUDIODRIVER naming a driver this SDL does not have (a setting meant for another machine) means "no device"
    /// as well. Offline mixing needs no device at all (it runs on SDL's dummy driver), so in both modes sounds still
    /// load and the capture still holds them.
    func testAnUnavailableDriverInTheEnvironmentStillLoadsAndCaptures() throws {
        let assets = try makeAssets()
        SDLAudioState.startClosed(self)
        TestEnvironment.set("SDL_AUDIODRIVER", "zoetrope-no-such-driver", for: self)
        for mode in [AudioEngine.Mode.device, .offline] {
            let out = assets.appendingPathComponent("out-\(mode).wav")
            let log = RunLog.quiet()
            let engine = AudioEngine(mode: mode, assets: AssetResolver(roots: [assets]), captureURL: out, log: log.audio)
            defer { engine.close() }
            XCTAssertEqual(engine.mode, .offline, "\(mode)")
            XCTAssertEqual(engine.isSilent, mode == .device, "\(mode): \(log.messages)")
            XCTAssertTrue(engine.canLoadSounds, "\(mode): \(log.messages)")
            engine.play("toneE", on: .player, at: 0.25)
            engine.advance(to: 1)
            let e = engine.load("toneE")?.samples ?? []
            engine.close()
            let wav = try WAVFile(contentsOf: out)
            XCTAssertEqual(e.count, 13230 * 2, "\(mode): toneE loads")
            guard wav.frameCount == 44100 else { XCTFail("\(mode): capture of \(wav.frameCount) frames, not 1 s"); continue }
            assertSamples(wav.samples[(11025 * 2)..<((11025 + 13230) * 2)], e, "\(mode): toneE in the capture")
        }
    }

    /// SDL's "dummy" driver stands in for a sound card: SDL_mixer mixes in real time and the post-mix capture must hold
    /// exactly the chunks' samples, a new sound on the player replacing the old one at a buffer boundary.
    func testDeviceModeCapturesWhatSDLMixerOutputs() throws {
        let assets = try makeAssets()
        let out = assets.appendingPathComponent("out.wav")
        let log = RunLog.quiet()
        SDLAudioState.startClosed(self)
        TestEnvironment.set("SDL_AUDIODRIVER", "dummy", for: self)
        let engine = AudioEngine(mode: .device, assets: AssetResolver(roots: [assets]), captureURL: out, log: log.audio)
        defer { engine.close() }
        XCTAssertEqual(engine.mode, .device, "\(log.messages)")
        XCTAssertFalse(engine.isSilent)
        let a = try XCTUnwrap(engine.load("toneA")).samples
        let c = try XCTUnwrap(engine.load("toneC")).samples
        // What the device has mixed so far (handed over by each `advance`): the test waits on it, not on the clock.
        var mixed = 0
        engine.mixTap = { mixed += $0.count }
        func mixMore(_ seconds: Double) {
            let target = mixed + Int(seconds * 44100) * 2, deadline = Date().addingTimeInterval(10)
            while mixed < target && Date() < deadline { engine.advance(to: 0); Thread.sleep(forTimeInterval: 0.005) }
            XCTAssertGreaterThanOrEqual(mixed, target, "the device mixed \(seconds) s more")
        }
        engine.play("toneA", on: .player, at: 123)        // device mode: plays now, whatever the time
        XCTAssertEqual(engine.nowPlaying(.player)?.name, "toneA")
        mixMore(0.3)
        engine.play("toneC", on: .player, at: 0)
        mixMore(0.3)
        XCTAssertEqual(engine.nowPlaying(.player)?.name, "toneC")
        XCTAssertEqual(engine.nowPlaying(.player)?.position ?? -1, 0.3, accuracy: 0.15)
        engine.stop(nil, at: 0)
        XCTAssertNil(engine.nowPlaying(.player))
        mixMore(0.1)
        engine.close()

        let wav = try WAVFile(contentsOf: out)
        XCTAssertEqual(wav.sampleRate, 44100)
        XCTAssertEqual(wav.channels, 2)
        let s = wav.samples
        let start = try XCTUnwrap(s.firstIndex { $0 != 0 }) / 2 * 2
        let buffer = AudioEngine.bufferFrames * 2
        XCTAssertEqual(start % buffer, 0, "a chunk starts at a mixer buffer boundary")
        // toneA from its first sample, until the buffer where toneC replaces it.
        var cut = start
        while cut < s.count, cut - start < a.count, s[cut] == a[cut - start] { cut += 1 }
        cut = cut / 2 * 2
        XCTAssertGreaterThanOrEqual(cut - start, buffer, "toneA played for a while (about 0.3 s)")
        XCTAssertEqual((cut - start) % buffer, 0, "toneA cut at a buffer boundary")
        let n = min(c.count, s.count - cut, Int(0.2 * 44100) * 2)
        XCTAssertEqual(Array(s[cut..<(cut + n)]), Array(c[0..<n]), "toneC right after the cut: no gap, no overlap")
        XCTAssertTrue(s.suffix(2048).allSatisfy { $0 == 0 }, "silence after stop")
    }

    func testCloseIsIdempotentAndFixesTheHeader() throws {
        let assets = try makeAssets()
        let out = assets.appendingPathComponent("out.wav")
        let engine = makeEngine(assets, capture: out, log: RunLog.quiet())
        engine.play("toneB", on: .player, at: 0)
        engine.play("toneB", on: .effect(1), at: .nan, loops: 0, from: .infinity)   // nonsense times never trap
        engine.stop(.effect(1), at: -.infinity)
        engine.advance(to: 0.5)
        engine.close()
        engine.close()
        engine.play("toneB", on: .player, at: 0.6)   // ignored after close
        engine.advance(to: 1.0)
        XCTAssertNil(engine.nowPlaying(.player))
        let data = try Data(contentsOf: out)
        XCTAssertEqual(data.count, 44 + 22050 * 4)
        func u32(_ o: Int) -> Int { Int(data[o]) | Int(data[o + 1]) << 8 | Int(data[o + 2]) << 16 | Int(data[o + 3]) << 24 }
        XCTAssertEqual(String(decoding: data[0..<4], as: UTF8.self), "RIFF")
        XCTAssertEqual(u32(4), data.count - 8)
        XCTAssertEqual(String(decoding: data[36..<40], as: UTF8.self), "data")
        XCTAssertEqual(u32(40), 22050 * 4)
        XCTAssertEqual(u32(24), 44100)

        // Engines open and close one after another (the mixer is a process-wide singleton).
        for _ in 0..<3 {
            let e = makeEngine(assets, capture: nil, log: RunLog.quiet())
            XCTAssertNotNil(e.load("toneC"))
            e.close()
        }
    }
}
