import Stage
@testable import Backend
import XCTest

/// A wide shadow's rows that opaque content covers, or that lie below the output, are not drawn (issue 24: most of a
/// wave's shadow quad lay under the wave); anything that could let the shadow show keeps every row.
final class WideShadowRowsTests: XCTestCase {
    /// A silhouette `lw` wide: rows from `opaqueFrom` down opaque, the rows above transparent.
    private func silhouette(lw: Int, lh: Int, opaqueFrom: Int) -> [UInt8] {
        (0..<lh).flatMap { y in [UInt8](repeating: y >= opaqueFrom ? 255 : 0, count: lw * 4) }
    }

    private let cover = [TriangleBatch(vertices: [Vertex(Point(0, 0), (0, 0, 255, 255))], indices: [0, 0, 0], texture: nil, blend: .alpha)]

    func testRowsUnderOpaqueContentAreLeftOutWithAMargin() {
        let s = silhouette(lw: 8, lh: 40, opaqueFrom: 10)
        let rows = LayerCompositor.shadowRowsShown(silhouette: s, lw: 8, lh: 40, batches: cover, offset: (0, 3),
                                                   offOutputFrom: 1000)
        // Row j lies over silhouette rows j + 3 … j + 4: hidden from j + 3 − 2 ≥ 10 (j ≥ 9) while j + 3 + 3 ≤ 40, so
        // rows 9…34 are hidden, but 35…39 reach past the silhouette's end and are kept: nothing can be cut.
        XCTAssertEqual(rows, 40)
        // Below the output from row 30 on: rows 9…39 all go; one row past the cut stays for the filter.
        XCTAssertEqual(LayerCompositor.shadowRowsShown(silhouette: s, lw: 8, lh: 40, batches: cover, offset: (0, 3),
                                                       offOutputFrom: 30), 10)
    }

    func testAHoleInTheLastRowsKeepsEveryRow() {
        var s = silhouette(lw: 8, lh: 40, opaqueFrom: 10)
        s[(39 * 8 + 5) * 4 + 3] = 254
        XCTAssertEqual(LayerCompositor.shadowRowsShown(silhouette: s, lw: 8, lh: 40, batches: cover, offset: (0, 0),
                                                       offOutputFrom: 38), 39, "only the rows below the output go")
    }

    func testContentThatDoesNotSimplyCoverKeepsEveryRow() {
        let s = silhouette(lw: 8, lh: 40, opaqueFrom: 0)
        var added = cover
        added[0].blend = .add
        XCTAssertEqual(LayerCompositor.shadowRowsShown(silhouette: s, lw: 8, lh: 40, batches: added, offset: (0, 0),
                                                       offOutputFrom: 1000), 40)
        XCTAssertEqual(LayerCompositor.shadowRowsShown(silhouette: s, lw: 8, lh: 40, batches: cover, offset: (1, 0),
                                                       offOutputFrom: 1000), 40, "a sideways shadow")
    }
}
