import XCTest
@testable import Stage
import ZoetropeTestSupport

@MainActor
final class PainterTests: XCTestCase {
    private func draw(_ root: Node, sizes: [String: Size] = [:], clip: Rect? = nil) -> RecordingRenderer {
        let r = RecordingRenderer(imageSizes: sizes)
        Painter().draw(root, on: r, time: 0, clip: clip)
        return r
    }

    private func assertBounds(_ b: RecordingRenderer.Batch, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
                              accuracy: Double = 1e-3, file: StaticString = #filePath, line: UInt = #line) {
        assertRect(b.bounds, x, y, w, h, accuracy: accuracy, "", file: file, line: line)
    }

    func testAspectFitImageBatchCoversTheFitRect() async throws {
        let node = Node(frame: Rect(x: 0, y: 0, width: 393, height: 469), content: .image("manTwo", .aspectFit))
        let r = draw(node, sizes: ["manTwo": Size(293, 559)])
        XCTAssertEqual(r.batches.count, 1)
        let b = try XCTUnwrap(r.batches(ofImage: "manTwo").first)
        let fit = node.frame.aspectFit(Size(293, 559))
        assertBounds(b, fit.minX, fit.minY, fit.width, fit.height)
        assertBounds(b, 73.6, 0, 245.8, 469, accuracy: 0.06)
        // An affine quad: 4 vertices, 2 triangles, full texture, opaque white (untinted).
        XCTAssertEqual(b.vertices.count, 4); XCTAssertEqual(b.indices.count, 6)
        XCTAssertEqual(Set(b.vertices.map(\.u)), [0, 1]); XCTAssertEqual(Set(b.vertices.map(\.v)), [0, 1])
        XCTAssertTrue(b.vertices.allSatisfy { $0.r == 255 && $0.g == 255 && $0.b == 255 && $0.a == 255 })
        XCTAssertEqual(b.blend, .alpha)
        XCTAssertNil(b.clip)
    }

    func testPerspectiveImageIsDrawnAsAWarpedGrid() async throws {
        let node = Node(frame: Rect(x: 0, y: 0, width: 393, height: 469), content: .image("manTwo", .aspectFit))
        node.transforms = [.offset(40, 230), .rotation3D(degrees: 20, axis: (0, -1, 0))]
        let r = draw(node, sizes: ["manTwo": Size(293, 559)])
        let b = try XCTUnwrap(r.batches.first)
        // As many cells a side as the tilt and size need (Homography.gridCells), at most 16.
        let n = Int(Double(b.vertices.count).squareRoot().rounded()) - 1
        XCTAssertEqual(b.vertices.count, (n + 1) * (n + 1))
        XCTAssertEqual(n, node.localTransform.gridCells(over: node.contentRect(imageSize: Size(293, 559))))
        XCTAssertTrue((2...16).contains(n), "in perspective: a grid of \(n) cells a side")
        // The grid's corner vertices are the spec's turned corners (04 §1.3).
        let corners = [b.vertices[0], b.vertices[n], b.vertices[(n + 1) * n], b.vertices[(n + 1) * (n + 1) - 1]]
        for (v, (_, expected)) in zip(corners, HomographyTests.manTwoCorners) {
            assertPoint(v.point, expected.x, expected.y, accuracy: 0.2)
        }
    }

    func testShadowIsDrawnBeforeTheImageOffsetAndPadded() async throws {
        // 1 image px per pt: σ = 4 px, padding 12 px = 12 pt.
        let node = Node(frame: Rect(x: 0, y: 0, width: 100, height: 100), content: .image("s", .stretch))
        node.shadow = Shadow(color: .black, radius: 4, x: 5, y: 5)
        var r = draw(node, sizes: ["s": Size(100, 100)])
        XCTAssertEqual(r.batches.count, 2)
        XCTAssertEqual(r.batches[0].texture, .shadow(image: "s", sigma: 4))
        XCTAssertEqual(r.batches[1].texture, .image("s"))
        XCTAssertEqual(ShadowGeometry.padding(4), 12)
        assertBounds(r.batches[0], -12 + 5, -12 + 5, 124, 124)
        assertBounds(r.batches[1], 0, 0, 100, 100)
        XCTAssertTrue(r.batches[0].vertices.allSatisfy { $0.r == 0 && $0.g == 0 && $0.b == 0 && $0.a == 255 })

        // Half an image px per pt: σ = 4 pt = 2 px, padding 6 px = 12 pt again.
        r = draw(node, sizes: ["s": Size(50, 50)])
        XCTAssertEqual(r.batches[0].texture, .shadow(image: "s", sigma: 2))
        assertBounds(r.batches[0], -7, -7, 124, 124)
    }

    func testShadowFollowsLaterTransformsAndOpacity() async throws {
        let node = Node(frame: Rect(x: 0, y: 0, width: 100, height: 100), content: .image("s", .stretch))
        node.shadow = Shadow(radius: 4, x: 0, y: 10)   // default colour: black at 0.33
        node.transforms = [.offset(40, 0), .rotation(degrees: 90)]
        node.opacity = 0.5
        let r = draw(node, sizes: ["s": Size(100, 100)])
        // Offset (0,10) in the node's space becomes (−10, 0) after the 90° turn; bounds shift by +40 first.
        // Image: x 40…140 → turned about (50,50): x −40…60 … compute via the transform to stay exact.
        let image = Painter.bounds(of: Rect(x: 0, y: 0, width: 100, height: 100), under: node.localTransform)
        let shadow = Painter.bounds(of: Rect(x: -12, y: -2, width: 124, height: 124), under: node.localTransform)
        assertBounds(r.batches[1], image.minX, image.minY, image.width, image.height)
        assertBounds(r.batches[0], shadow.minX, shadow.minY, shadow.width, shadow.height)
        XCTAssertEqual(shadow.minX, image.minX - 12 - 10, accuracy: 1e-9)   // turned offset points left
        XCTAssertEqual(r.batches[0].vertices[0].a, Color.defaultShadow.opacity(0.5).rgba8.3)
        XCTAssertEqual(r.batches[0].vertices[0].a, 42)
        XCTAssertEqual(r.batches[1].vertices[0].a, 128)
    }

    func testClearShadowColourDrawsNoShadow() async {
        let node = Node(frame: Rect(x: 0, y: 0, width: 10, height: 10), content: .image("s", .stretch))
        node.shadow = Shadow(color: .clear, radius: 4)
        XCTAssertEqual(draw(node).batches.count, 1)
    }

    func testOpacityAndTintMultiplyDownTheTree() async throws {
        let root = Node(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let group = Node(frame: root.frame)
        let image = Node(frame: Rect(x: 0, y: 0, width: 10, height: 10), content: .image("i", .stretch))
        root.add(group); group.add(image)
        group.opacity = 0.5; image.opacity = 0.5
        group.tint = Color(r: 1, g: 0.5, b: 0)
        let b = try XCTUnwrap(draw(root).batches.first)
        XCTAssertTrue(b.vertices.allSatisfy { $0.a == 64 }, "0.25 × 255")
        XCTAssertTrue(b.vertices.allSatisfy { $0.r == 255 && $0.g == 128 && $0.b == 0 })
    }

    func testShapeFillColourCarriesOpacity() async throws {
        let node = Node(frame: Rect(x: 10, y: 10, width: 20, height: 20), content: .shape(.rect, fill: .blue, stroke: nil))
        node.opacity = 0.2
        let b = try XCTUnwrap(draw(node).batches.first)
        XCTAssertNil(b.texture)
        XCTAssertEqual(Set(b.vertices.map(\.a)), [51])
        // A frame on whole pixels needs no antialiasing fringe (Tessellator.addFill).
        assertBounds(b, 10, 10, 20, 20)
    }

    func testShapeUnderScaleIsTessellatedInOutputPixels() async throws {
        let node = Node(frame: Rect(x: 0, y: 0, width: 10.1, height: 10.1), content: .shape(.rect, fill: .black, stroke: nil))
        node.transforms = [.scale(3, 3, anchor: Point(0, 0))]
        let b = try XCTUnwrap(draw(node).batches.first)
        // The edge at 30.3 output pixels gets a fringe one output pixel wide (the pixel it crosses), not three.
        assertBounds(b, 0, 0, 31, 31)
    }

    func testInvisibleNodesDrawNothing() async {
        let root = Node(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let hidden = Node(frame: root.frame, content: .image("a", .stretch))
        hidden.isHidden = true
        hidden.add(Node(frame: root.frame, content: .image("child-of-hidden", .stretch)))
        let transparent = Node(frame: root.frame, content: .image("b", .stretch))
        transparent.opacity = 0
        let visible = Node(frame: root.frame, content: .image("c", .stretch))
        root.add([hidden, transparent, visible])
        let r = draw(root)
        XCTAssertEqual(r.batches.map(\.texture), [.image("c")])
    }

    func testChildrenDrawInOrderAfterTheirParent() async {
        let root = Node(frame: Rect(x: 0, y: 0, width: 10, height: 10), content: .image("root", .stretch))
        let a = Node(frame: root.frame, content: .image("a", .stretch))
        a.add(Node(frame: root.frame, content: .image("a1", .stretch)))
        root.add([a, Node(frame: root.frame, content: .image("b", .stretch))])
        XCTAssertEqual(draw(root).batches.map(\.texture), [.image("root"), .image("a"), .image("a1"), .image("b")])
    }

    func testClipsToBoundsClipsContentAndChildrenThenRestores() async {
        let root = Node(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let box = Node(frame: Rect(x: 10, y: 20, width: 100, height: 50), content: .image("box", .stretch))
        box.clipsToBounds = true
        box.transforms = [.offset(5, 0)]
        let inner = Node(frame: Rect(x: 50, y: 30, width: 200, height: 10), content: .image("inner", .stretch))
        inner.clipsToBounds = true
        inner.add(Node(frame: Rect(x: 0, y: 0, width: 400, height: 400), content: .image("deep", .stretch)))
        box.add([inner, Node(frame: Rect(x: 0, y: 0, width: 1, height: 1), content: .image("afterInner", .stretch))])
        root.add([box, Node(frame: Rect(x: 0, y: 0, width: 1, height: 1), content: .image("sibling", .stretch))])

        let r = draw(root)
        func clip(_ name: String) -> Rect?? { r.batches(ofImage: name).first.map(\.clip) }
        let boxClip = Rect(x: 15, y: 20, width: 100, height: 50)
        XCTAssertEqual(clip("box"), boxClip)
        // Nested clips intersect: inner's frame moved by box's offset is (55,30,200,10) → (55,30,60,10).
        XCTAssertEqual(clip("inner"), Rect(x: 55, y: 30, width: 60, height: 10))
        XCTAssertEqual(clip("deep"), Rect(x: 55, y: 30, width: 60, height: 10))
        XCTAssertEqual(clip("afterInner"), boxClip)
        XCTAssertEqual(clip("sibling"), .some(nil))
    }

    func testOuterClipIsKeptAndIntersected() async {
        let box = Node(frame: Rect(x: 0, y: 0, width: 100, height: 100), content: .image("box", .stretch))
        box.clipsToBounds = true
        let r = draw(box, clip: Rect(x: 50, y: -10, width: 200, height: 200))
        XCTAssertEqual(r.batches.first?.clip, Rect(x: 50, y: 0, width: 50, height: 100))
    }

    func testTextAlignment() async {
        // RecordingRenderer measures "Hello" at size 10 as 30×12.
        let cases: [(TextAlignment, Double)] = [(.leading, 10), (.center, 95), (.trailing, 180)]
        for (alignment, x) in cases {
            let node = Node(frame: Rect(x: 10, y: 0, width: 200, height: 40), content: .text("Hello", Font(size: 10), .red))
            node.textAlignment = alignment
            let r = draw(node)
            XCTAssertEqual(r.batches.count, 1)
            XCTAssertEqual(r.batches[0].texture, .text("Hello", Font(size: 10)))
            assertBounds(r.batches[0], x, 14, 30, 12)
            XCTAssertTrue(r.batches[0].vertices.allSatisfy { $0.r == 255 && $0.g == 59 && $0.b == 48 })
        }
        XCTAssertTrue(draw(Node(frame: Rect(x: 0, y: 0, width: 9, height: 9), content: .text("", .body, .red))).batches.isEmpty)
    }

    func testBlendModeIsPassedThrough() async {
        let node = Node(frame: Rect(x: 0, y: 0, width: 10, height: 10), content: .image("a", .stretch))
        node.blend = .add
        XCTAssertEqual(draw(node).batches.first?.blend, .add)
    }

    func testBoundsUnderTransform() async {
        let b = Painter.bounds(of: Rect(x: 0, y: 0, width: 10, height: 20), under: .rotation(degrees: 90, about: .zero))
        assertRect(b, -20, 0, 20, 10, accuracy: 1e-9)
    }
}
