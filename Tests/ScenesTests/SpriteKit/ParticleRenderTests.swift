import Backend
import Player
import Stage
import XCTest
import ZoetropeHarness

/// Headless renders of the particle scenes at 390×844: particles show up where the spec puts them. Each check
/// compares a frame with the particle layers shown and hidden.
@MainActor
final class ParticleRenderTests: XCTestCase {
    /// Pixels that differ between the two frames, as points.
    func changed(_ scene: String, at t: Double, layers: [String], hide: ((Harness) -> Void)? = nil,
                 script: (Harness) -> Void = { _ in }) throws -> [Point] {
        let h = try Harness(scene: scene, size: Size(390, 844), seed: 11, render: true)
        script(h)
        h.advance(to: t)
        let with = try XCTUnwrap(h.capture())
        for name in layers { h.node(name)?.isHidden = true }
        hide?(h)
        let without = try XCTUnwrap(h.capture())
        var points: [Point] = []
        for i in stride(from: 0, to: with.pixels.count, by: 4) {
            let d = (0..<3).map { abs(Int(with.pixels[i + $0]) - Int(without.pixels[i + $0])) }.max()!
            if d > 8 { points.append(Point(Double((i / 4) % with.width), Double((i / 4) / with.width))) }
        }
        return points
    }

    func testFlameUnderTheNozzle() async throws {
        // At t = 2 the rocket's centre is at (195, 569.7); its nozzle ends 55.5 pt lower.
        let points = try changed("rocket-fire", at: 2, layers: ["fire-layer"])
        XCTAssertGreaterThan(points.count, 300)
        XCTAssertTrue(points.allSatisfy { $0.y >= 569.7 + 20 }, "the flame is below the rocket's middle")
        let meanX = points.map(\.x).reduce(0, +) / Double(points.count)
        XCTAssertEqual(meanX, 195, accuracy: 8)
    }

    func testSmokeAboveTheBowlAndSteamAboveTheCup() async throws {
        let smoke = try changed("pipe-smoke", at: 8, layers: ["smoke-layer"])
        XCTAssertGreaterThan(smoke.count, 50)
        XCTAssertTrue(smoke.allSatisfy { $0.y <= 527 + 6 }, "smoke rises from the bowl at (55, 527)")
        let steam = try changed("coffee-steam", at: 8, layers: ["steam-layer"])
        XCTAssertGreaterThan(steam.count, 50)
        XCTAssertTrue(steam.allSatisfy { $0.y < 760 }, "steam shows above the coffee, not below the mug")
    }

    func testSnowEverywhereAndRainInTheMiddleBand() async throws {
        let snow = try changed("snow-blizzard", at: 3, layers: ["snow-layer"])
        XCTAssertGreaterThan(snow.count, 5000)
        for band in 0..<4 {
            XCTAssertTrue(snow.contains { $0.y >= Double(band) * 211 && $0.y < Double(band + 1) * 211 }, "snow in band \(band)")
        }
        let rain = try changed("rainy-street", at: 4, layers: ["rain-a", "rain-b"])
        XCTAssertGreaterThan(rain.count, 200)
        XCTAssertTrue(rain.allSatisfy { (70...320).contains($0.x) }, "rain falls in the central band x 73…317")
    }

    func testWandTrailFollowsTheDrag() async throws {
        // Drag from (300, 400) to (200, 700) over 1 s; trails sit at pointer + (−98.5, −232.1).
        let hideTrails: (Harness) -> Void = { h in
            (h.node("magic-layer") as? ParticleLayer)?.nodes.filter { ($0.name ?? "").hasPrefix("trail") }.forEach { $0.isHidden = true }
        }
        let points = try changed("magic-wand", at: 1.2, layers: [], hide: hideTrails) { h in
            h.advance(to: 0.2)
            h.press(300, 400)
            for k in 1...60 {
                h.advance(by: 1.0 / 60)
                h.move(300 - Double(k) * 100 / 60, 400 + Double(k) * 300 / 60)
            }
            h.release(200, 700)
        }
        XCTAssertGreaterThan(points.count, 300)
        // Stars gather along the tip's path, from (201.5, 167.9) to (101.5, 467.9).
        let near = points.filter { p in
            let t = max(0, min(1, ((p.x - 201.5) * -100 + (p.y - 167.9) * 300) / (100 * 100 + 300 * 300)))
            return hypot(p.x - (201.5 - 100 * t), p.y - (167.9 + 300 * t)) < 45
        }
        XCTAssertGreaterThan(Double(near.count) / Double(points.count), 0.6, "most changed pixels lie along the trail")
    }
}
