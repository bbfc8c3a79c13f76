import Backend
import Foundation
import XCTest

/// A `UIViewRepresentable` whose `UIView` holds a `CAEmitterLayer` (Tests/BookApps/SnowFall): Core Animation's
/// layer space (y down, longitude π/2 pointing down the screen) run by the particle engine.
@MainActor
final class UIViewRepresentableTests: XCTestCase {
    /// The layer sits at x = 100, y = 0 and its one cell emits 50 pt/s downward, ± 22.5°: at time t every flake is
    /// within 50·t of (100, 0) (plus half a flake, about 13 pt), in the cone below it.
    func testTheEmitterCellFallsFromTheLayersPosition() async throws {
        let out = BookApp.outputs("snow-fall")
        let shots = [2.0, 4.0].map { (t: $0, path: out.appendingPathComponent("snow-\(Int($0)).png").path) }
        let r = try BookApp.run(BookApp.folder.appendingPathComponent("SnowFall"),
                                script: shots.map { "at \($0.t) screenshot \($0.path)" }.joined(separator: "; ") + "; at 4.1 quit")
        XCTAssertEqual(r.status, 0, r.summary)
        for shot in shots {
            let fb = try Framebuffer.loadPNG(URL(fileURLWithPath: shot.path))
            var count = 0, sumX = 0, lowest = 0
            for y in 0..<fb.height { for x in 0..<fb.width where fb.pixel(x, y).r > 120 {
                count += 1; sumX += x; lowest = max(lowest, y)
                let reach = 50 * shot.t + 14
                let dx = Double(x) - 100, dy = Double(y)
                XCTAssertLessThanOrEqual((dx * dx + dy * dy).squareRoot(), reach, "flake at \(x),\(y) at \(shot.t) s")
            } }
            XCTAssertGreaterThan(count, 200, "snow at \(shot.t) s")
            XCTAssertEqual(Double(sumX) / Double(count), 100, accuracy: 12, "the cone is centred under x = 100")
            XCTAssertGreaterThan(Double(lowest), 50 * shot.t - 40, "the first flakes have fallen about 50·t")
        }
    }
}
