import Backend
import Foundation
import XCTest
import ZoetropeHarness

/// `zoetrope --emitter FILE [--dump]`: the preview and the JSON dump of any effect file, and bad files.
@MainActor
final class EmitterCommandTests: XCTestCase {
    let effects = E2E.packageRoot.appendingPathComponent("Resources/Effects")

    func testDumpPrintsSpriteKitNames() async throws {
        let r = try E2E.zoetrope(["--emitter", effects.appendingPathComponent("Fire.json").path, "--dump"], timeout: 60)
        XCTAssertEqual(r.status, 0, r.summary)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(json["particleBirthRate"] as? Double ?? 0, 455.28, accuracy: 1e-9)
        XCTAssertEqual(json["particleLifetime"] as? Double, 2.5)
        XCTAssertEqual(json["emissionAngle"] as? Double ?? 0, 1.56, accuracy: 0.01, "radians")
        XCTAssertNotNil(json["xAcceleration"])
        XCTAssertEqual(json["particleTexture"] as? String, "spark")
    }

    func testPreviewDrawsTheEffectAndDragMovesTheEmitter() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-preview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        let shot = dir.appendingPathComponent("preview.png").path
        let r = try E2E.zoetrope(["--headless", "--emitter", effects.appendingPathComponent("Fire.json").path,
                                  "--script", "at 0.5 drag 400,300 -> 150,450 over 0.3; at 2 screenshot \(shot); at 2.1 quit"],
                                 timeout: 120)
        XCTAssertEqual(r.status, 0, r.summary)
        let fb = try Framebuffer.loadPNG(URL(fileURLWithPath: shot))
        XCTAssertEqual(fb.width, 800)
        // Fire is additive orange: bright pixels cluster around the dragged emitter, not the centre.
        func bright(_ x0: Int, _ y0: Int) -> Int {
            var n = 0
            for y in max(0, y0 - 60)..<min(fb.height, y0 + 60) { for x in max(0, x0 - 60)..<min(fb.width, x0 + 60) where fb.pixel(x, y).r > 150 { n += 1 } }
            return n
        }
        XCTAssertGreaterThan(bright(150, 400), 200, "flame near the dragged emitter (it burns upward from 150,450)")
        XCTAssertEqual(bright(600, 300), 0, "nothing far away")
    }

    func testBadFilesAreRejectedByName() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-badsks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        let bad = dir.appendingPathComponent("Broken.sks")
        try Data("bplist00 this is not really a plist".utf8).write(to: bad)
        let r = try E2E.zoetrope(["--emitter", bad.path, "--dump"], timeout: 60)
        XCTAssertEqual(r.status, 1, r.summary)
        XCTAssertTrue(r.stderr.contains("Broken.sks"), r.stderr)
        XCTAssertFalse(r.stderr.contains("Fatal error"), r.stderr)
        let missing = try E2E.zoetrope(["--emitter", dir.appendingPathComponent("nope.json").path, "--dump"], timeout: 60)
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("nope.json"), missing.stderr)
    }
}
