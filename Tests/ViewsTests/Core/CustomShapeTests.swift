import Motion
import Stage
@testable import Views
import XCTest

/// A wave whose offset and height animate together (an `AnimatablePair`), named for probes like ch. 10's wave.
@MainActor
private struct Wave: Views.Shape {
    var yOffset: Double
    var height: Double
    var animatableData: AnimatablePair<Double, Double> {
        get { AnimatablePair(yOffset, height) }
        set { yOffset = newValue.first; height = newValue.second }
    }
    var animatableValues: [(String, Double)] { [("yOffset", yOffset), ("height", height)] }
    func path(in rect: Rect) -> Path {
        Path { p in
            p.move(to: Point(rect.minX, rect.minY + yOffset))
            p.addQuadCurve(to: Point(rect.maxX, rect.minY + yOffset), control: Point(rect.midX, rect.minY + yOffset - height))
            p.addLine(to: Point(rect.maxX, rect.maxY))
            p.addLine(to: Point(rect.minX, rect.maxY))
            p.closeSubpath()
        }
    }
}

@MainActor
private struct Ocean: View {
    @State var high = false
    var body: some View {
        Wave(yOffset: high ? 50 : 10, height: high ? 40 : 0)
            .fill(Color.blue)
            .frame(width: 200, height: 100)
            .named("wave")
            .onTapGesture { withAnimation(.linear(duration: 2)) { high.toggle() } }
    }
}

@MainActor
final class CustomShapeTests: XCTestCase {
    func testAnimatablePairAnimatesBothValuesAndProbesNameThem() async {
        let s = TestScene(size: Size(400, 400)) { Ocean() }
        s.click(at: Point(200, 230))   // inside the filled part, below the crest
        s.advance(to: 0.5)
        guard case let .number(model, presented)? = s.probe("wave")?.value("yOffset"),
              case let .number(hModel, hPresented)? = s.probe("wave")?.value("height") else { return XCTFail("no values") }
        XCTAssertEqual(model, 50); XCTAssertEqual(presented, 20, accuracy: 1e-9)
        XCTAssertEqual(hModel, 40); XCTAssertEqual(hPresented, 10, accuracy: 1e-9)
        s.advance(to: 2)
        XCTAssertEqual(s.presented("wave", "yOffset")!, 50, accuracy: 1e-9)
    }

    func testTapsHitOnlyTheFilledArea() async {
        let s = TestScene(size: Size(400, 400)) { Ocean() }
        s.click(at: Point(200, 152))   // above the wave's line (y 150 + 10): empty
        s.advance(to: 3)
        XCTAssertEqual(s.presented("wave", "yOffset")!, 10, accuracy: 1e-9)
    }
}
