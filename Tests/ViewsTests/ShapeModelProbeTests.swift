import Motion
import Stage
@testable import Views
import XCTest

/// A custom shape's probe reports its animatable data's model value as the target it was set to, also while a
/// repeat-forever animation runs (whose value "at the end" never comes), as ch. 10's waves need (README §3.17).
@MainActor
private struct Swell: Views.Shape {
    var yOffset: Double
    var animatableData: Double { get { yOffset } set { yOffset = newValue } }
    var animatableValues: [(String, Double)] { [("yOffset", yOffset)] }
    func path(in rect: Rect) -> Path { .rect(Rect(x: rect.minX, y: rect.minY + yOffset, width: rect.width, height: 10)) }
}

@MainActor
private struct Sea: View {
    @State var high = false
    var body: some View {
        Swell(yOffset: high ? 40 : 0)
            .fill(Color.blue)
            .frame(width: 100, height: 100)
            .animation(Animation.easeInOut(duration: 2).repeatForever(autoreverses: true), value: high)
            .named("swell")
            .onAppear { high = true }
    }
}

@MainActor
final class ShapeModelProbeTests: XCTestCase {
    func testTheModelOfARepeatingShapeAnimationIsItsTarget() async throws {
        let s = TestScene(size: Size(200, 200)) { Sea() }
        for (t, presented) in [(0.0, 0.0), (1.0, 20.0), (2.0, 40.0), (3.0, 20.0), (4.0, 0.0)] {
            s.advance(to: t)
            guard case let .number(model, shown)? = s.probe("swell")?.value("yOffset") else { return XCTFail("no yOffset") }
            XCTAssertEqual(model, 40, "at \(t)")
            XCTAssertEqual(shown, presented, accuracy: 1e-9, "at \(t)")
        }
    }
}
