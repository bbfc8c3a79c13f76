import Foundation
import Stage
@testable import Views
import XCTest
import ZoetropeTestSupport

/// A horizontal line across the middle of its frame (the path starts at the left edge).
@MainActor
private struct Across: Views.Shape {
    func path(in r: Rect) -> Path { Path { $0.move(to: Point(r.minX, r.midY)); $0.addLine(to: Point(r.maxX, r.midY)) } }
}

/// A vertical line 10 pt in from the left edge of its frame (the near side under a positive tilt about y).
@MainActor
private struct Down: Views.Shape {
    func path(in r: Rect) -> Path { Path { $0.move(to: Point(r.minX + 10, r.minY)); $0.addLine(to: Point(r.minX + 10, r.maxY)) } }
}

/// Strokes under `rotation3DEffect` (spec 02 §2.3–§2.4): width, dashes and phase are lengths in the view's own
/// plane, and the perspective parameter moves the eye to max(w, h) / perspective.
@MainActor
final class PerspectiveStrokeTests: XCTestCase {
    /// 100 × 100 frame centred in 400 × 400, tilted 60° about y (d = 100).
    let tilt = Homography.rotation3D(degrees: 60, axis: (x: 0, y: 1, z: 0), about: Point(200, 200), eyeDistance: 100)

    /// The antialiasing coverage (0…1) of the recorded triangles at device point q: the largest interpolated alpha
    /// of the triangles that contain it.
    private func coverage(_ r: RecordingRenderer, at q: Point) -> Double {
        var best = 0.0
        for b in r.batches {
            for k in stride(from: 0, to: b.indices.count, by: 3) {
                let v = (0..<3).map { b.vertices[Int(b.indices[k + $0])] }
                let p = v.map { Point(Double($0.x), Double($0.y)) }
                let d = (p[1].y - p[2].y) * (p[0].x - p[2].x) + (p[2].x - p[1].x) * (p[0].y - p[2].y)
                guard abs(d) > 1e-12 else { continue }
                let l0 = ((p[1].y - p[2].y) * (q.x - p[2].x) + (p[2].x - p[1].x) * (q.y - p[2].y)) / d
                let l1 = ((p[2].y - p[0].y) * (q.x - p[2].x) + (p[0].x - p[2].x) * (q.y - p[2].y)) / d
                let l2 = 1 - l0 - l1
                guard l0 >= -1e-9, l1 >= -1e-9, l2 >= -1e-9 else { continue }
                best = max(best, (l0 * Double(v[0].a) + l1 * Double(v[1].a) + l2 * Double(v[2].a)) / 255)
            }
        }
        return best
    }

    func testDashesAreMeasuredInTheTiltedPlane() async {
        // Dashes of 10 on, 10 off, phase 4: along the line (local x from 150), s is on iff (s + 4) mod 20 < 10.
        let s = TestScene(size: Size(400, 400)) {
            Across().stroke(Color.black, style: StrokeStyle(lineWidth: 8, dash: [10, 10], dashPhase: 4))
                .frame(width: 100, height: 100)
                .rotation3DEffect(.degrees(60), axis: (x: 0, y: 1, z: 0))
        }
        let r = s.draw()
        for arc in stride(from: 2.0, through: 98, by: 0.5) {
            let m = (arc + 4).truncatingRemainder(dividingBy: 20)
            let edge = min(abs(m), abs(m - 10), abs(m - 20))
            guard edge > 1.5 else { continue }   // clear of the dash ends and their fringe (compressed up to 4×)
            let q = tilt.apply(Point(150 + arc, 200))
            XCTAssertEqual(coverage(r, at: q), m < 10 ? 1 : 0, accuracy: 0.01, "arc length \(arc) → \(q)")
        }
    }

    func testTheWidthIsMeasuredInTheTiltedPlane() async {
        // A vertical line at local x = 160 (10 in from the left edge), 8 wide: it covers local x 156…164.
        let s = TestScene(size: Size(400, 400)) {
            Down().stroke(Color.black, lineWidth: 8)
                .frame(width: 100, height: 100)
                .rotation3DEffect(.degrees(60), axis: (x: 0, y: 1, z: 0))
        }
        let r = s.draw()
        for y in stride(from: 160.0, through: 240, by: 20) {
            for (x, inside) in [(158.0, true), (162.0, true), (153.0, false), (167.0, false)] {
                let q = tilt.apply(Point(x, y))
                XCTAssertEqual(coverage(r, at: q), inside ? 1 : 0, accuracy: 0.01, "local (\(x), \(y)) → \(q)")
            }
        }
    }

    func testPerspectiveMovesTheEye() async {
        // perspective 0.5: d = 200. The left edge (X = −50) of a 100-wide frame at 60° about y.
        let s = TestScene(size: Size(400, 400)) {
            Rectangle().frame(width: 100, height: 100)
                .rotation3DEffect(.degrees(60), axis: (x: 0, y: 1, z: 0), perspective: 0.5)
                .named("card")
        }
        let a = 60.0 * .pi / 180
        let left = 200 + (-50 * cos(a)) / (1 - 50 * sin(a) / 200), right = 200 + (50 * cos(a)) / (1 + 50 * sin(a) / 200)
        let drawn = s.probe("card")!.drawn
        XCTAssertEqual(drawn.minX, left, accuracy: 1e-6)
        XCTAssertEqual(drawn.maxX, right, accuracy: 1e-6)
        XCTAssertEqual(drawn.maxY - drawn.minY, 100 / (1 - 50 * sin(a) / 200), accuracy: 1e-6, "the near edge's height")
    }
}
