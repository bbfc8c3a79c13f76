import Foundation
import XCTest
import ZoetropeHarness

/// The harness on the command line (spec README §3.17), through the built binary run headless: probe lines on
/// standard output, clicks by node name, audio state, unknown nodes exiting 1, and resize.
@MainActor
final class ProbeEndToEndTests: XCTestCase {
    private func lines(_ stdout: String, _ prefix: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n").filter { $0.hasPrefix(prefix) }.map { line in
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], String(line))
        }
    }

    func testElevatorProbesAudioAndAnUnknownNode() async throws {
        let r = try E2E.zoetrope(["--headless", "--scene", "elevator", "--script",
                                  "at 0.5 click callButton; at 1 probe leftDoor; at 1 probe *; at 1.2 audio; at 2 probe nope; at 2 quit"],
                                 environment: E2E.environment(setting: ["SDL_AUDIODRIVER": "dummy", "SDL_VIDEODRIVER": "dummy"]),
                                 timeout: 120)
        XCTAssertTrue(r.exitedNormally, r.summary)
        XCTAssertEqual(r.status, 1, "a probe of a missing node exits 1 after the script\n\(r.summary)")
        XCTAssertTrue(r.stderr.contains("\"nope\""), r.summary)
        for name in ["leftDoor", "rightDoor", "callButton", "doorFrame"] {
            XCTAssertTrue(r.stderr.contains(name), "stderr should list the scene's nodes (\(name))\n\(r.summary)")
        }
        // Every line on standard output that looks like JSON is a probe or the audio line.
        let probes = try lines(r.stdout, "{\"probe\"")
        let audio = try lines(r.stdout, "{\"audio\"")
        XCTAssertEqual(r.stdout.split(separator: "\n").filter { $0.hasPrefix("{") }.count, probes.count + audio.count)

        let leftDoor = try XCTUnwrap(probes.first)
        XCTAssertEqual(leftDoor["probe"] as? String, "leftDoor")
        XCTAssertEqual(leftDoor["t"] as? Double, 1, "a probe at T reports t = T exactly")
        // 04 §1.3 at 393×759: the left door is (W − 8) / 2 = 192.5 wide, full height, at x = 0 before its offset;
        // its right edge on the pixel grid (issue 22: nearest, halves up) makes it 193.
        XCTAssertEqual(leftDoor["frame"] as? [Double], [0, 0, 193, 759])
        XCTAssertEqual(leftDoor["hidden"] as? Bool, false)
        XCTAssertEqual(leftDoor["enabled"] as? Bool, true)
        let values = try XCTUnwrap(leftDoor["values"] as? [String: Any])
        let offset = try XCTUnwrap(values["offset.x"] as? [String: Double], "leftDoor reports offset.x")
        XCTAssertEqual(offset["model"], -393.0 / 2, "clicked by name at 0.5: the doors are opening")
        let drawn = try XCTUnwrap(leftDoor["drawn"] as? [Double])
        XCTAssertEqual(drawn[0], try XCTUnwrap(offset["presented"]), accuracy: 1e-6, "drawn = frame moved by the offset")

        // `probe *`: every named node once, in tree order, all at t = 1.
        let star = Array(probes.dropFirst())
        let names = star.compactMap { $0["probe"] as? String }
        for name in ["root", "leftDoor", "rightDoor", "callButton", "floor1Indicator", "floor2Indicator"] {
            XCTAssertEqual(names.filter { $0 == name }.count, 1, "\(name) in \(names)")
        }
        XCTAssertTrue(star.allSatisfy { $0["t"] as? Double == 1 })
        let rightDoor = try XCTUnwrap(star.first { $0["probe"] as? String == "rightDoor" })
        XCTAssertNotNil((rightDoor["values"] as? [String: Any])?["offset.x"], "the doors report offset.x")

        let state = try XCTUnwrap(audio.first?["audio"] as? [String: Any])
        let playing = try XCTUnwrap(state["playing"] as? [[String: Any]])
        XCTAssertEqual(playing.first?["asset"] as? String, "doorsOpenClose", r.summary)
        XCTAssertEqual(playing.first?["channel"] as? String, "player")
        XCTAssertEqual(state["system"] as? [String], [])
        XCTAssertEqual(state["haptics"] as? [String], [])
    }

    func testResizeChangesLaterScreenshots() async throws {
        let before = E2E.outputDirectory.appendingPathComponent("probe-resize-before.png")
        let after = E2E.outputDirectory.appendingPathComponent("probe-resize-after.png")
        for url in [before, after] { try? FileManager.default.removeItem(at: url) }
        let r = try E2E.zoetrope(["--headless", "--scene", "elevator", "--size", "120x200", "--script",
                                  "at 0.05 screenshot \(before.path); at 0.1 resize 160x90; at 0.1 probe leftDoor; "
                                  + "at 0.15 screenshot \(after.path); at 0.2 quit"],
                                 environment: E2E.environment(setting: ["SDL_AUDIODRIVER": "dummy", "SDL_VIDEODRIVER": "dummy"]),
                                 timeout: 120)
        XCTAssertTrue(r.exitedNormally && r.status == 0, r.summary)
        XCTAssertEqual(try pngSize(before), [120, 200])
        XCTAssertEqual(try pngSize(after), [160, 90])
        let probe = try XCTUnwrap(try lines(r.stdout, "{\"probe\"").first, r.summary)
        XCTAssertEqual(probe["frame"] as? [Double], [0, 0, 76, 90], "the elevator re-lays out for 160x90")
    }

    /// Width and height from a PNG's IHDR chunk.
    private func pngSize(_ url: URL) throws -> [Int] {
        let data = [UInt8](try Data(contentsOf: url))
        XCTAssertGreaterThan(data.count, 24)
        func be32(_ i: Int) -> Int { data[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        return [be32(16), be32(20)]
    }
}
