import Backend
import Foundation
import XCTest
import ZoetropeHarness

/// Bad input never crashes the player: each problem gets one clear message and the scene goes on.
@MainActor
final class BadInputTests: XCTestCase {
    /// Runs the built player (see E2E.binary) with extra environment, and a time limit.
    func run(_ args: [String], environment: [String: String] = [:]) throws -> E2EResult {
        try E2E.zoetrope(args, environment: E2E.environment(setting: environment), timeout: 120)
    }

    func lines(_ text: String, containing needle: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { $0.contains(needle) }
    }

    /// A copy of the bundled resources with one image missing, one corrupt, one sound corrupt and one missing.
    func brokenResources() throws -> URL {
        let fm = FileManager.default
        let dir = fm.temporaryDirectory.appendingPathComponent("zoetrope-bad-\(UUID().uuidString)")
        try fm.copyItem(at: E2E.packageRoot.appendingPathComponent("Resources"), to: dir)
        addTeardownBlock { try? fm.removeItem(at: dir) }
        try fm.removeItem(at: dir.appendingPathComponent("Images/elevator/manFour.png"))
        try Data("not a png at all".utf8).write(to: dir.appendingPathComponent("Images/elevator/leftDoor.png"))
        var garbage = [UInt8](repeating: 0, count: 4096)
        for i in garbage.indices { garbage[i] = UInt8(truncatingIfNeeded: i &* 2654435761 >> 7) }
        try Data(garbage).write(to: dir.appendingPathComponent("Sounds/doorsOpenClose.m4a"))
        try fm.removeItem(at: dir.appendingPathComponent("Sounds/elevatorChime.m4a"))
        return dir
    }

    func testBrokenAssetsGiveOneMessageEachAndTheRideGoesOn() async throws {
        let resources = try brokenResources()
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-bad-out-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: out) }
        let shot = out.appendingPathComponent("shot.png").path, wav = out.appendingPathComponent("ride.wav").path
        let r = try run(["--headless", "--scene", "elevator", "--audio-out", wav, "--script",
                         "at 0.1 screenshot \(out.path)/closed.png; at 0.5 click 11.9,379.5; at 5 screenshot \(shot); at 5.5 click 11.9,379.5; at 12 quit"],
                        environment: ["ZOETROPE_RESOURCES": resources.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(lines(r.stderr, containing: "\"manFour\" not found").count, 1, r.stderr)
        XCTAssertEqual(lines(r.stderr, containing: "\"leftDoor\"").count, 1, r.stderr)
        XCTAssertEqual(lines(r.stderr, containing: "elevatorChime").count, 1, r.stderr)
        XCTAssertEqual(lines(r.stderr, containing: "doorsOpenClose.m4a").count, 1, "the corrupt file is named once: \(r.stderr)")
        // The book's line is the scene's own `print`: on standard output, once per failed playSound of the corrupt file.
        XCTAssertEqual(lines(r.stdout, containing: "ERROR: Could not find and play the sound file!").count, 2, r.stdout)
        // The placeholder checkerboard stands in for the missing and the corrupt image.
        let open = try XCTUnwrap(try? PNGPixels(path: shot))
        XCTAssertGreaterThan(open.count { $0 == (255, 0, 255) }, 500, "placeholder where manFour stands")
        let closed = try XCTUnwrap(try? PNGPixels(path: out.appendingPathComponent("closed.png").path))
        XCTAssertGreaterThan(closed.count { $0 == (255, 0, 255) }, 5000, "placeholder for the corrupt left door")
        // No decodable sound: the capture is silence, and it is complete.
        let audio = try WAVFile(contentsOf: URL(fileURLWithPath: wav))
        XCTAssertEqual(Double(audio.samples.count) / 2 / 44100, 12, accuracy: 0.02)
        XCTAssertEqual(audio.samples.map { abs(Int($0)) }.max(), 0)
    }

    func testUserAssetFolderComesFirstEvenWhenCorrupt() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-user-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]).write(to: dir.appendingPathComponent("inside.png"))
        let shot = dir.appendingPathComponent("shot.png").path
        let r = try run(["--headless", "--scene", "elevator", "--assets", dir.path,
                         "--script", "at 0.1 click 11.9,379.5; at 4.5 screenshot \(shot); at 4.6 quit"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(lines(r.stderr, containing: "\"inside\"").count, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains(dir.path), "the message names the file")
        let px = try PNGPixels(path: shot)
        XCTAssertGreaterThan(px.count { $0 == (255, 0, 255) }, 1000)
    }

    /// The user reads each warning once, as one `zoetrope: …` line on standard error, however often it comes up
    /// (the same missing folder named twice, a broken image drawn every frame); standard output stays clean.
    func testEachWarningIsOneZoetropeLineOnStandardError() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-once-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        try Data("not a png at all".utf8).write(to: dir.appendingPathComponent("inside.png"))
        let missing = dir.appendingPathComponent("no-such-folder").path
        let r = try run(["--headless", "--scene", "elevator", "--duration", "1", "--assets", dir.path,
                         "--assets", missing, "--assets", missing])
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertEqual(lines(r.stderr, containing: missing), ["zoetrope: asset folder \(missing) does not exist"], r.summary)
        let image = lines(r.stderr, containing: "\"inside\"")
        XCTAssertEqual(image.count, 1, r.summary)
        XCTAssertTrue(image.first?.hasPrefix("zoetrope: image \"inside\"") ?? false, r.summary)
        XCTAssertFalse(r.stdout.contains("zoetrope:"), r.summary)
    }
}

/// Pixels of a PNG, read through SDL_image.
@MainActor
struct PNGPixels {
    let framebuffer: Framebuffer
    init(path: String) throws { framebuffer = try Framebuffer.loadPNG(URL(fileURLWithPath: path)) }
    func count(where match: ((Int, Int, Int)) -> Bool) -> Int {
        var n = 0
        let p = framebuffer.pixels
        for i in stride(from: 0, to: p.count, by: 4) where match((Int(p[i]), Int(p[i + 1]), Int(p[i + 2]))) { n += 1 }
        return n
    }
}
