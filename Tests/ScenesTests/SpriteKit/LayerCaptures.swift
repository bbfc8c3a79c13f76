import Backend
import Stage
import XCTest
import ZoetropeHarness

/// Captures of a particle scene with some of its nodes hidden, for the checks that compare what a layer adds with
/// what lies beneath (spec 05 §4: sandwich order, blends that never darken).
@MainActor
extension ParticleSceneTestCase {
    /// The frame as drawn, then with `nodes` hidden (shown again afterwards).
    func captures(_ h: Harness, hiding nodes: [Node], file: StaticString = #filePath, line: UInt = #line)
        throws -> (with: Framebuffer, without: Framebuffer) {
        let with = try XCTUnwrap(h.capture(), file: file, line: line)
        nodes.forEach { $0.isHidden = true }
        defer { nodes.forEach { $0.isHidden = false } }
        return (with, try XCTUnwrap(h.capture(), file: file, line: line))
    }

    /// The pixels (indices) where `node` is drawn fully opaque: with every node in `beneath` hidden the pixel does not
    /// change (nothing shows through), and it differs from the frame without `node` too.
    func opaquePixels(of node: Node, over beneath: [Node], in h: Harness) throws -> [Int] {
        let shown = try XCTUnwrap(h.capture())
        beneath.forEach { $0.isHidden = true }
        defer { beneath.forEach { $0.isHidden = false } }
        let (alone, nothing) = try captures(h, hiding: [node])
        return (0..<shown.width * shown.height).filter { i in
            (0..<3).allSatisfy { shown.pixels[4 * i + $0] == alone.pixels[4 * i + $0] }
                && (0..<3).contains { alone.pixels[4 * i + $0] != nothing.pixels[4 * i + $0] }
        }
    }

    /// Pixels (indices) where `with` is darker than `without` in some channel by more than `tolerance`.
    func darkened(_ with: Framebuffer, _ without: Framebuffer, tolerance: Int = 0) -> [Int] {
        (0..<with.width * with.height).filter { i in
            (0..<3).contains { Int(with.pixels[4 * i + $0]) + tolerance < Int(without.pixels[4 * i + $0]) }
        }
    }

    /// The pixels (indices) in `pixels` that differ between the two frames in any channel.
    func changed(_ a: Framebuffer, _ b: Framebuffer, at pixels: [Int]) -> [Int] {
        pixels.filter { i in (0..<3).contains { a.pixels[4 * i + $0] != b.pixels[4 * i + $0] } }
    }
}
