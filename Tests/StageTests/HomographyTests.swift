import XCTest
@testable import Stage

@MainActor
final class HomographyTests: XCTestCase {
    /// 04 §1.3: manTwo's image corners before and after the 20° turn about (0, −1, 0).
    static let manTwoCorners: [(Point, Point)] = [
        (Point(113.6, 230), Point(123.0, 230.3)),
        (Point(359.4, 230), Point(370.2, 229.4)),
        (Point(113.6, 699), Point(123.0, 672.5)),
        (Point(359.4, 699), Point(370.2, 761.6)),
    ]

    func testProductAppliesRightOperandFirst() async {
        let t = Homography.translation(10, 0), s = Homography(Affine.scale(2, 3))
        assertPoint((t * s).apply(Point(1, 1)), 12, 3)
        assertPoint((s * t).apply(Point(1, 1)), 22, 3)
    }

    func testAffineEmbedding() async {
        let a = Affine.translation(3, 4).concatenating(.rotation(degrees: 25)).concatenating(.scale(1.5, 0.5))
        let h = Homography(a)
        XCTAssertTrue(h.isAffine)
        for p in [Point(0, 0), Point(10, -3), Point(7.5, 2)] {
            let q = a.apply(p), r = h.apply(p)
            assertPoint(r, q.x, q.y, accuracy: 1e-12)
        }
    }

    func testRotationAboutAnchorIsClockwise() async {
        let h = Homography.rotation(degrees: 90, about: Point(10, 10))
        assertPoint(h.apply(Point(11, 10)), 10, 11, accuracy: 1e-12)
        assertPoint(h.apply(Point(10, 10)), 10, 10, accuracy: 1e-12)
        assertPoint(Homography.rotation(degrees: 90, about: .zero).apply(Point(1, 0)), 0, 1, accuracy: 1e-12)
    }

    func testScaleAboutAnchor() async {
        let h = Homography.scale(2, 3, about: Point(5, 5))
        assertPoint(h.apply(Point(5, 5)), 5, 5)
        assertPoint(h.apply(Point(6, 6)), 7, 8)
    }

    func testInverseRoundTripIncludingPerspective() async throws {
        let h = Homography.translation(40, 230)
            * Homography.rotation3D(degrees: 35, axis: (1, 2, 0.5), about: Point(100, 50), eyeDistance: 300)
            * Homography.scale(1.2, 0.8, about: Point(3, 4))
        XCTAssertFalse(h.isAffine)
        let inv = try XCTUnwrap(h.inverted)
        for p in [Point(0, 0), Point(100, 50), Point(-20, 80), Point(250, 10)] {
            let q = inv.apply(h.apply(p))
            assertPoint(q, p.x, p.y, accuracy: 1e-9)
        }
        XCTAssertNil(Homography([1, 0, 0, 0, 0, 0, 0, 0, 1]).inverted)
    }

    /// 04 §1.3: rotation3DEffect(20°, axis (0,−1,0)) about the layout frame's centre (196.5, 234.5), d = 469.
    func testRotation3DReproducesManTwoReferenceCorners() async {
        let h = Homography.rotation3D(degrees: 20, axis: (0, -1, 0), about: Point(196.5, 234.5), eyeDistance: 469)
        for (from, to) in Self.manTwoCorners {
            assertPoint(h.apply(from), to.x, to.y, accuracy: 0.2, "\(from)")
        }
    }

    /// The closed form of 04 §1.3 at arbitrary points: x' = W/2 + X cos20°/w, y' = cy + Y/w, w = 1 − X sin20°/d.
    func testRotation3DMatchesSpecFormula() async {
        let cx = 196.5, cy = 234.5, d = 469.0, t = 20 * Double.pi / 180
        let h = Homography.rotation3D(degrees: 20, axis: (0, -1, 0), about: Point(cx, cy), eyeDistance: d)
        for p in [Point(0, 0), Point(393, 469), Point(250, 100), Point(-50, 600)] {
            let X = p.x - cx, Y = p.y - cy, w = 1 - X * sin(t) / d
            assertPoint(h.apply(p), cx + X * cos(t) / w, cy + Y / w, accuracy: 1e-9)
        }
        // The anchor is fixed and the right side comes nearer (grows).
        assertPoint(h.apply(Point(cx, cy)), cx, cy, accuracy: 1e-12)
    }

    func testRotation3DAboutZIsAPlainRotation() async {
        let h3 = Homography.rotation3D(degrees: 30, axis: (0, 0, 1), about: Point(5, 5), eyeDistance: 100)
        let h2 = Homography.rotation(degrees: 30, about: Point(5, 5))
        for p in [Point(0, 0), Point(10, 3)] {
            let a = h3.apply(p), b = h2.apply(p)
            assertPoint(a, b.x, b.y, accuracy: 1e-9)
        }
    }

    func testRotation3DDegenerateInputsAreIdentity() async {
        XCTAssertEqual(Homography.rotation3D(degrees: 20, axis: (0, 0, 0), about: .zero, eyeDistance: 100), .identity)
        XCTAssertEqual(Homography.rotation3D(degrees: 20, axis: (0, 1, 0), about: .zero, eyeDistance: 0), .identity)
    }

    func testLengthScale() async {
        XCTAssertEqual(Homography.scale(3, 3, about: Point(9, 9)).lengthScale(), 3, accuracy: 1e-12)
        XCTAssertEqual(Homography.rotation(degrees: 40, about: .zero).lengthScale(near: Point(5, 5)), 1, accuracy: 1e-12)
    }
}

@MainActor
final class NodeTransformTests: XCTestCase {
    /// manTwo as a node: layout frame 393×469 at (0,0), offset (40,230) inside the 3D turn.
    func testManTwoNodeMapsImageCornersLikeTheSpec() async {
        let node = Node(frame: Rect(x: 0, y: 0, width: 393, height: 469), content: .image("manTwo", .aspectFit))
        node.transforms = [.offset(40, 230), .rotation3D(degrees: 20, axis: (0, -1, 0))]
        let image = node.contentRect(imageSize: Size(293, 559))
        assertRect(image, 73.6, 0, 245.8, 469, accuracy: 0.06)
        let corners = [Point(image.minX, image.minY), Point(image.maxX, image.minY),
                       Point(image.minX, image.maxY), Point(image.maxX, image.maxY)]
        let h = node.localTransform
        for (corner, (_, expected)) in zip(corners, HomographyTests.manTwoCorners) {
            assertPoint(h.apply(corner), expected.x, expected.y, accuracy: 0.2, "\(corner)")
        }
    }

    func testModifiersApplyInsideOutInWrittenOrder() async {
        let node = Node(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        node.transforms = [.offset(10, 0), .scale(2, 2)]
        // Offset first → (10,0); then scale ×2 about the frame's centre (5,5), which the offset does not move.
        assertPoint(node.localTransform.apply(Point(0, 0)), 15, -5)
        node.transforms = [.scale(2, 2), .offset(10, 0)]
        assertPoint(node.localTransform.apply(Point(0, 0)), 5, -5)
    }

    func testRotationAnchorIsAUnitPointOfTheLayoutFrame() async {
        let node = Node(frame: Rect(x: 10, y: 20, width: 40, height: 20))
        node.transforms = [.rotation(degrees: 90, anchor: Point(0, 0))]
        assertPoint(node.localTransform.apply(Point(50, 20)), 10, 60, accuracy: 1e-12)
        node.transforms = [.rotation(degrees: 90)]   // centre (30, 30)
        assertPoint(node.localTransform.apply(Point(50, 30)), 30, 50, accuracy: 1e-12)
        node.transforms = [.offset(100, 0), .rotation(degrees: 90)]   // still about (30, 30)
        assertPoint(node.localTransform.apply(Point(30, 30)), 30, 130, accuracy: 1e-12)
    }

    func testRotation3DEyeDistanceIsTheLargerFrameSide() async {
        let node = Node(frame: Rect(x: 0, y: 0, width: 100, height: 300))
        node.transforms = [.rotation3D(degrees: 30, axis: (1, 0, 0), anchor: Point(0, 0))]
        let expected = Homography.rotation3D(degrees: 30, axis: (1, 0, 0), about: .zero, eyeDistance: 300)
        let p = Point(50, 120)
        let a = node.localTransform.apply(p), b = expected.apply(p)
        assertPoint(a, b.x, b.y, accuracy: 1e-12)
    }

    func testWorldTransformAndOpacityComposeThroughParents() async {
        let root = Node(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let mid = Node(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        let leaf = Node(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        root.add(mid); mid.add(leaf)
        root.transforms = [.offset(100, 0)]
        mid.transforms = [.scale(2, 2, anchor: Point(0, 0))]
        leaf.transforms = [.offset(1, 1)]
        // leaf offset, then mid's scale, then root's offset.
        assertPoint(leaf.worldTransform.apply(Point(0, 0)), 102, 2)
        root.opacity = 0.5; mid.opacity = 0.5; leaf.opacity = 0.8
        XCTAssertEqual(leaf.worldOpacity, 0.2, accuracy: 1e-12)
    }

    func testHitTestFollowsTransformsAndHiding() async {
        let node = Node(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        node.transforms = [.offset(100, 0)]
        XCTAssertTrue(node.hitTest(Point(105, 5)))
        XCTAssertFalse(node.hitTest(Point(5, 5)))
        node.isHidden = true
        XCTAssertFalse(node.hitTest(Point(105, 5)))
        let flat = Node(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        flat.transforms = [.scale(0, 1)]
        XCTAssertFalse(flat.hitTest(Point(5, 5)), "a singular transform hits nothing")
    }

    func testContentRectModes() async {
        let frame = Rect(x: 0, y: 0, width: 200, height: 100)
        let image = Size(50, 50)
        XCTAssertEqual(Node(frame: frame, content: .image("x", .stretch)).contentRect(imageSize: image), frame)
        assertRect(Node(frame: frame, content: .image("x", .aspectFit)).contentRect(imageSize: image), 50, 0, 100, 100)
        assertRect(Node(frame: frame, content: .image("x", .aspectFill)).contentRect(imageSize: image), 0, -50, 200, 200)
        XCTAssertEqual(Node(frame: frame, content: .none).contentRect(imageSize: image), frame)
    }

    func testTreeEditing() async {
        let a = Node(name: "a"), b = Node(name: "b"), c = Node(name: "c")
        a.add(b); b.add(c)
        XCTAssertTrue(a.find("c") === c)
        XCTAssertNil(a.find("zzz"))
        a.add(c)   // re-parenting removes it from b
        XCTAssertTrue(c.parent === a)
        XCTAssertTrue(b.children.isEmpty)
        XCTAssertEqual(a.children.map { $0.name }, ["b", "c"])
        a.removeAllChildren()
        XCTAssertNil(b.parent); XCTAssertTrue(a.children.isEmpty)
    }
}
