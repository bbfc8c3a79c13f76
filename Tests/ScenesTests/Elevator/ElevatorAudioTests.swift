import Backend
import Player
import Stage
import XCTest
import ZoetropeHarness

/// What the mixer plays during a ride (our own .m4a files decoded with FFmpeg, mixed on the virtual clock).
/// The captured WAV of a scripted ride is checked through the binary in EndToEndTests.
@MainActor
final class ElevatorAudioTests: XCTestCase {
    func testAudioStateDuringARide() async throws {
        let h = try Harness(scene: "elevator", size: Size(393, 759))
        h.click(393.0 / 33, 379.5)
        h.advance(to: 0.4)
        XCTAssertNil(h.nowPlaying())
        h.advance(to: 1.0)
        let door = try XCTUnwrap(h.nowPlaying())
        XCTAssertEqual(door.name, "doorsOpenClose")
        XCTAssertEqual(door.position, 0.5, accuracy: 0.001)
        h.advance(to: 6)
        XCTAssertNil(h.nowPlaying(), "the 3.8-s door sound has ended")
        h.click(393.0 / 33, 379.5)        // ride at 6
        h.advance(to: 11.6)
        XCTAssertEqual(h.nowPlaying()?.name, "elevatorChime")
        XCTAssertEqual(h.nowPlaying()?.position ?? 0, 0.1, accuracy: 0.001)
        h.advance(to: 14.6)
        XCTAssertEqual(h.nowPlaying()?.name, "doorsOpenClose", "the door sound cut the chime at 14.5")
        XCTAssertEqual(h.nowPlaying()?.position ?? 0, 0.1, accuracy: 0.001)
    }
}
