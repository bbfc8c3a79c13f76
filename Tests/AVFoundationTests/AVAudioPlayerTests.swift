import Foundation
import Motion
import Stage
import Views
import XCTest
@testable import AVFoundation

/// `AVAudioPlayer` on a running scene whose sound player records what it is asked (and knows each sound's length).
@MainActor
final class AVAudioPlayerTests: XCTestCase {
    /// A sound player that knows lengths by name and records plays (with loops and offsets) and stops.
    final class Sounds: SoundPlayer {
        var lengths: [String: Double] = [:]
        var log: [String] = []
        func play(_ name: String, on channel: SoundChannel, at time: Double) -> SoundStart {
            play(name, on: channel, at: time, loops: 0, from: 0)
        }
        func play(_ name: String, on channel: SoundChannel, at time: Double, loops: Int, from offset: Double) -> SoundStart {
            log.append("play \((name as NSString).lastPathComponent) \(channel) t=\(time) loops=\(loops) from=\(offset)")
            return .started
        }
        func stop(_ channel: SoundChannel?, at time: Double) { log.append("stop \(channel.map { "\($0)" } ?? "all") t=\(time)") }
        func duration(of name: String) -> Double? { lengths[name] }
    }

    var folder: URL!
    var sounds: Sounds!
    var clock: Clock!
    var scene: ViewScene!

    override func setUp() async throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-av-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["bell.m4a", "hum.wav", "broken.wav"] { try Data([1, 2, 3]).write(to: folder.appendingPathComponent(name)) }
        sounds = Sounds()
        sounds.lengths = ["bell": 2, "hum": 0.5]
        clock = Clock()
        let context = SceneContext(clock: clock, sound: sounds, assets: AssetResolver(roots: [folder], userRootCount: 1))
        scene = ViewScene(context: context)
    }

    override func tearDown() async throws { try? FileManager.default.removeItem(at: folder) }

    func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

    func testAMissingOrUndecodableFileThrows() async {
        XCTAssertThrowsError(try AVAudioPlayer(contentsOf: url("gong.wav")))
        XCTAssertThrowsError(try AVAudioPlayer(contentsOf: url("broken.wav")), "no length: cannot be decoded")
        XCTAssertEqual(sounds.log, [])
    }

    /// Plays from the scene time of the call; pause keeps the position and play resumes there; a finite play ends
    /// after its loops.
    func testPlayPauseAndResumeOnTheSceneClock() async throws {
        let player = try AVAudioPlayer(contentsOf: url("bell.m4a"))
        XCTAssertEqual(player.duration, 2)
        clock.advance(to: 1)
        player.numberOfLoops = 1
        XCTAssertTrue(player.play())
        clock.advance(to: 1.5)
        XCTAssertTrue(player.isPlaying)
        XCTAssertEqual(player.currentTime, 0.5, accuracy: 1e-9)
        player.pause()
        clock.advance(to: 3)
        XCTAssertFalse(player.isPlaying)
        XCTAssertEqual(player.currentTime, 0.5, accuracy: 1e-9)
        player.play()
        clock.advance(to: 5)
        XCTAssertEqual(player.currentTime, 0.5, accuracy: 1e-9, "2.5 s played: into the second loop")
        clock.advance(to: 6.5)
        XCTAssertFalse(player.isPlaying, "two plays of 2 s ended at 6.5 s")
        XCTAssertEqual(sounds.log, ["play bell player t=1.0 loops=1 from=0.0", "stop player t=1.5",
                                    "play bell player t=3.0 loops=1 from=0.5"])
    }

    /// Players that play together get their own channels; a released player stops and frees its channel, which the
    /// next player takes.
    func testChannelsAndReleasedPlayers() async throws {
        var first: AVAudioPlayer? = try AVAudioPlayer(contentsOf: url("bell.m4a"))
        let hum = try AVAudioPlayer(contentsOf: url("hum.wav"))
        hum.numberOfLoops = -1
        first?.play()
        hum.play()
        clock.advance(to: 1)
        first = nil
        let next = try AVAudioPlayer(contentsOf: url("bell.m4a"))
        next.play()
        XCTAssertEqual(sounds.log, ["play bell player t=0.0 loops=0 from=0.0", "play hum effect(1) t=0.0 loops=-1 from=0.0",
                                    "stop player t=1.0", "play bell player t=1.0 loops=0 from=0.0"])
        XCTAssertTrue(hum.isPlaying, "a negative number of loops plays on")
    }

    /// A player kept (in a global) across a replay of the scene plays in the new scene; stopping one that has not
    /// played there leaves the new scene's sounds alone.
    func testAPlayerFollowsTheRunningScene() async throws {
        let kept = try AVAudioPlayer(contentsOf: url("bell.m4a"))
        let idle = try AVAudioPlayer(contentsOf: url("hum.wav"))
        kept.play()
        idle.play()
        let newSounds = Sounds()
        let newClock = Clock(startingAt: 5)
        let replay = ViewScene(context: SceneContext(clock: newClock, sound: newSounds, assets: AssetResolver(roots: [folder], userRootCount: 1)))
        idle.stop()
        kept.play()
        XCTAssertEqual(newSounds.log, ["play bell player t=5.0 loops=0 from=0.0"])
        XCTAssertTrue(sounds.log.allSatisfy { $0.hasPrefix("play") }, "the old scene is not told to stop: \(sounds.log)")
        _ = replay
    }

    /// A file outside the project's folders plays under its path.
    func testAFileElsewhereIsPlayedByItsPath() async throws {
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-av-\(UUID().uuidString).wav")
        try Data([1]).write(to: elsewhere)
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        sounds.lengths[elsewhere.path] = 1
        let player = try AVAudioPlayer(contentsOf: elsewhere)
        player.play()
        XCTAssertEqual(sounds.log, ["play \(elsewhere.lastPathComponent) player t=0.0 loops=0 from=0.0"])
    }
}
