@testable import Backend
import XCTest

final class AlphaBleedTests: XCTestCase {
    func testTransparentNeighboursTakeTheVisibleColourAndStayTransparent() {
        // 3×1: transparent black, opaque white, transparent black (an SVG's empty background around a white icon).
        var px: [UInt8] = [0, 0, 0, 0, 255, 255, 255, 255, 0, 0, 0, 0, 0, 0, 0, 0]
        px.withUnsafeMutableBufferPointer { AlphaBleed.apply($0.baseAddress!, width: 3, height: 1, pitch: 16) }
        XCTAssertEqual(Array(px[0..<4]), [255, 255, 255, 0])
        XCTAssertEqual(Array(px[4..<8]), [255, 255, 255, 255], "visible pixels are untouched")
        XCTAssertEqual(Array(px[8..<12]), [255, 255, 255, 0])
        XCTAssertEqual(Array(px[12..<16]), [0, 0, 0, 0], "row padding beyond the width is left alone")
    }
}
