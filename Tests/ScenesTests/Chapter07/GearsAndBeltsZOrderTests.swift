import Backend
import Foundation
import Stage
import XCTest
import ZoetropeHarness
import ZoetropeTestSupport

/// Spec 02 §5.6 check 6: the worm under G9, the shafts under the fan and the gears, the belts above all gears, the
/// fan top-most. Checked in the order the frame's batches are drawn, and in the rendered pixels.
@MainActor
final class GearsAndBeltsZOrderTests: ViewSceneTestCase {
    /// Each batch of the last frame named by what it draws: an image (or its shadow) by asset name, a shape by the
    /// centre of its vertices in canvas-centre coordinates.
    func drawOrder() -> [(label: String, batch: RecordingRenderer.Batch)] {
        h.batches.map { b in
            switch b.texture {
            case let .image(n)?: return (n, b)
            case let .shadow(n, _)?: return ("shadow:" + n, b)
            default:
                let c = b.bounds.center
                return ("shape@\(Int((c.x - 195).rounded())),\(Int((c.y - 422).rounded()))", b)
            }
        }
    }

    func testDrawOrder() async throws {
        try open("ch07-gears-and-belts", render: false)
        h.advance(to: 0.3)
        let order = drawOrder()
        let labels = order.map(\.label)
        func first(_ name: String) -> Int { labels.firstIndex(of: name) ?? -1 }
        func last(_ name: String) -> Int { labels.lastIndex(of: name) ?? -1 }
        // The belts: shape batches whose centre is a belt's centre (B5's capsule sits at (162, 175)).
        func belt(_ c: Point) -> Int {
            order.lastIndex { $0.batch.texture == nil && abs($0.batch.bounds.center.x - 195 - c.x) < 6 && abs($0.batch.bounds.center.y - 422 - c.y) < 6 } ?? -1
        }
        let belts = [Point(-124, -90), Point(0, -280), Point(124, -175), Point(-60, -33), Point(162, 175)].map(belt)
        XCTAssertFalse(belts.contains(-1), "every belt drawn: \(labels)")
        let gearBatches = labels.indices.filter { labels[$0].hasSuffix("Gear") && labels[$0] != "wormGear" }
        XCTAssertEqual(labels.filter { $0 == "doubleGear" }.count, 6, "\(labels)")
        XCTAssertEqual(labels.filter { $0 == "singleGear" }.count, 5, "\(labels)")
        XCTAssertEqual(first("goldBackground"), 0, "the background first: \(labels)")
        XCTAssertLessThan(last("wormGear"), first("shaft"), "the worm under the shafts")
        XCTAssertLessThan(last("shaft"), first("motor"), "the shafts under the motor")
        XCTAssertLessThan(last("shaft"), gearBatches.min()!, "the shafts under the gears")
        XCTAssertLessThan(last("shaft"), first("fan"), "the shafts under the fan")
        XCTAssertLessThan(last("wormGear"), first("shadow:singleGear"), "the worm under G9 (and every gear)")
        XCTAssertLessThan(gearBatches.max()!, belts.min()!, "the belts above all gears")
        XCTAssertEqual(belts, belts.sorted(), "B1…B5 in order")
        XCTAssertLessThan(belts.max()!, first("shadow:fan"), "the fan above the belts")
        XCTAssertEqual(last("fan"), labels.count - 1, "the fan top-most: \(labels)")
    }

    /// At the worm's centre column, G9's rim band (r 203–223 of 250 px: y 51.5…53.7 at the near side) is bronze
    /// over the worm's grey steel, at every spin angle.
    func testG9CoversTheWormAsRendered() async throws {
        try open("ch07-gears-and-belts", size: Size(780, 1688))
        for t in [0.0, 0.4, 1.7] {
            h.advance(to: t)
            let frame = try XCTUnwrap(h.capture())
            let rim = frame.pixel(at: Ch7.canvas(Point(60, 52.6)), scale: 2)
            XCTAssertGreaterThan(rim.r - rim.b, 60, "G9's bronze rim over the worm at \(t): \(rim)")
            // Above G9's far rim (y < 32.9) the worm itself shows, grey (under shaft 1's translucent black).
            let worm = frame.pixel(at: Ch7.canvas(Point(66, 28)), scale: 2)
            XCTAssertLessThan(abs(worm.r - worm.b), 30, "the worm's grey steel above G9 at \(t): \(worm)")
        }
    }

    /// Over shaft 2's rod, 60 pt right of the fan's hub, the turning blades sometimes cover the rod (silver) and
    /// sometimes let it show (dark): the fan is above the shaft.
    func testFanCoversTheShaftAsRendered() async throws {
        try open("ch07-gears-and-belts")
        var silver = 0, rod = 0
        for k in 0..<12 {
            h.advance(to: Double(k) / 12 * 0.25)   // a quarter turn: the four blades pass once
            let p = try XCTUnwrap(h.capture()).pixel(at: Ch7.canvas(Point(60, 252)), scale: 1)
            if p.r > 150 && abs(p.r - p.b) < 30 { silver += 1 }
            if p.r < 90 { rod += 1 }
        }
        XCTAssertGreaterThan(silver, 0, "a blade over the rod")
        XCTAssertGreaterThan(rod, 0, "the rod between blades")
    }
}
