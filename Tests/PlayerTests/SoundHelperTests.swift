@testable import Backend
import Foundation
import XCTest
import ZoetropeHarness

/// The player's sounds are decoded by FFmpeg in a helper process, the player's own executable run with
/// `--decode-sound-helper` (issue 24): the same samples as a decode in the process, one clear reason when the file is
/// bad or the helper fails, and FFmpeg never loaded into the player itself.
@MainActor
final class SoundHelperTests: XCTestCase {
    var dir: URL!

    override func setUp() async throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("sound-helper-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDown() async throws { try? FileManager.default.removeItem(at: dir) }

    var bells: URL { E2E.packageRoot.appendingPathComponent("Resources/Sounds/buoyBells.m4a") }

    func testTheHelperDecodesTheSameSamples() async throws {
        let helper = try E2E.binary()
        let here = try FFmpegDecoder.decode(bells, sampleRate: 44_100, channels: 2)
        let there = try SoundDecoderProcess.decode(bells, sampleRate: 44_100, channels: 2, helper: helper)
        XCTAssertGreaterThan(here.count, 44_100 * 2, "over a second of stereo")
        XCTAssertEqual(there.count, here.count)
        XCTAssertTrue(there == here, "sample for sample")
        let mono = try SoundDecoderProcess.decode(bells, sampleRate: 22_050, channels: 1, helper: helper)
        XCTAssertEqual(Double(mono.count), Double(here.count) / 4, accuracy: 64, "the rate and channels asked for")
    }

    /// What the helper says of a bad file is the reason given, as an in-process decode would give it.
    func testABadFileGivesTheHelpersOneLine() async throws {
        let junk = dir.appendingPathComponent("junk.m4a")
        try Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 37) }).write(to: junk)
        let expected = try XCTUnwrap(decodeError { try FFmpegDecoder.decode(junk, sampleRate: 44_100, channels: 2) })
        let error = try XCTUnwrap(decodeError {
            try SoundDecoderProcess.decode(junk, sampleRate: 44_100, channels: 2, helper: try E2E.binary())
        })
        XCTAssertEqual(error, expected)
        XCTAssertEqual(error.file, junk.path)
        XCTAssertFalse(error.reason.contains("\n"), "one line: \(error.reason)")
    }

    /// A helper that crashes, hangs, floods or cannot start is one undecodable sound, said once; the caller goes on.
    func testAHelperThatFailsIsAnUndecodableSound() async throws {
        func helper(_ name: String, _ body: String) throws -> URL {
            let url = dir.appendingPathComponent(name)
            try "#!/bin/sh\n\(body)\n".write(to: url, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
            return url
        }
        func reason(_ helper: URL, timeout: Double = 10, maxBytes: Int = 1 << 20) -> String? {
            decodeError {
                try SoundDecoderProcess.decode(self.bells, sampleRate: 44_100, channels: 2, helper: helper,
                                               timeout: timeout, maxBytes: maxBytes)
            }?.reason
        }
        XCTAssertEqual(reason(try helper("crash", "kill -SEGV $$")), "the sound decoder stopped on it (signal 11)")
        XCTAssertEqual(reason(try helper("quiet", "exit 3")), "the sound decoder failed (exit 3)")
        XCTAssertEqual(reason(try helper("odd", "printf abc")), "the sound decoder's output was cut short")
        let started = Date()
        XCTAssertEqual(reason(try helper("hang", "exec sleep 30"), timeout: 0.5), "decoding took over 0.5 s and was stopped")
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "stopped at its time limit")
        XCTAssertEqual(reason(try helper("flood", "exec cat /dev/zero"), maxBytes: 1 << 20), "it decodes to over 1 MB of samples")
        let missing = dir.appendingPathComponent("no-such-helper")
        XCTAssertTrue(reason(missing)?.hasPrefix("the sound decoder (\(missing.path)) could not be started") ?? false,
                      "\(reason(missing) ?? "decoded")")
    }

    /// The player run that plays a sound never decoded before has a helper decode it: FFmpeg is loaded by the helper
    /// (its own process), never by the player. Which libraries each process loaded is read from glibc's
    /// `LD_DEBUG=files`, one log per process.
    func testThePlayerNeverLoadsFFmpegItself() async throws {
        let log = dir.appendingPathComponent("ld")
        let wav = dir.appendingPathComponent("ocean.wav")
        // The ocean starts buoyBells at t = 0.
        let run = try E2E.zoetrope(["--headless", "--scene", "ch10-ocean", "--audio-out", wav.path, "--script", "at 1 quit"],
                                   environment: E2E.environment(setting: [
                                       "SDL_AUDIODRIVER": "dummy", "SDL_VIDEODRIVER": "dummy",
                                       "XDG_CACHE_HOME": dir.appendingPathComponent("cache").path,
                                       "LD_DEBUG": "files", "LD_DEBUG_OUTPUT": log.path,
                                   ]),
                                   timeout: 120)
        XCTAssertEqual(run.status, 0, run.summary)
        let logs = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix("ld.") }
            .map { try String(contentsOf: dir.appendingPathComponent($0), encoding: .utf8) }
        // The player opens SDL_mixer for its audio; the helper never does.
        let player = logs.filter { $0.contains("libSDL2_mixer") }, helpers = logs.filter { $0.contains("libavcodec") }
        XCTAssertEqual(player.count, 1, "one player process among \(logs.count) logs")
        XCTAssertFalse(player.first?.contains("libavcodec") ?? true, "FFmpeg was loaded into the player")
        XCTAssertEqual(helpers.count, 1, "one helper decoded the bells")
        // And the bells were heard: the mix is not silent.
        let bytes = try Data(contentsOf: wav)
        XCTAssertEqual(String(decoding: bytes[36..<40], as: UTF8.self), "data", "a plain 44-byte WAV header")
        let samples = bytes.dropFirst(44).withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        XCTAssertGreaterThan(samples.map { abs(Int($0)) }.max() ?? 0, 1000, "the bells in the mix")
    }

    private func decodeError(_ body: () throws -> [Int16]) -> FFmpegDecoder.DecodeError? {
        do {
            _ = try body()
            return nil
        } catch let error as FFmpegDecoder.DecodeError {
            return error
        } catch {
            return FFmpegDecoder.DecodeError(file: "?", reason: "\(error)")
        }
    }
}
