import XCTest
@testable import Stage

@MainActor
final class AffineTests: XCTestCase {
    func testConcatenatingAppliesArgumentFirst() async {
        let t = Affine.translation(10, 0), s = Affine.scale(2, 3)
        // t.concatenating(s) = t ∘ s: scale first, then translate.
        assertPoint(t.concatenating(s).apply(Point(1, 1)), 12, 3)
        // s.concatenating(t): translate first, then scale.
        assertPoint(s.concatenating(t).apply(Point(1, 1)), 22, 3)
    }

    func testRotationIsClockwiseOnScreen() async {
        assertPoint(Affine.rotation(degrees: 90).apply(Point(1, 0)), 0, 1, accuracy: 1e-12)
        assertPoint(Affine.rotation(degrees: 90).apply(Point(0, 1)), -1, 0, accuracy: 1e-12)
        assertPoint(Affine.rotation(degrees: -90).apply(Point(1, 0)), 0, -1, accuracy: 1e-12)
        // README §3.1: Rot(θ)(x, y) = (x cos θ − y sin θ, x sin θ + y cos θ).
        let p = Affine.rotation(degrees: 30).apply(Point(2, 5))
        let c = cos(Double.pi / 6), s = sin(Double.pi / 6)
        assertPoint(p, 2 * c - 5 * s, 2 * s + 5 * c, accuracy: 1e-12)
    }

    func testInverseRoundTrip() async {
        let m = Affine.translation(7, -3).concatenating(Affine.rotation(degrees: 33)).concatenating(.scale(2, 0.5))
        let inv = try! XCTUnwrap(m.inverse)
        for p in [Point(0, 0), Point(1, 2), Point(-40, 17.5)] {
            let q = inv.apply(m.apply(p))
            assertPoint(q, p.x, p.y, accuracy: 1e-9)
        }
        let id = m.concatenating(inv)
        XCTAssertEqual(id.a, 1, accuracy: 1e-12); XCTAssertEqual(id.d, 1, accuracy: 1e-12)
        XCTAssertEqual(id.b, 0, accuracy: 1e-12); XCTAssertEqual(id.tx, 0, accuracy: 1e-12)
        XCTAssertNil(Affine.scale(0, 1).inverse)
    }

    func testLengthScale() async {
        XCTAssertEqual(Affine.scale(2, 8).lengthScale, 4, accuracy: 1e-12)
        XCTAssertEqual(Affine.rotation(degrees: 71).concatenating(.scale(3, 3)).lengthScale, 3, accuracy: 1e-12)
    }
}

@MainActor
final class RectTests: XCTestCase {
    func testBasics() async {
        let r = Rect(x: 10, y: 20, width: 30, height: 40)
        XCTAssertEqual(r.maxX, 40); XCTAssertEqual(r.maxY, 60); XCTAssertEqual(r.center, Point(25, 40))
        XCTAssertEqual(r.point(at: Point(1, 0)), Point(40, 20))
        XCTAssertEqual(r.point(at: Point(0.5, 1)), Point(25, 60))
        XCTAssertTrue(r.contains(Point(10, 20))); XCTAssertTrue(r.contains(Point(40, 60)))
        XCTAssertFalse(r.contains(Point(9.99, 30))); XCTAssertFalse(r.contains(Point(20, 60.01)))
        assertRect(r.insetBy(dx: 5, dy: 10), 15, 30, 20, 20)
        assertRect(r.intersection(Rect(x: 30, y: 0, width: 100, height: 30)), 30, 20, 10, 10)
        XCTAssertEqual(r.intersection(Rect(x: 100, y: 100, width: 5, height: 5)).width, 0)
        assertRect(Rect(center: Point(0, 0), size: Size(4, 6)), -2, -3, 4, 6)
        XCTAssertEqual(Size(-3, 4).clamped, Size(0, 4))
    }

    /// 04 §1.3 "People at the reference size (393×759)": frame, fit, drawn size and box (offset included).
    func testAspectFitPeopleTable() async {
        struct Row { let name: String; let image: Size; let frame: Size; let offset: Point
                     let size: Size; let x: ClosedRange<Double>; let y: ClosedRange<Double> }
        let rows = [
            Row(name: "manOne", image: Size(159, 508), frame: Size(193, 459), offset: Point(0, 250),
                size: Size(143.7, 459), x: 24.7...168.3, y: 250...709),
            Row(name: "manTwo", image: Size(293, 559), frame: Size(393, 469), offset: Point(40, 230),
                size: Size(245.8, 469), x: 113.6...359.4, y: 230...699),
            Row(name: "manThree", image: Size(388, 643), frame: Size(293, 509), offset: Point(130, 255),
                size: Size(293, 485.6), x: 130...423, y: 266.7...752.3),
            Row(name: "manFour", image: Size(322, 774), frame: Size(393, 479), offset: Point(-80, 265),
                size: Size(199.3, 479), x: 16.9...216.1, y: 265...744),
        ]
        for row in rows {
            let fit = Rect(origin: .zero, size: row.frame).aspectFit(row.image)
                .offsetBy(dx: row.offset.x, dy: row.offset.y)
            XCTAssertEqual(fit.width, row.size.width, accuracy: 0.06, row.name)
            XCTAssertEqual(fit.height, row.size.height, accuracy: 0.06, row.name)
            XCTAssertEqual(fit.minX, row.x.lowerBound, accuracy: 0.06, row.name)
            XCTAssertEqual(fit.maxX, row.x.upperBound, accuracy: 0.06, row.name)
            XCTAssertEqual(fit.minY, row.y.lowerBound, accuracy: 0.06, row.name)
            XCTAssertEqual(fit.maxY, row.y.upperBound, accuracy: 0.06, row.name)
            // The aspect is kept exactly and the fit is centred in the frame.
            XCTAssertEqual(fit.width / fit.height, row.image.width / row.image.height, accuracy: 1e-12, row.name)
            XCTAssertEqual(fit.midX - row.offset.x, row.frame.width / 2, accuracy: 1e-9, row.name)
            XCTAssertEqual(fit.midY - row.offset.y, row.frame.height / 2, accuracy: 1e-9, row.name)
        }
        // manThree is width-limited: it fills the frame's width exactly.
        XCTAssertEqual(Rect(x: 0, y: 0, width: 293, height: 509).aspectFit(Size(388, 643)).width, 293, accuracy: 1e-9)
    }

    func testAspectFitOfEmptyContentReturnsFrame() async {
        let r = Rect(x: 1, y: 2, width: 3, height: 4)
        XCTAssertEqual(r.aspectFit(Size(0, 10)), r)
    }
}
