@testable import Backend
import Stage
import XCTest

/// Where a kept picture taken from the window is mended (`FramePlan.damage`), and which layers it may keep.
final class FramePlanDamageTests: XCTestCase, PlanFixtures {
    /// A shadowed view's layer over `x0…x1` × `y0…y1`.
    func layer(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float, opacity: Double = 1) -> Layer {
        Layer(batches: [quad(x0, y0, x1, y1)], bounds: Rect(x: Double(x0), y: Double(y0), width: Double(x1 - x0), height: Double(y1 - y0)),
              blur: 0, shadow: Shadow(color: .black, radius: 2, x: 0, y: 1), opacity: opacity)
    }

    /// The renderer's rule (SDLRenderer.pictureBox), without a renderer: a batch's box grown by a pixel, a layer's
    /// bounds grown by its margin and a pixel, both within the clip.
    func box(_ c: DrawCommand, _ clip: Rect?) -> PixelRect {
        var r: PixelRect
        switch c {
        case let .triangles(b):
            let xs = b.vertices.map { Double($0.x) }, ys = b.vertices.map { Double($0.y) }
            r = PixelRect(covering: Rect(x: xs.min()! - 1, y: ys.min()! - 1, width: xs.max()! - xs.min()! + 2, height: ys.max()! - ys.min()! + 2))
        case let .layer(l):
            let m = l.margin + 1
            r = PixelRect(covering: l.bounds.insetBy(dx: -m, dy: -m))
        default: return rect(0, 0, 0, 0)
        }
        return clip.map { r.intersection(PixelRect(covering: $0)) } ?? r
    }

    /// A panel: a clear, its ground, a layer at the top, a slider's track and its knob at `knob`.
    func panel(knob: Float) -> [DrawCommand] {
        [.clear(.white), .triangles(quad(0, 0, 400, 800)), .layer(layer(20, 20, 380, 60)), .clip(Rect(x: 0, y: 100, width: 400, height: 100)),
         .triangles(quad(20, 140, 380, 144)), .triangles(quad(knob - 10, 132, knob + 10, 152)), .clip(nil)]
    }

    func testADraggedKnobDamagesWhereItWasAndWhereItIs() throws {
        let damage = try XCTUnwrap(FramePlan.damage(from: panel(knob: 100), to: panel(knob: 130)[...], box: box))
        XCTAssertEqual(damage, rect(89, 131, 141, 153), "the knob's box then and now, a pixel of antialiasing round each")
        XCTAssertEqual(FramePlan.damage(from: panel(knob: 100), to: panel(knob: 100)[...], box: box)?.isEmpty, true,
                       "nothing moved, nothing to mend")
        // The frame may go on past the kept start (the particles after it).
        let more = panel(knob: 130) + [.triangles(quad(0, 0, 5, 5))]
        XCTAssertEqual(FramePlan.damage(from: panel(knob: 100), to: more[...], box: box), damage)
    }

    func testTheDamageIsWithinTheClipInForce() throws {
        // The knob dragged partly out of its clip (y 100…200): only the part inside can have been drawn.
        var a = panel(knob: 100), b = panel(knob: 100)
        a[5] = .triangles(quad(90, 190, 110, 210))
        b[5] = .triangles(quad(90, 195, 110, 215))
        XCTAssertEqual(FramePlan.damage(from: a, to: b[...], box: box), rect(89, 189, 111, 200))
    }

    func testAnythingButBatchesChangingIsNotMended() {
        var clipMoved = panel(knob: 100)
        clipMoved[3] = .clip(Rect(x: 0, y: 90, width: 400, height: 100))
        XCTAssertNil(FramePlan.damage(from: panel(knob: 100), to: clipMoved[...], box: box))
        var layerChanged = panel(knob: 100)
        layerChanged[2] = .layer(layer(20, 20, 380, 60, opacity: 0.5))
        XCTAssertNil(FramePlan.damage(from: panel(knob: 100), to: layerChanged[...], box: box), "a layer is not drawn again in part")
        var cleared = panel(knob: 100)
        cleared[0] = .clear(.black)
        XCTAssertNil(FramePlan.damage(from: panel(knob: 100), to: cleared[...], box: box))
        XCTAssertNil(FramePlan.damage(from: panel(knob: 100), to: panel(knob: 130).dropLast(2), box: box), "a command fewer")
    }

    func testALayerTheDamageMeetsIsNotMended() {
        // A knob moving under the layer's shadow (y 20…60 grown by the margin).
        var a = panel(knob: 100), b = panel(knob: 130)
        a[5] = .triangles(quad(90, 55, 110, 75))
        b[5] = .triangles(quad(120, 55, 140, 75))
        a[3] = .clip(nil); b[3] = .clip(nil)
        XCTAssertNil(FramePlan.damage(from: a, to: b[...], box: box))
    }

    func testLayersAreKeptOnlyWhereThePictureIsTakenFromTheWindow() {
        let a = panel(knob: 100), b = panel(knob: 130)
        XCTAssertEqual(FramePlan.commonPrefix(a, b), 2, "a picture drawn into a texture stops at the layer")
        XCTAssertEqual(FramePlan.commonPrefix(a, b, keepsLayers: true), 5, "one taken from the window goes on to the knob")
        XCTAssertTrue(FramePlan.isWorthCaching(a[..<3].dropFirst(2), isTexelExact: { _ in true }), "a layer alone is worth keeping")
        XCTAssertFalse(DrawCommand.layer(layer(0, 0, 1, 1)).isSame(as: .layer(layer(0, 0, 1, 1, opacity: 0.9))))
        XCTAssertTrue(DrawCommand.layer(layer(0, 0, 1, 1)).isSame(as: .layer(layer(0, 0, 1, 1))))
    }
}
