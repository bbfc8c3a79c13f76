import Foundation
import Stage
@testable import Views
import XCTest
import ZoetropeTestSupport

/// A dashed stroke's shadow is its solid stroke's, faded to the dashes' share of the length (spec 02 §1.3): it
/// stays the same while the dashes march, so the blurred layer is made once and kept, and only the dashes are drawn
/// each frame.
@MainActor
final class DashedStrokeShadowTests: XCTestCase {
    struct Belt: View {
        @State var march = false
        var body: some View {
            Capsule()
                .stroke(Color.black, style: StrokeStyle(lineWidth: 7, dash: [5, 1.4], dashPhase: march ? 45 : 0))
                .frame(width: 200, height: 60)
                .animation(Animation.linear(duration: 1).repeatForever(autoreverses: false), value: march)
                .shadow(color: .black, radius: 10, x: 1, y: 0)
                .onAppear { march.toggle() }
        }
    }

    func testTheShadowLayerStaysWhileTheDashesMarch() async throws {
        let s = TestScene(size: Size(400, 400)) { Belt() }
        s.advance(to: 0.1)
        let first = s.draw()
        s.advance(to: 0.35)
        let second = s.draw()
        let a = try XCTUnwrap(first.layers.first), b = try XCTUnwrap(second.layers.first)
        XCTAssertTrue(a.shadowOnly, "the layer is the shadow alone")
        XCTAssertEqual(a.key, b.key, "the same shadow at both times: made once")
        // Its silhouette is the solid capsule at 5/6.4 of the stroke's alpha.
        XCTAssertEqual(a.batches.flatMap { $0.vertices.map(\.a) }.max(), UInt8((255 * 5 / 6.4).rounded()))
        // The dashes themselves are drawn directly, and they moved.
        XCTAssertFalse(first.batches.isEmpty)
        XCTAssertNotEqual(first.batches.map(\.vertices), second.batches.map(\.vertices))
    }

    func testASolidStrokeStillShadowsThroughAWholeLayer() async throws {
        let s = TestScene(size: Size(400, 400)) {
            Capsule().stroke(Color.black, lineWidth: 7).frame(width: 200, height: 60).shadow(color: .black, radius: 10)
        }
        let layer = try XCTUnwrap(s.draw().layers.first)
        XCTAssertFalse(layer.shadowOnly)
    }

    func testDashDuty() async {
        XCTAssertEqual(StrokeStyle(dash: [5, 1.4]).dashDuty ?? 0, 5 / 6.4, accuracy: 1e-12)
        XCTAssertEqual(StrokeStyle(dash: [3]).dashDuty ?? 0, 0.5, accuracy: 1e-12, "an odd pattern is repeated once")
        XCTAssertEqual(StrokeStyle(dash: [2, 1, 4, 1]).dashDuty ?? 0, 0.75, accuracy: 1e-12)
        XCTAssertNil(StrokeStyle().dashDuty)
        XCTAssertNil(StrokeStyle(dash: [0, 0]).dashDuty)
    }
}
