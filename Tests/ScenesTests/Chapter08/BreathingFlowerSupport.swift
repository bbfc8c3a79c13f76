import Backend
import Foundation
import Stage
import XCTest
import ZoetropeHarness

/// Spec 03 §1.1 written out independently of the view layer: the shared phase, the layout rect and the flower's
/// geometry on the 393 × 852 canvas.
@MainActor
enum Flower {
    /// The safe area L and the flower group's centre C = L's centre + (0, −80).
    static let L = Rect(x: 0, y: 59, width: 393, height: 759)
    static let C = Point(196.5, 358.5)
    /// The rotating petals' pivot: the bottom centre of their 75 × 125 frame centred on C.
    static let pivot = Point(196.5, 421)
    static let petalFrame = Rect(x: 159, y: 296, width: 75, height: 125)

    /// easeInOut, the cubic Bézier (0.42, 0), (0.58, 1) (README §3.3), by bisection.
    static func easeInOut(_ x: Double) -> Double { SpecCurve.easeInOut(x) }

    /// p(t) = phase(t; D = 2, d = 2, easeInOut) of §0.4: hold, rise, hold, fall, period 8 s.
    static func p(_ t: Double) -> Double {
        let u = t.truncatingRemainder(dividingBy: 8)
        switch u {
        case ..<2: return 0
        case ..<4: return easeInOut((u - 2) / 2)
        case ..<6: return 1
        default: return 1 - easeInOut((u - 6) / 2)
        }
    }

    /// A point turned clockwise on screen by `degrees` about `c`.
    static func rotated(_ q: Point, _ degrees: Double, about c: Point) -> Point {
        let a = degrees * .pi / 180, dx = q.x - c.x, dy = q.y - c.y
        return Point(c.x + dx * cos(a) - dy * sin(a), c.y + dx * sin(a) + dy * cos(a))
    }

    static func box(_ pts: [Point]) -> Rect {
        let x0 = pts.map(\.x).min()!, x1 = pts.map(\.x).max()!, y0 = pts.map(\.y).min()!, y1 = pts.map(\.y).max()!
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    static func corners(_ r: Rect) -> [Point] {
        [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.maxX, r.maxY), Point(r.minX, r.maxY)]
    }

    /// A petal turned by θ about the pivot: its drawn box.
    static func petalBox(_ degrees: Double) -> Rect { box(corners(petalFrame).map { rotated($0, degrees, about: pivot) }) }

    /// The bouquet bitmap drawn 300 × 333.19 (461 × 512 fitted into 300 × 400), as a rectangle centred on 0.
    static let bouquetSize = Size(300, 512 * 300 / 461.0)

    /// §1.1: bouquet 1 at C + s·(R(37°)q + (−25, 90)); bouquet 2 at C + s·M(R(32°)q + (−20, 95)).
    static func bouquetPoint(_ q: Point, second: Bool, s: Double) -> Point {
        let r = rotated(q, second ? 32 : 37, about: .zero)
        var v = Point(r.x + (second ? -20 : -25), r.y + (second ? 95 : 90))
        if second { v.x = -v.x }
        return Point(C.x + s * v.x, C.y + s * v.y)
    }

    static func bouquetBox(second: Bool, s: Double) -> Rect {
        let w = bouquetSize.width / 2, h = bouquetSize.height / 2
        return box([Point(-w, -h), Point(w, -h), Point(w, h), Point(-w, h)].map { bouquetPoint($0, second: second, s: s) })
    }

    /// The stand-in bouquet is opaque only in a disc of 130 px round the picture's centre: 84.6 pt across at the
    /// fitted size, centred where the bouquet's centre goes.
    static let standInDiscRadius = 130 * 300 / 461.0

    /// Is `q` inside the stand-in bouquet's disc `second`, by at least `margin` pt?
    static func insideBouquet(_ q: Point, second: Bool, s: Double, margin: Double = 0) -> Bool {
        let c = bouquetPoint(.zero, second: second, s: s)
        return hypot(q.x - c.x, q.y - c.y) <= s * standInDiscRadius + margin
    }
}

/// One-colour stand-ins for the four pictures at their book sizes (so fitting and stretching give the same frames):
/// the background is one dark blue, so anything else on it — a snowflake — is seen in a pixel. The bouquet is a
/// disc (the book's is mostly clear round its blossoms), so the petals' upper parts stay uncovered.
@MainActor
enum FlowerStandIns {
    static let background = (0, 0, 110), petal = (200, 0, 100), bouquet = (0, 150, 150), smoke = (128, 128, 128)

    static func assets() throws -> AssetResolver {
        let pictures = [("winterNight", 320, 480, background), ("petal", 840, 856, petal), ("bouquet", 461, 512, bouquet),
                        ("smoke", 212, 252, smoke)]
        let key = pictures.map { "\($0.0) \($0.1)x\($0.2) \($0.3)" }.joined(separator: ";") + " disc 130"
        let hash = key.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-ch08-stand-ins-" + String(hash, radix: 16))
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (name, w, h, c) in pictures {
            let url = dir.appendingPathComponent("\(name).png")
            if FileManager.default.fileExists(atPath: url.path) { continue }
            var px = [UInt8](repeating: 255, count: w * h * 4)
            for i in stride(from: 0, to: px.count, by: 4) { (px[i], px[i + 1], px[i + 2]) = (UInt8(c.0), UInt8(c.1), UInt8(c.2)) }
            if name == "bouquet" {
                // Clear outside a disc round the centre, so the petals above it show.
                for y in 0..<h { for x in 0..<w where hypot(Double(x) + 0.5 - Double(w) / 2, Double(y) + 0.5 - Double(h) / 2) > 130 {
                    px[(y * w + x) * 4 + 3] = 0
                } }
            }
            let part = dir.appendingPathComponent("\(name).png.\(getpid()).part")
            try Framebuffer(width: w, height: h, pixels: px).savePNG(to: part)
            if rename(part.path, url.path) != 0 { try? FileManager.default.removeItem(at: part) }
        }
        // The snowflake is the real one, from the bundled art.
        let bundled = AssetResolver.bundledRoot().map { [$0] } ?? []
        return AssetResolver(roots: [dir] + bundled, userRootCount: 1)
    }
}

@MainActor
extension ViewSceneTestCase {
    func openFlower(size: Size? = nil, standIns: Bool = false, render: Bool = true, seed: UInt64 = 0) throws {
        h = try Harness(scene: "ch08-breathing-flower", size: size, seed: seed, render: render,
                        assets: standIns ? FlowerStandIns.assets() : nil)
    }

    /// The live particle count `probe snow` reports.
    func liveFlakes(file: StaticString = #filePath, line: UInt = #line) -> Double {
        guard case let .state(.number(n))? = probe("snow", file: file, line: line).value("particles") else {
            XCTFail("snow reports no particle count", file: file, line: line)
            return .nan
        }
        return n
    }
}
