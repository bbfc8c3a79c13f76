@testable import Backend
import CSDL2
import Diagnostics
import Foundation
import Stage
import XCTest

/// SDL_mixer is opened with dlopen (not linked, `SDLMixerLibrary`), and a window's engine opens the device on the
/// first sound rather than at once (issue 24: the first frame must not wait for either).
final class AudioSDLMixerLibraryTests: XCTestCase {
    private func tone(_ test: XCTestCase) throws -> URL {
        let dir = try AudioFixtures.tempDir(test)
        try AudioFixtures.soxSine(dir.appendingPathComponent("tone.wav"), frequency: 1000, duration: 0.3)
        return dir
    }

    /// A device engine made and not yet used has not opened SDL audio; a sound played straight away opens it (the
    /// first frame's sound waits for the library and the device, then plays) and is in the capture sample for sample.
    func testADeviceEngineOpensOnItsFirstSoundAndPlaysIt() throws {
        let assets = try tone(self)
        let out = assets.appendingPathComponent("out.wav")
        SDLAudioState.startClosed(self)
        TestEnvironment.set("SDL_AUDIODRIVER", "dummy", for: self)
        let log = RunLog.quiet()
        let engine = AudioEngine(mode: .device, assets: AssetResolver(roots: [assets]), captureURL: out, log: log.audio)
        defer { engine.close() }
        engine.advance(to: 0.1)
        engine.stop(nil, at: 0.1)
        XCTAssertNil(engine.nowPlaying(.player))
        XCTAssertEqual(SDL_WasInit(UInt32(SDL_INIT_AUDIO)), 0, "nothing opened audio before the first sound")

        XCTAssertEqual(engine.play("tone", on: .effect(20), at: 0), .started)
        XCTAssertNotEqual(SDL_WasInit(UInt32(SDL_INIT_AUDIO)), 0, "the first sound opened audio")
        XCTAssertEqual(engine.mode, .device, "\(log.messages)")
        XCTAssertEqual(engine.nowPlaying(.effect(20))?.name, "tone", "played on a channel past the first 17")
        let expected = try XCTUnwrap(engine.load("tone")).samples
        var mixed = 0
        engine.mixTap = { mixed += $0.count }
        let deadline = Date().addingTimeInterval(10)
        while mixed < expected.count + 4096 && Date() < deadline { engine.advance(to: 0); Thread.sleep(forTimeInterval: 0.005) }
        engine.close()
        XCTAssertEqual(log.messages, [])

        let s = try WAVFile(contentsOf: out).samples
        let start = try XCTUnwrap(s.firstIndex { $0 != 0 }, "the tone is in the capture") / 2 * 2
        guard s.count >= start + expected.count else { return XCTFail("capture of \(s.count) samples") }
        assertSamples(s[start..<(start + expected.count)], expected, "the tone, whole")
    }

    /// Without SDL_mixer the engine says so once, naming the library and its package, and goes on silently in both
    /// modes: sounds play as nothing, the capture is silence of the right length, nothing crashes.
    func testAMissingSDLMixerIsOneMessageAndSilence() throws {
        let assets = try tone(self)
        for mode in [AudioEngine.Mode.device, .offline] {
            let out = assets.appendingPathComponent("out-\(mode).wav")
            let log = RunLog.quiet()
            let engine = AudioEngine(mode: mode, assets: AssetResolver(roots: [assets]), captureURL: out, log: log.audio,
                                     decodedSounds: nil, library: SDLMixerLibrary.load("libSDL2_mixer-missing.so.0"))
            XCTAssertEqual(engine.play("tone", on: .player, at: 0.1), .started, "\(mode)")
            engine.play("tone", on: .effect(3), at: 0.2)
            XCTAssertNil(engine.load("tone"), "\(mode)")
            XCTAssertFalse(engine.canLoadSounds, "\(mode)")
            XCTAssertTrue(engine.isSilent, "\(mode)")
            XCTAssertEqual(engine.mode, .offline, "\(mode)")
            engine.advance(to: 0.5)
            engine.close()
            XCTAssertEqual(log.messages.count, 1, "\(mode): \(log.messages)")
            let message = log.messages.first ?? ""
            XCTAssertTrue(message.hasPrefix("audio unavailable: playing silently, sounds are not loaded (cannot load libSDL2_mixer-missing.so.0 ("),
                          "\(mode): \(message)")
            XCTAssertTrue(message.contains("install libsdl2-mixer-2.0-0"), message)
            let wav = try WAVFile(contentsOf: out)
            XCTAssertEqual(wav.frameCount, 22050, "\(mode)")
            XCTAssertTrue(wav.samples.allSatisfy { $0 == 0 }, "\(mode)")
        }
    }

    func testALibraryWithoutSDLMixersFunctionsNamesTheFirstMissing() {
        guard case .failure(let error) = SDLMixerLibrary.load("libm.so.6") else { return XCTFail("libm is no SDL_mixer") }
        XCTAssertTrue(error.description.hasPrefix("libm.so.6 has no function Mix_Init ("), error.description)
    }

    /// Threads asking while the window's preload may be in flight all get the one instance.
    func testEveryThreadGetsTheOneSharedLibrary() {
        assertEveryThreadGetsTheOneInstance(preload: SDLMixerLibrary.preload, shared: { try? SDLMixerLibrary.shared.get() })
    }
}
