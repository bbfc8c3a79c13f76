import Motion
import Stage
@testable import Views
import XCTest

@MainActor
private struct Lamp: View {
    @State var lit = false
    var body: some View {
        VStack {
            Circle()
                .fill(lit ? Color.white : Color.black)
                .frame(width: 20, height: 20)
                .named("filled")
            Circle()
                .stroke(lineWidth: 2)
                .foregroundColor(lit ? Color.white : Color.black)
                .frame(width: 20, height: 20)
                .named("ring")
        }
        .onTapGesture { withAnimation(.linear(duration: 1)) { lit.toggle() } }
    }
}

@MainActor
final class ShapeColorAndFrameTests: XCTestCase {
    /// The red channel of every vertex drawn for shapes, in draw order (one batch per shape).
    func reds(_ s: TestScene) -> [Set<UInt8>] {
        s.draw().batches.filter { $0.texture == nil }.map { Set($0.vertices.map(\.r)) }
    }

    /// A shape's plain colour is drawn as presented while it animates (README §3.8), for a fill and a stroke.
    func testAnAnimatedShapeColourIsDrawnAsPresented() async {
        let s = TestScene(size: Size(100, 100)) { Lamp() }
        XCTAssertEqual(reds(s), [[0], [0]])
        s.click(at: s.frame("filled").center)
        s.advance(to: 0.5)
        XCTAssertEqual(reds(s), [[128], [128]], "halfway from black to white")
        s.advance(to: 1)
        XCTAssertEqual(reds(s), [[255], [255]])
    }

    /// A negative bound of a flexible frame (`maxWidth: width − 200` in a narrow window) gives an empty frame.
    func testANegativeFlexibleBoundGivesZeroNotANegativeSize() async {
        let s = TestScene(size: Size(120, 90)) {
            GeometryReader { geo in
                Color.red
                    .frame(maxWidth: geo.size.width - 200, maxHeight: geo.size.height - 300)
                    .named("box")
            }
        }
        XCTAssertEqual(s.frame("box").size, Size(0, 0))
    }
}
