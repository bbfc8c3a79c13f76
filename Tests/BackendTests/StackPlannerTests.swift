import Foundation
import Particles
import Stage
import XCTest
@testable import Backend

/// Which runs of a frame's commands are drawn as a stack of pictures on the CPU (`StackPlanner`): eight or more
/// consecutive whole pictures, 256 K pixels or more, three times their box or more.
final class StackPlannerTests: XCTestCase {
    private let planner = StackPlanner(scale: 1, output: PixelRect(x0: 0, y0: 0, x1: 1280, y1: 800),
                                       imageSize: { _ in Size(488, 443) }, hasCopy: { $0 == "copied" })

    /// The blizzard's branch: the whole picture on a `width`×`height` quad centred at `centre`, turned by `degrees`.
    private func branch(at centre: Point = Point(300, 300), degrees: Double = 0, width: Double = 200, height: Double = 182,
                        picture: String = "branch", alpha: UInt8 = 255, blend: BlendMode = .alpha) -> DrawCommand {
        let a = degrees * .pi / 180
        let corners: [(Double, Double, Double, Double)] = [(-1, -1, 0, 0), (1, -1, 1, 0), (1, 1, 1, 1), (-1, 1, 0, 1)]
        let vertices = corners.map { c -> Vertex in
            let dx = c.0 * width / 2, dy = c.1 * height / 2
            return Vertex(Point(centre.x + dx * cos(a) - dy * sin(a), centre.y + dx * sin(a) + dy * cos(a)),
                          (255, 255, 255, alpha), u: c.2, v: c.3)
        }
        return .triangles(TriangleBatch(vertices: vertices, indices: [0, 1, 2, 0, 2, 3], texture: .image(picture), blend: blend))
    }

    /// Branches swaying about one anchor, as a group of the blizzard's.
    private func group(_ count: Int) -> [DrawCommand] {
        (0..<count).map { branch(at: Point(300 + Double($0), 300 + Double($0 % 3)), degrees: Double($0) * 1.5) }
    }

    private func run(_ commands: [DrawCommand], from first: Int = 0, hidden: Set<Int> = [],
                     clips: [Int: Rect] = [:]) -> (run: StackPlanner.Run?, scanned: Int) {
        var scanned = first
        let r = planner.run(commands[...], from: first, clip: { k in clips.filter { $0.key <= k }.max { $0.key < $1.key }?.value },
                            visibility: { hidden.contains($0) ? .hidden : .whole }, scanned: &scanned)
        return (r, scanned)
    }

    func testEightPicturesPiledOnOneAnotherAreAStack() throws {
        let found = run(group(8))
        let r = try XCTUnwrap(found.run)
        XCTAssertEqual(r.end, 8)
        XCTAssertEqual(found.scanned, 8)
        XCTAssertEqual(r.pictures.count, 8)
        // The box holds every turned quad: about 200 × 182 round (300, 300), grown by their turns.
        XCTAssertTrue(r.box.contains(PixelRect(x0: 200, y0: 209, x1: 400, y1: 391)), "\(r.box)")
        XCTAssertLessThan(r.box.area, 260 * 260)
        for p in r.pictures {
            XCTAssertEqual(Double(p.area), 200 * 182, accuracy: 1)
            XCTAssertEqual(p.tint, SIMD4(repeating: 255))
            XCTAssertEqual(p.level, 0, "a picture drawn at 200 of its 488 texels is drawn from its own texels, as by OpenGL")
        }
    }

    func testFewerSmallerOrSpreadOutPicturesAreNot() {
        XCTAssertNil(run(group(7)).run, "seven pictures")
        XCTAssertEqual(run(group(7)).scanned, 7, "scanned to the end")
        let small = (0..<12).map { branch(degrees: Double($0), width: 100, height: 91) }
        XCTAssertNil(run(small).run, "twelve of 9,100 pixels: 109 K pixels in all")
        let spread = (0..<8).map { branch(at: Point(110 + Double($0) * 150, 300), degrees: 5) }
        XCTAssertNil(run(spread).run, "eight side by side cover their box about once")
    }

    func testWhatIsNotAWholePictureEndsTheRun() {
        var particles = ParticleBatch()
        particles.vertices = [ParticleVertex(x: 0, y: 0, r: 255, g: 255, b: 255, a: 255, u: 0, v: 0)]
        let snow = DrawCommand.particles(particles, .image("spark"), .alpha, ParticleExtent(particles))
        let enders: [(String, DrawCommand)] = [
            ("particles", snow),
            ("a picture drawn from a copy at its size", branch(picture: "copied")),
            ("an added picture", branch(blend: .add)),
            ("a mesh", .triangles(TriangleBatch(vertices: [Vertex(Point(0, 0), (255, 255, 255, 255))], indices: [0, 0, 0],
                                                 texture: .image("branch"), blend: .alpha))),
            ("a shape without a picture", .triangles(TriangleBatch(vertices: [], indices: [], texture: nil, blend: .alpha))),
        ]
        for (name, ender) in enders {
            let commands = group(4) + [ender] + group(8)
            let first = run(commands)
            XCTAssertNil(first.run, "four pictures, then \(name)")
            XCTAssertEqual(first.scanned, 4, name)
            // The next scan starts after it and finds the eight.
            XCTAssertEqual(run(commands, from: 5).run?.end, 13, name)
        }
    }

    func testClipsAndHiddenPicturesStayInTheRun() throws {
        var commands = group(4)
        commands.append(.clip(Rect(x: 250, y: 0, width: 400, height: 800)))
        commands += group(5)
        let r = try XCTUnwrap(run(commands, hidden: [6], clips: [4: Rect(x: 250, y: 0, width: 400, height: 800)]).run)
        XCTAssertEqual(r.end, 10, "through the clip and the hidden picture")
        XCTAssertEqual(r.pictures.count, 8, "the hidden picture is not drawn")
        XCTAssertEqual(r.pictures[0].clip, planner.output)
        XCTAssertEqual(r.pictures[4].clip, PixelRect(x0: 250, y0: 0, x1: 650, y1: 800))
        XCTAssertLessThan(r.box.x0, 250, "the pictures before the clip are not cut by it")
    }

    func testAHalfTransparentPictureIsTintedPremultipliedAndAHiDPIOneScaled() throws {
        var scaled = planner
        scaled.scale = 2
        scaled.output = PixelRect(x0: 0, y0: 0, x1: 2560, y1: 1600)
        guard case let .triangles(b) = branch(alpha: 128) else { return XCTFail() }
        let p = try XCTUnwrap(scaled.picture(b, clip: scaled.output))
        XCTAssertEqual(p.tint, SIMD4(128, 128, 128, 128))
        XCTAssertEqual(p.a.x, 400, accuracy: 0.01)
        XCTAssertEqual(p.a.y, 418, accuracy: 0.01)
        XCTAssertEqual(p.b.x, 800, accuracy: 0.01)
        XCTAssertEqual(p.area, 400 * 364, accuracy: 1)
    }
}
