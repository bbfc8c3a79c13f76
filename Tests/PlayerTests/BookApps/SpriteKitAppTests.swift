import Backend
import Foundation
import XCTest
import ZoetropeHarness

/// The SpriteKit test apps through `zoetrope run`: Campfire (an `SKView` from a `UIViewRepresentable`, a 400 × 600
/// scene under `.fill` on the 390 × 844 window: kx = 0.975, ky = 1.40667) and WandTrail (a `SpriteView`, a 900 × 600
/// scene under `.aspectFill`: k = 1.40667, touches, trails faded by actions), compared with our built-in
/// magic-wand scene.
@MainActor
final class SpriteKitAppTests: XCTestCase {
    let kx = 390.0 / 400, ky = 844.0 / 600
    let headless = E2E.environment(setting: ["SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"])

    /// Scene point → window point under Campfire's `.fill`.
    func campfire(_ x: Double, _ y: Double) -> (x: Double, y: Double) { (x * kx, 844 - y * ky) }

    /// The flames of Flames.sks (our Fire effect, position range overridden to (5, 0)) burn upward from the emitter
    /// at scene (200, 150) = window (195, 633): additive orange, white-hot at the base, no taller than the longest
    /// particle path (speed ≤ 125 pt/s until the scale reaches 0 at ≤ 1.4 s: 175 scene pt = 246 pt up).
    func testFlamesBurnUpwardFromTheEmitter() async throws {
        let shots = BookApp.shots("campfire-flames", ["flames"])
        let r = try BookApp.run(BookApp.folder.appendingPathComponent("Campfire"),
                                script: "at 3 screenshot \(shots["flames"]!); at 3.1 quit")
        XCTAssertEqual(r.status, 0, r.summary)
        let fb = try Framebuffer.loadPNG(URL(fileURLWithPath: shots["flames"]!))
        let base = campfire(200, 150)
        let flame = try XCTUnwrap(fb.pixels { $0.r > 120 && $0.g < 250 && $0.b < 120 })
        XCTAssertGreaterThan(flame.count, 800, "a flame of some size")
        XCTAssertGreaterThanOrEqual(Double(flame.box.0), base.x - 30)
        XCTAssertLessThanOrEqual(Double(flame.box.2), base.x + 30)
        XCTAssertGreaterThanOrEqual(Double(flame.box.1), base.y - 250, "no higher than the longest particle path")
        XCTAssertLessThanOrEqual(Double(flame.box.3), base.y + 25, "nothing below the emitter but its own glow")
        XCTAssertGreaterThan(Double(flame.box.3), base.y - 10, "it burns from the emitter")
        // Add blending saturates the core: the brightest flame pixel, near the base, is at least R 240.
        let core = fb.pixel(Int(base.x), Int(base.y - 12))
        XCTAssertGreaterThanOrEqual(core.r, 240, "\(core)")
    }

    /// The ember (a 40 × 40 green colour sprite at scene (50, 500)) runs wait 1 s → move to (350, 500) in 2 s →
    /// fade out in 1 s → remove: drawn 39 × 56.3 pt; at 0.5 and 1.0 s at the start, at 1.5 s a quarter of the way,
    /// at 2.0 s half-way, at 3.5 s in place at half alpha, gone at 4.5 s.
    func testTheEmberRunsItsActionSequence() async throws {
        let names = ["t0.5", "t1.0", "t1.5", "t2.0", "t3.5", "t4.5"]
        let shots = BookApp.shots("campfire-ember", names)
        let script = names.map { "at \($0.dropFirst()) screenshot \(shots[$0]!)" }.joined(separator: "; ") + "; at 4.6 quit"
        let r = try BookApp.run(BookApp.folder.appendingPathComponent("Campfire"), script: script)
        XCTAssertEqual(r.status, 0, r.summary)
        func ember(_ name: String, alpha: Double = 1) throws -> (x: Double, y: Double, w: Int, h: Int)? {
            let fb = try Framebuffer.loadPNG(URL(fileURLWithPath: shots[name]!))
            let g = Int((255 * alpha).rounded())
            guard let p = fb.pixels(where: { $0.r < 10 && abs($0.g - g) <= 3 && $0.b < 10 }) else { return nil }
            return (Double(p.box.0 + p.box.2 + 1) / 2, Double(p.box.1 + p.box.3 + 1) / 2, p.box.2 - p.box.0 + 1, p.box.3 - p.box.1 + 1)
        }
        let y = campfire(0, 500).y
        for (name, sceneX) in [("t0.5", 50.0), ("t1.0", 50), ("t1.5", 125), ("t2.0", 200)] {
            let e = try XCTUnwrap(try ember(name), name)
            XCTAssertEqual(e.x, sceneX * kx, accuracy: 1.5, name)
            XCTAssertEqual(e.y, y, accuracy: 1.5, name)
            XCTAssertEqual(Double(e.w), 40 * kx, accuracy: 1.5, name)
            XCTAssertEqual(Double(e.h), 40 * ky, accuracy: 1.5, name)
        }
        let faded = try XCTUnwrap(try ember("t3.5", alpha: 0.5), "half alpha over black at 3.5 s")
        XCTAssertEqual(faded.x, 350 * kx, accuracy: 1.5)
        XCTAssertNil(try ember("t3.5"), "no full-green pixel left")
        let last = try Framebuffer.loadPNG(URL(fileURLWithPath: shots["t4.5"]!))
        XCTAssertNil(last.pixels { $0.g > 20 && $0.r < 10 && $0.b < 10 }, "removed")
    }

    /// A particle file the project does not have: `SKEmitterNode(fileNamed:)` is nil, one warning names it, and
    /// the app plays on.
    func testAMissingParticleFileIsOneWarning() async throws {
        let r = try BookApp.run(BookApp.folder.appendingPathComponent("Campfire"), script: "at 1 quit")
        XCTAssertEqual(r.status, 0, r.summary)
        let message = "SKEmitterNode(fileNamed: \"Smoke.sks\"): no such file in the project; the emitter is nil"
        XCTAssertEqual(r.stderr.components(separatedBy: message).count - 1, 1, r.stderr)
    }

    /// scripts/make-test-apps wrote Flames.sks from our Fire effect: the player reads the archive back as the same
    /// emitter.
    func testTheGeneratedArchiveIsOurFireEffect() async throws {
        func dump(_ path: String) throws -> [String: Any] {
            let r = try E2E.zoetrope(["--emitter", path, "--dump"], timeout: 60)
            XCTAssertEqual(r.status, 0, r.summary)
            return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        }
        let sks = try dump(BookApp.folder.appendingPathComponent("Campfire/Flames.sks").path)
        let json = try dump(E2E.packageRoot.appendingPathComponent("Resources/Effects/Fire.json").path)
        XCTAssertEqual(Set(sks.keys), Set(json.keys))
        for key in json.keys {
            XCTAssertEqual(sks[key] as? NSObject, json[key] as? NSObject, key)
        }
    }

    // MARK: WandTrail against the built-in magic-wand

    /// The same drag on WandTrail and on our built-in magic-wand scene (same pictures, layout, Magic effect, seeds):
    /// the wand, the stone and the background are drawn the same (every differing pixel lies within 70 pt of a
    /// trail emitter, at drag point + (−98.5, −232.1)), and the trails hold about as many star pixels.
    func testADragDrawsWhatTheBuiltInMagicWandDraws() async throws {
        let shots = BookApp.shots("wand-trail-drag", ["app", "builtin"])
        let drag = "at 1 drag 200,400 -> 260,380 over 0.3"
        let app = try BookApp.run(BookApp.folder.appendingPathComponent("WandTrail"),
                                  script: "\(drag); at 1.5 screenshot \(shots["app"]!); at 1.6 quit")
        XCTAssertEqual(app.status, 0, app.summary)
        let builtin = try E2E.zoetrope(["--headless", "--scene", "magic-wand",
                                        "--script", "\(drag); at 1.5 screenshot \(shots["builtin"]!); at 1.6 quit"],
                                       environment: headless, timeout: 120)
        XCTAssertEqual(builtin.status, 0, builtin.summary)
        let a = try Framebuffer.loadPNG(URL(fileURLWithPath: shots["app"]!))
        let b = try Framebuffer.loadPNG(URL(fileURLWithPath: shots["builtin"]!))
        let differing = a.differences(from: b, tolerance: 24)
        // Trail emitters sit on the segment from (200, 400) + (−98.5, −232.1) to (260, 380) + (−98.5, −232.1).
        func nearTrail(_ p: (x: Int, y: Int)) -> Bool {
            let ax = 101.5, ay = 167.9, bx = 161.5, by = 147.9
            let t = max(0, min(1, ((Double(p.x) - ax) * (bx - ax) + (Double(p.y) - ay) * (by - ay)) / ((bx - ax) * (bx - ax) + (by - ay) * (by - ay))))
            let dx = Double(p.x) - (ax + t * (bx - ax)), dy = Double(p.y) - (ay + t * (by - ay))
            return (dx * dx + dy * dy).squareRoot() <= 70
        }
        let stray = differing.filter { !nearTrail($0) }
        XCTAssertEqual(stray.count, 0, "first strays: \(stray.prefix(5))")
        let stars: ((r: Int, g: Int, b: Int, a: Int)) -> Bool = { $0.g > 150 && $0.r < 170 && $0.b < 110 }
        let ours = try XCTUnwrap(a.pixels(where: stars)), theirs = try XCTUnwrap(b.pixels(where: stars))
        XCTAssertEqual(Double(ours.count), Double(theirs.count), accuracy: 0.15 * Double(theirs.count))
    }

    /// One drag move leaves one trail that fades over 1.2 s and is removed with its particles: stars at 0.5 s, as
    /// bright as the built-in scene's (whose trail fades by the same rule: 1 − age / 1.2) at 0.6 s, and at 1.4 s
    /// nothing differs from the built-in scene, whose trail is gone too (its idle emitter is cropped away).
    func testATrailFadesAndIsRemoved() async throws {
        let shots = BookApp.shots("wand-trail-fade", ["soon", "half", "late", "builtin-half", "builtin"])
        let moves = "at 1 press 200,400; at 1.01 move 210,400; at 1.05 release 210,400"
        let app = try BookApp.run(BookApp.folder.appendingPathComponent("WandTrail"),
                                  script: "\(moves); at 1.5 screenshot \(shots["soon"]!); at 1.6 screenshot \(shots["half"]!); at 2.4 screenshot \(shots["late"]!); at 2.5 quit")
        XCTAssertEqual(app.status, 0, app.summary)
        let builtin = try E2E.zoetrope(["--headless", "--scene", "magic-wand",
                                        "--script", "\(moves); at 1.6 screenshot \(shots["builtin-half"]!); at 2.4 screenshot \(shots["builtin"]!); at 2.5 quit"],
                                       environment: headless, timeout: 120)
        XCTAssertEqual(builtin.status, 0, builtin.summary)
        let soon = try Framebuffer.loadPNG(URL(fileURLWithPath: shots["soon"]!))
        let stars = try XCTUnwrap(soon.pixels { $0.g > 150 && $0.r < 170 && $0.b < 110 }, "the trail at 0.5 s")
        // Around the trail emitter at (210, 400) + (−98.5, −232.1).
        XCTAssertEqual(Double(stars.box.0 + stars.box.2) / 2, 111.5, accuracy: 40)
        XCTAssertEqual(Double(stars.box.1 + stars.box.3) / 2, 167.9, accuracy: 40)
        // Half-faded: the summed green of the trail's pixels matches the built-in's within 20 %.
        func green(_ name: String) throws -> Int {
            let fb = try Framebuffer.loadPNG(URL(fileURLWithPath: shots[name]!))
            var sum = 0
            for y in 100..<240 { for x in 40..<190 { let p = fb.pixel(x, y); if p.g > p.r + 30 { sum += p.g - max(p.r, p.b) } } }
            return sum
        }
        let ours = try green("half"), theirs = try green("builtin-half")
        XCTAssertGreaterThan(theirs, 0)
        XCTAssertEqual(Double(ours), Double(theirs), accuracy: 0.2 * Double(theirs))
        let late = try Framebuffer.loadPNG(URL(fileURLWithPath: shots["late"]!))
        let b = try Framebuffer.loadPNG(URL(fileURLWithPath: shots["builtin"]!))
        XCTAssertEqual(late.differences(from: b, tolerance: 24).count, 0, "trail gone, wand where the built-in puts it")
    }
}
