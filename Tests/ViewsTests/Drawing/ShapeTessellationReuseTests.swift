import Stage
@testable import Views
import XCTest

@MainActor
private final class Panel: ObservableObject {
    @Published var count = 0
    @Published var warm = false
}

/// A gradient card beside a counter: each tap re-evaluates both (the same object drives them).
@MainActor
private struct Card: View {
    @ObservedObject var panel: Panel
    var body: some View {
        VStack {
            RoundedRectangle(cornerRadius: 12)
                .fill(LinearGradient(colors: [panel.warm ? .orange : .blue, .white], startPoint: .leading, endPoint: .trailing))
                .frame(width: 200, height: 80)
                .named("card")
            Text("\(panel.count)").named("count")
        }
    }
}

/// A state change re-evaluates every view under it, but a shape that comes out the same (outline, paints, pixel
/// grid) is not tessellated again: a dragged slider redraws the Particle Lab's whole panel, and its gradients were
/// each refined sample by sample, every frame of the drag.
@MainActor
final class ShapeTessellationReuseTests: XCTestCase {
    func testAReEvaluationThatChangesNothingDrawnReusesTheTrianglesAndAChangeDrawsAnew() async throws {
        let panel = Panel()
        let s = TestScene { Card(panel: panel) }
        func card(_ e: Element) -> ShapeElement? { (e as? ShapeElement) ?? e.children.lazy.compactMap(card).first }
        let shape = try XCTUnwrap(card(s.host.root))
        let first = s.draw().batches.map(\.vertices.count)
        XCTAssertEqual(shape.tessellations, 1)

        panel.count += 1
        s.advance(to: 0.1)
        XCTAssertEqual(s.probe("count")?.text, "1", "the tree was evaluated again")
        XCTAssertEqual(s.draw().batches.map(\.vertices.count), first, "the same triangles")
        XCTAssertEqual(shape.tessellations, 1, "the card's outline and gradient did not change: not tessellated again")

        panel.warm = true
        s.advance(to: 0.2)
        let warm = s.draw()
        XCTAssertEqual(shape.tessellations, 2, "a new gradient is tessellated")
        let left = try XCTUnwrap(warm.batches.flatMap(\.vertices).filter { $0.a == 255 }.min { $0.x < $1.x })
        XCTAssertTrue(left.r > 230 && left.b < 40, "the card's left edge is orange now, got \(left)")
    }
}
