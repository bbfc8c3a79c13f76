import Backend
import Foundation
import Motion
import Stage
@testable import Views
import XCTest

@MainActor
private struct Effects: View {
    var body: some View {
        VStack(spacing: 40) {
            Rectangle().fill(Color.red).frame(width: 100, height: 100).blur(radius: 8).named("blurred")
            Circle().fill(Color.white).frame(width: 100, height: 100)
                .shadow(color: .black, radius: 4, x: 0, y: 20).named("shadowed")
            ZStack {
                Circle().fill(Color.blue).frame(width: 80, height: 80).offset(x: -20)
                Circle().fill(Color.blue).frame(width: 80, height: 80).offset(x: 20)
            }
            .compositingGroup().opacity(0.5).named("group")
        }
    }
}

/// Blur, shadows of any content and compositing groups, drawn through offscreen layers by the real software
/// renderer (spec README §3.9, 01 §1.8).
@MainActor
private struct HuePicture: View {
    var body: some View {
        Image(systemName: "heart.fill").resizable().foregroundColor(.red).frame(width: 120, height: 100)
            .hueRotation(.degrees(90)).named("heart")
    }
}

@MainActor
private struct Masked: View {
    var body: some View {
        Color.red.frame(width: 100, height: 100)
            .mask(LinearGradient(colors: [.black, .clear], startPoint: .top, endPoint: .bottom))
            .named("faded")
    }
}

/// An L: the top-right quarter of its frame is outside (not convex).
@MainActor
private struct LShape: Views.Shape {
    func path(in r: Rect) -> Path {
        Path { p in
            p.addLines([Point(r.minX, r.minY), Point(r.midX, r.minY), Point(r.midX, r.midY), Point(r.maxX, r.midY),
                        Point(r.maxX, r.maxY), Point(r.minX, r.maxY)])
            p.closeSubpath()
        }
    }
}

@MainActor
final class LayerEffectTests: XCTestCase {
    func testNonConvexClipShape() async throws {
        let s = TestScene(size: Size(200, 200)) { Color.blue.frame(width: 100, height: 100).clipShape(LShape()).named("l") }
        let canvas = try HeadlessCanvas(width: 200, height: 200, assets: AssetResolver(roots: []))
        canvas.renderer.clear(.white)
        s.scene.root.drawCustom(transform: .identity, opacity: 1, renderer: canvas.renderer)
        let fb = canvas.renderer.readFramebuffer()
        let f = s.frame("l")
        XCTAssertEqual(fb.pixel(Int(f.minX + 25), Int(f.minY + 25)).r, 0, "inside the L")
        XCTAssertEqual(fb.pixel(Int(f.maxX - 25), Int(f.minY + 25)).r, 255, "the cut-out corner")
        XCTAssertEqual(fb.pixel(Int(f.maxX - 25), Int(f.maxY - 25)).r, 0, "inside the L")
    }

    /// A gradient mask (spec 02 §2.2's ropes): the content's alpha follows the mask's.
    func testGradientMask() async throws {
        let s = TestScene(size: Size(200, 200)) { Masked() }
        let canvas = try HeadlessCanvas(width: 200, height: 200, assets: AssetResolver(roots: []))
        canvas.renderer.clear(.white)
        s.scene.root.drawCustom(transform: .identity, opacity: 1, renderer: canvas.renderer)
        let fb = canvas.renderer.readFramebuffer()
        let f = s.frame("faded")
        func redness(_ y: Double) -> Double { Double(255 - fb.pixel(Int(f.midX), Int(y)).g) / 196 }
        XCTAssertEqual(redness(f.minY + 2), 0.98, accuracy: 0.05)
        XCTAssertEqual(redness(f.midY), 0.5, accuracy: 0.05)
        XCTAssertEqual(redness(f.maxY - 2), 0.02, accuracy: 0.05)
        XCTAssertEqual(fb.pixel(Int(f.midX), Int(f.maxY + 5)).g, 255, "nothing outside the content")
    }

    /// A picture's pixels take the hue-rotate matrix (README §3.8): red (255,59,48) at 90° → (48,131,0).
    func testHueRotationOfAPicture() async throws {
        let s = TestScene(size: Size(200, 200)) { HuePicture() }
        let assets = AssetResolver(roots: AssetResolver.bundledRoot().map { [$0] } ?? [])
        let canvas = try HeadlessCanvas(width: 200, height: 200, assets: assets)
        canvas.renderer.clear(.white)
        s.scene.root.drawCustom(transform: .identity, opacity: 1, renderer: canvas.renderer)
        let fb = canvas.renderer.readFramebuffer()
        if let path = ProcessInfo.processInfo.environment["ZOETROPE_TEST_SHOTS"] { try fb.savePNG(to: URL(fileURLWithPath: path + "/hue.png")) }
        let p = fb.pixel(100, 100)
        XCTAssertEqual(p.r, 48, accuracy: 12); XCTAssertEqual(p.g, 131, accuracy: 12); XCTAssertEqual(p.b, 0, accuracy: 12)
    }

    func testBlurShadowAndGroupOpacityInARealRender() async throws {
        let s = TestScene(size: Size(300, 500)) { Effects() }
        let canvas = try HeadlessCanvas(width: 300, height: 500, assets: AssetResolver(roots: []))
        s.context.measure = { canvas.renderer.measure($0, font: $1) }
        s.advance(to: 0.1)
        canvas.renderer.clear(.white)
        s.scene.root.drawCustom(transform: .identity, opacity: 1, renderer: canvas.renderer)
        let fb = canvas.renderer.readFramebuffer()
        if let path = ProcessInfo.processInfo.environment["ZOETROPE_TEST_SHOTS"] { try fb.savePNG(to: URL(fileURLWithPath: path + "/layers.png")) }
        func px(_ p: Point) -> (r: Int, g: Int, b: Int, a: Int) { fb.pixel(Int(p.x), Int(p.y)) }

        // Blur σ 8: the centre stays red, the edge is half red, 8 pt outside about 16 % (1 − Φ(1)).
        let b = s.frame("blurred")
        XCTAssertEqual(px(b.center).g, 59, accuracy: 12)
        let edge = px(Point(b.minX, b.midY)), out = px(Point(b.minX - 8, b.midY))
        XCTAssertEqual(Double(255 - edge.g) / 196, 0.5, accuracy: 0.08, "edge \(edge)")
        XCTAssertEqual(Double(255 - out.g) / 196, 0.159, accuracy: 0.06, "8 pt outside \(out)")

        // The white circle's shadow shows 20 pt below it and not above it.
        let c = s.frame("shadowed")
        let below = px(Point(c.midX, c.maxY + 10)), above = px(Point(c.midX, c.minY - 10))
        XCTAssertLessThan(below.r, 120, "shadow beneath, got \(below)")
        XCTAssertEqual(above.r, 255, accuracy: 3)
        XCTAssertEqual(px(c.center).r, 255, accuracy: 3, "the circle is drawn over its shadow")

        // A compositing group at 0.5: the overlap is as light as the rest (one layer), not darker.
        let g = s.frame("group")
        let overlap = px(g.center), single = px(Point(g.midX - 45, g.midY))
        XCTAssertEqual(overlap.r, single.r, accuracy: 3)
        XCTAssertEqual(overlap.r, 128, accuracy: 12, "blue at 0.5 over white")
    }
}
