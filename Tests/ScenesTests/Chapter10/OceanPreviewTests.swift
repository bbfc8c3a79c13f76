import Backend
import Foundation
import Stage
import XCTest
import ZoetropeHarness

/// Spec 03 §3.8 and §3.9: the book's previews of the wave shape (static, stroked, k = 0.7) and of the buoy (a fixed
/// pose, only the lamp blinking), each on white in the layout rect.
@MainActor
final class OceanPreviewTests: ViewSceneTestCase {
    /// §3.8: the wave in its 361 × 250 frame at (16, 313.5): the 3-pt blue stroke runs along §3.1's curve (crest
    /// 50.52 above the top line at 0.7156 W, trough 50.52 below it at 0.2344 W), down both sides and along the
    /// bottom; white elsewhere; nothing moves.
    func testWaveShape() async throws {
        try open("ch10-wave-shape")
        let box = probe("wave").frame
        XCTAssertEqual(box.minX, 16, accuracy: 1e-6)
        XCTAssertEqual(box.minY, 313.5, accuracy: 1e-6)
        XCTAssertEqual(box.width, 361, accuracy: 1e-6)
        XCTAssertEqual(box.height, 250, accuracy: 1e-6)
        XCTAssertEqual(Ch10.edgeOffset(x: 0.715563 * 361, k: 0.7, W: 361, H: 250), -50.52, accuracy: 0.01)
        XCTAssertEqual(Ch10.edgeOffset(x: 0.234437 * 361, k: 0.7, W: 361, H: 250), 50.52, accuracy: 0.01)
        for t in [0.0, 1.5] {
            h.advance(to: t)
            XCTAssertEqual(presented("wave", "yOffset"), 0.7)
            XCTAssertEqual(presented("wave", "lineWidth"), 3)
            let frame = try XCTUnwrap(h.capture())
            func isBlue(_ x: Double, _ y: Double) -> Bool { let c = frame.rgb(x, y); return c.b > 240 && c.r < 60 && c.g < 160 }
            func isWhite(_ x: Double, _ y: Double) -> Bool { let c = frame.rgb(x, y); return c.r > 245 && c.g > 245 && c.b > 245 }
            for x in stride(from: 30.0, through: 365, by: 5) {
                let y = 313.5 + Ch10.edgeOffset(x: x - 16, k: 0.7, W: 361, H: 250)
                XCTAssert(isBlue(x, y), "stroke at x = \(x), y = \(y): \(frame.rgb(x, y))")
                XCTAssert(isWhite(x, y - 5) && isWhite(x, y + 5), "only 3 pt wide at x = \(x)")
            }
            XCTAssert(isBlue(16 + 0.7156 * 361, 313.5 - 50.52) && isWhite(16 + 0.7156 * 361, 313.5 - 55), "the crest")
            XCTAssert(isBlue(16 + 0.2344 * 361, 313.5 + 50.52) && isWhite(16 + 0.2344 * 361, 313.5 + 55), "the trough")
            for y in stride(from: 330.0, through: 550, by: 20) {
                XCTAssert(isBlue(16, y) && isBlue(377 - 0.5, y), "the sides at y = \(y)")
                XCTAssert(isWhite(196, y), "not filled at y = \(y)")
            }
            for x in stride(from: 30.0, through: 360, by: 30) { XCTAssert(isBlue(x, 563), "the bottom at x = \(x)") }
            XCTAssert(isWhite(196, 500) && isWhite(8, 400) && isWhite(196, 600), "unfilled, white around")
        }
    }

    /// §3.9: the buoy centred in L at (84, 326) − 10, held at θ1 = 7°, θ2 = −20° (constant bindings), the lamp alone
    /// blinking white → grey → white over 2 s, drawn where the transform puts it.
    func testBuoyPreview() async throws {
        try open("ch10-buoy")
        let origin = Point(84, 316)
        // The spec's 255, 168, 128 at 0, 0.5, 1; back to white by 2 s, easing out on the way back too.
        for (t, level) in [(0.0, 255.0), (0.5, 168), (1.0, 128), (1.5, 255 * Ch10.lampLevel(1.5)), (2.0, 255)] {
            h.advance(to: t)
            XCTAssertEqual(presented("buoy", "rotation"), 7, accuracy: 1e-9)
            XCTAssertEqual(presented("buoy", "rotation.2"), -20, accuracy: 1e-9)
            XCTAssertEqual(presented("buoy", "offset.y"), -10, accuracy: 1e-9)
            guard case let .color(_, c)? = probe("lamp").value("color") else { return XCTFail("no lamp colour") }
            XCTAssertEqual(c.r * 255, level, accuracy: 1.3, "lamp level at \(t)")
            let frame = try XCTUnwrap(h.capture())
            let lamp = Ch10.buoyPoint(Point(112.5, 19.5), theta1: 7, theta2: -20, origin: origin)
            let px = frame.rgb(lamp.x, lamp.y)
            XCTAssert(abs(Double(px.r) - level) <= 3 && px.r == px.g && px.g == px.b, "lamp pixel \(px) at \(t), want \(level)")
            // The hull's middle (pink) and the space between the legs (the white page).
            let hull = Ch10.buoyPoint(Point(112.5, 150), theta1: 7, theta2: -20, origin: origin)
            let pink = frame.rgb(hull.x, hull.y)
            XCTAssert(pink.r > 230 && pink.g < 190 && pink.b < 190 && pink.g > 90, "hull \(pink)")
            let gap = Ch10.buoyPoint(Point(112.5, 80), theta1: 7, theta2: -20, origin: origin)
            assertColor(frame.pixel(Int(gap.x), Int(gap.y)), (255, 255, 255), tolerance: 0)
        }
    }

    /// The optional first step (`ch10-first-wave`): the sky and wave 1 alone, rocking as in the scene.
    func testFirstWave() async throws {
        try open("ch10-first-wave")
        XCTAssertEqual(h.probeAll().map(\.name).filter { $0 != "background" }, ["sky", "wave1"])
        h.advance(to: 5)
        XCTAssertEqual(presented("wave1", "yOffset"), 0.05, accuracy: 0.001)
    }
}
