import Backend
import Foundation
import Stage
import XCTest
import ZoetropeHarness

/// Spec 02 §4's geometry, worked out independently of the scene: every position is from the viewport's centre.
@MainActor
enum Swing {
    static let pivot = Point(0, -450)
    /// The group moves 25 pt right, then turns by θ about the pivot (§4.1).
    static let shift = Point(25, 0)

    static func rotate(_ v: Point, _ degrees: Double) -> Point {
        let a = degrees * .pi / 180
        return Point(v.x * cos(a) - v.y * sin(a), v.x * sin(a) + v.y * cos(a))
    }

    /// A group-local point on the screen at swing angle θ.
    static func screen(_ p: Point, theta: Double) -> Point { pivot + rotate(p + shift - pivot, theta) }

    // Sizes as drawn (§4.2).
    static let girlSize = Size(872.702944 * 0.25, 225)
    static let legSize = Size(114, 590.257353 * 0.12)
    static let ropeSize = Size(57, 57.0 * 326 / 298)
    static let leavesSize = Size(460, 460.0 * 402 / 620)

    static let girlCentre = Point(-300, 0)
    static let rightKnee = Point(-391, 56.585), leftKnee = Point(-398, 54.585)
    static let rightRopeCentre = Point(-189, -100), leftRopeCentre = Point(-228, -108)
    static let leavesCentre = Point(-46.5, -140.1)

    /// easeInOut, the cubic Bézier (0.42, 0; 0.58, 1) (spec 02 §1.4), by bisection.
    static func easeInOut(_ p: Double) -> Double { SpecCurve.easeInOut(p) }

    /// A delayed easeInOut repeated forever with autoreverse: a hold of `delay` at the start of every leg (§1.4).
    static func autoreversing(_ t: Double, from: Double, to: Double, duration: Double, delay: Double) -> Double {
        let leg = delay + duration
        let k = (t / leg).rounded(.down), tau = t - k * leg
        let p = easeInOut((tau - delay) / duration)
        return Int(k) % 2 == 0 ? from + (to - from) * p : to - (to - from) * p
    }
    static func theta(_ t: Double) -> Double { autoreversing(t, from: -45, to: -30, duration: 1, delay: 0.09) }
    static func phiRight(_ t: Double) -> Double { autoreversing(t, from: 50, to: -20, duration: 1, delay: 0.09) }
    static func phiLeft(_ t: Double) -> Double { autoreversing(t, from: 30, to: -45, duration: 0.4, delay: 1) }
}

/// A rectangle turned by `angle` about its `origin`, which is the point at local (0, 0); local x runs over
/// `xs`, local y over `ys`.
@MainActor
struct Piece {
    var origin: Point, angle: Double, xs: ClosedRange<Double>, ys: ClosedRange<Double>

    static func centred(_ c: Point, _ s: Size, angle: Double) -> Piece {
        Piece(origin: c, angle: angle, xs: -s.width / 2...s.width / 2, ys: -s.height / 2...s.height / 2)
    }
    /// A leg: its frame's top-right corner is the knee, so it spans x −114…0 and y 0…70.83 from the knee.
    static func leg(knee: Point, angle: Double) -> Piece {
        Piece(origin: knee, angle: angle, xs: -Swing.legSize.width...0, ys: 0...Swing.legSize.height)
    }

    func local(_ p: Point) -> Point { Swing.rotate(p - origin, -angle) }
    func point(_ l: Point) -> Point { origin + Swing.rotate(l, angle) }
    /// Inside by at least `margin` pt (a negative margin: outside by at least that much is false).
    func contains(_ p: Point, margin: Double = 2) -> Bool {
        let l = local(p)
        return l.x >= xs.lowerBound + margin && l.x <= xs.upperBound - margin
            && l.y >= ys.lowerBound + margin && l.y <= ys.upperBound - margin
    }
    /// Clearly outside: not within `margin` pt of the rectangle.
    func excludes(_ p: Point, margin: Double = 2) -> Bool {
        let l = local(p)
        return l.x < xs.lowerBound - margin || l.x > xs.upperBound + margin
            || l.y < ys.lowerBound - margin || l.y > ys.upperBound + margin
    }
    /// The axis-aligned box of the turned rectangle.
    var box: (minX: Double, maxX: Double, minY: Double, maxY: Double) {
        let c = [Point(xs.lowerBound, ys.lowerBound), Point(xs.upperBound, ys.lowerBound),
                 Point(xs.lowerBound, ys.upperBound), Point(xs.upperBound, ys.upperBound)].map(point)
        return (c.map(\.x).min()!, c.map(\.x).max()!, c.map(\.y).min()!, c.map(\.y).max()!)
    }
}

/// The scene's pieces at one time, from the spec's numbers alone.
@MainActor
struct SwingPose {
    let theta: Double, phiRight: Double, phiLeft: Double
    init(theta: Double, phiRight: Double, phiLeft: Double) { self.theta = theta; self.phiRight = phiRight; self.phiLeft = phiLeft }
    init(at t: Double) { self.init(theta: Swing.theta(t), phiRight: Swing.phiRight(t), phiLeft: Swing.phiLeft(t)) }

    var girl: Piece { .centred(Swing.screen(Swing.girlCentre, theta: theta), Swing.girlSize, angle: theta) }
    var rightLeg: Piece { .leg(knee: Swing.screen(Swing.rightKnee, theta: theta), angle: theta + phiRight) }
    var leftLeg: Piece { .leg(knee: Swing.screen(Swing.leftKnee, theta: theta), angle: theta + phiLeft) }
    var rightRope: Piece { .centred(Swing.screen(Swing.rightRopeCentre, theta: theta), Swing.ropeSize, angle: theta) }
    var leftRope: Piece { .centred(Swing.screen(Swing.leftRopeCentre, theta: theta), Swing.ropeSize, angle: theta) }
    static let leaves = Piece.centred(Swing.leavesCentre, Swing.leavesSize, angle: -10)
    static let tree = Piece.centred(.zero, Size(550, 900), angle: 0)
}

/// Solid stand-ins for the five pictures, at the book's pixel sizes (so fitting gives the same frames): every
/// piece is then one known colour, and what is on top at a point, or how much of the rope shows, reads off a pixel.
@MainActor
enum StandIns {
    static let tree = (0, 0, 200), leg = (220, 0, 0), girl = (0, 200, 0), rope = (250, 250, 0), leaves = (200, 0, 200)

    static func assets() throws -> AssetResolver {
        let pictures = [("tree", 612, 612, tree), ("leg", 544, 338, leg), ("Girl", 1087, 1121, girl),
                        ("rope", 298, 326, rope), ("leaves", 620, 402, leaves)]
        // One folder for every run with these pictures (named by an FNV-1a hash of their names, sizes and colours, so
        // a changed table never reads stale files): each file is written whole under another name, then renamed.
        let key = pictures.map { "\($0.0) \($0.1)x\($0.2) \($0.3)" }.joined(separator: ";")
        let hash = key.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("zoetrope-ch06-stand-ins-" + String(hash, radix: 16))
        for (name, w, h, c) in pictures {
            let url = dir.appendingPathComponent("\(name).png")
            if FileManager.default.fileExists(atPath: url.path) { continue }
            var px = [UInt8](repeating: 255, count: w * h * 4)
            for i in stride(from: 0, to: px.count, by: 4) { (px[i], px[i + 1], px[i + 2]) = (UInt8(c.0), UInt8(c.1), UInt8(c.2)) }
            let part = dir.appendingPathComponent("\(name).png.\(getpid()).part")
            try Framebuffer(width: w, height: h, pixels: px).savePNG(to: part)
            if rename(part.path, url.path) != 0 { try? FileManager.default.removeItem(at: part) }
        }
        let bundled = AssetResolver.bundledRoot().map { [$0] } ?? []
        return AssetResolver(roots: [dir] + bundled, userRootCount: 1)
    }

    /// `top` over `below` with the top's alpha `a`.
    static func blend(_ top: (Int, Int, Int), over below: (Int, Int, Int), alpha a: Double) -> (Int, Int, Int) {
        func mix(_ x: Int, _ y: Int) -> Int { Int((a * Double(x) + (1 - a) * Double(y)).rounded()) }
        return (mix(top.0, below.0), mix(top.1, below.1), mix(top.2, below.2))
    }
}

@MainActor
extension ViewSceneTestCase {
    /// The viewport centre at the reference size (a fixed canvas: 1 pt = 1 px there).
    var centre: Point { Point(195, 422) }

    /// The pixel at a viewport-centre point, at the reference size.
    func pixel(at p: Point) -> (r: Int, g: Int, b: Int, a: Int) { pixel(centre.x + p.x, centre.y + p.y) }

    /// Opens a scene drawn with the stand-in pictures.
    func openWithStandIns(_ id: String, size: Size? = nil) throws {
        h = try Harness(scene: id, size: size, render: true, assets: StandIns.assets())
    }

    /// A probe's drawn box in viewport-centre coordinates.
    func drawnBox(_ node: String, file: StaticString = #filePath, line: UInt = #line)
        -> (minX: Double, maxX: Double, minY: Double, maxY: Double) {
        let d = probe(node, file: file, line: line).drawn
        return (d.minX - centre.x, d.maxX - centre.x, d.minY - centre.y, d.maxY - centre.y)
    }

    func assertBox(_ node: String, _ expected: (minX: Double, maxX: Double, minY: Double, maxY: Double),
                   accuracy: Double = 1, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
        let b = drawnBox(node, file: file, line: line)
        XCTAssertEqual(b.minX, expected.minX, accuracy: accuracy, "\(node) left \(message)", file: file, line: line)
        XCTAssertEqual(b.maxX, expected.maxX, accuracy: accuracy, "\(node) right \(message)", file: file, line: line)
        XCTAssertEqual(b.minY, expected.minY, accuracy: accuracy, "\(node) top \(message)", file: file, line: line)
        XCTAssertEqual(b.maxY, expected.maxY, accuracy: accuracy, "\(node) bottom \(message)", file: file, line: line)
    }
}
