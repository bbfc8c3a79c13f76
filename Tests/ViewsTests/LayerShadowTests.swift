import Foundation
import Stage
@testable import Views
import XCTest
import ZoetropeTestSupport

/// The shadow of content drawn through a layer (a stroked shape, a group) is transformed with the view by the
/// transforms applied after it (README §3.9; spec 02 §5.2: a belt turned 90° casts its (1, 0) shadow as (0, 1)).
@MainActor
final class LayerShadowTests: XCTestCase {
    private func shadow<V: View>(_ view: @escaping () -> V) -> Shadow? {
        let s = TestScene(size: Size(400, 400), view)
        return s.draw().layers.first?.shadow
    }

    func testTurnedShadowTurnsItsOffset() async throws {
        let sh = try XCTUnwrap(shadow {
            Capsule().stroke(Color.black, lineWidth: 7).frame(width: 200, height: 40)
                .shadow(color: .black, radius: 10, x: 1, y: 0)
                .rotationEffect(.degrees(90))
        })
        XCTAssertEqual(sh.x, 0, accuracy: 1e-9)
        XCTAssertEqual(sh.y, 1, accuracy: 1e-9)
        XCTAssertEqual(sh.radius, 10, accuracy: 1e-9)
    }

    func testScaledShadowScalesItsBlurAndOffset() async throws {
        let sh = try XCTUnwrap(shadow {
            Capsule().stroke(Color.black, lineWidth: 7).frame(width: 200, height: 40)
                .shadow(color: .black, radius: 10, x: 1, y: 2)
                .scaleEffect(0.5)
        })
        XCTAssertEqual(sh.x, 0.5, accuracy: 1e-9)
        XCTAssertEqual(sh.y, 1, accuracy: 1e-9)
        XCTAssertEqual(sh.radius, 5, accuracy: 1e-9)
    }

    func testUntransformedShadowIsAsWritten() async throws {
        let sh = try XCTUnwrap(shadow {
            Circle().fill(Color.white).frame(width: 100, height: 100).shadow(color: .black, radius: 4, x: 0, y: 20)
                .offset(x: 30)
        })
        XCTAssertEqual(sh.x, 0, accuracy: 1e-9)
        XCTAssertEqual(sh.y, 20, accuracy: 1e-9)
        XCTAssertEqual(sh.radius, 4, accuracy: 1e-9)
    }

    func testScaledBlurScalesItsRadius() async throws {
        let s = TestScene(size: Size(400, 400)) {
            Circle().fill(Color.white).frame(width: 100, height: 100).blur(radius: 10).scaleEffect(0.5)
        }
        let layer = try XCTUnwrap(s.draw().layers.first)
        XCTAssertEqual(layer.blur, 5, accuracy: 1e-9)
    }
}
