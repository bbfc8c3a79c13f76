import XCTest
@testable import Motion

final class CurvesTests: XCTestCase {
    private let us = [0.1, 0.25, 0.5, 0.75, 0.9]

    /// README §3.3 table (also 04 §0.2 and 02 §1.4), to 1e-4.
    func testNamedCurveReferenceTable() {
        let table: [(UnitCurve, [Double])] = [
            (.linear, [0.100, 0.250, 0.500, 0.750, 0.900]),
            (.easeIn, [0.0170, 0.0935, 0.3154, 0.6219, 0.8394]),
            (.easeOut, [0.1606, 0.3781, 0.6846, 0.9065, 0.9830]),
            (.easeInOut, [0.0197, 0.1292, 0.5000, 0.8708, 0.9803]),
        ]
        for (curve, expected) in table {
            for (u, p) in zip(us, expected) {
                XCTAssertEqual(curve.progress(u), p, accuracy: 1e-4, "\(curve) at \(u)")
            }
        }
        // 02 §1.4 gives easeInOut to 5 decimals.
        let e5 = [0.01972, 0.12916, 0.5, 0.87084, 0.98028]
        for (u, p) in zip(us, e5) { XCTAssertEqual(UnitCurve.easeInOut.progress(u), p, accuracy: 1e-5) }
    }

    func testControlPoints() {
        XCTAssertEqual(UnitCurve.easeIn, .bezier(0.42, 0, 1, 1))
        XCTAssertEqual(UnitCurve.easeOut, .bezier(0, 0, 0.58, 1))
        XCTAssertEqual(UnitCurve.easeInOut, .bezier(0.42, 0, 0.58, 1))
        XCTAssertEqual(UnitCurve.linear, .bezier(0, 0, 1, 1))
        XCTAssertNotEqual(UnitCurve.easeIn, .easeOut)
    }

    func testClampingAndEndpoints() {
        for c in [UnitCurve.linear, .easeIn, .easeOut, .easeInOut, .bezier(0.1, 0.8, 0, 1)] {
            XCTAssertEqual(c.progress(-0.5), 0)
            XCTAssertEqual(c.progress(0), 0)
            XCTAssertEqual(c.progress(1), 1)
            XCTAssertEqual(c.progress(7), 1)
        }
    }

    /// Confetti curves, 05 §3.6 reference values (3 decimals as printed, B2 to 4).
    func testConfettiCurves() {
        let b1 = UnitCurve.bezier(0.10, 0.80, 0.00, 1.00)
        for (u, p) in zip([0.05, 0.1, 0.25, 0.5, 0.9], [0.439, 0.678, 0.882, 0.969, 0.999]) {
            XCTAssertEqual(b1.progress(u), p, accuracy: 6e-4, "B1 at \(u)")
        }
        let b2 = UnitCurve.bezier(0.12, 0.00, 0.39, 0.00)
        for (u, p) in zip(us, [0.0099, 0.0775, 0.3004, 0.6172, 0.8402]) {
            XCTAssertEqual(b2.progress(u), p, accuracy: 1e-4, "B2 at \(u)")
        }
    }

    /// The solver's error is far below 1e-5: for points (x(s), y(s)) on the curve, progress(x(s)) = y(s), also for
    /// ill-conditioned curves (vertical or flat tangents at the ends).
    func testSolverAccuracy() {
        let curves = [UnitCurve.easeInOut, .easeIn, .easeOut, .bezier(0, 1, 0, 1), .bezier(1, 0, 1, 0),
                      .bezier(0.9, 0.1, 0.1, 0.9), .bezier(0.10, 0.80, 0.00, 1.00)]
        for c in curves {
            for i in 0...1000 {
                let s = Double(i) / 1000
                let x = bez(c.c0x, c.c1x, s), y = bez(c.c0y, c.c1y, s)
                XCTAssertEqual(c.progress(x), y, accuracy: 1e-5, "\(c) at s = \(s)")
            }
        }
    }

    private func bez(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
        let m = 1 - s
        return 3 * m * m * s * p1 + 3 * m * s * s * p2 + s * s * s
    }

    func testMonotoneAndSymmetric() {
        var last = -1.0
        for i in 0...200 {
            let u = Double(i) / 200
            let p = UnitCurve.easeInOut.progress(u)
            XCTAssertGreaterThanOrEqual(p, last)
            last = p
            // easeInOut is point-symmetric; easeIn and easeOut mirror each other.
            XCTAssertEqual(p + UnitCurve.easeInOut.progress(1 - u), 1, accuracy: 1e-9)
            XCTAssertEqual(UnitCurve.easeIn.progress(u) + UnitCurve.easeOut.progress(1 - u), 1, accuracy: 1e-9)
        }
    }

    func testSlopeMatchesDifferenceQuotient() {
        for c in [UnitCurve.easeInOut, .easeIn, .easeOut, .linear] {
            for u in [0.05, 0.2, 0.5, 0.8, 0.95] {
                let h = 1e-6
                let numeric = (c.progress(u + h) - c.progress(u - h)) / (2 * h)
                XCTAssertEqual(c.slope(u), numeric, accuracy: 1e-4, "\(c) at \(u)")
            }
        }
        XCTAssertEqual(UnitCurve.easeInOut.slope(0.5), 1.5 / 0.87, accuracy: 1e-9)   // y′(½)/x′(½), the steepest point
        XCTAssertEqual(UnitCurve.linear.slope(0.3), 1)
    }
}
