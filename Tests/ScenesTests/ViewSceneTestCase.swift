import Player
import Stage
import XCTest
import ZoetropeHarness

/// A scene under the harness, drawn with the real fonts (SDL's software renderer) so text metrics are real.
@MainActor
class ViewSceneTestCase: XCTestCase {
    var h: Harness!

    /// `scale`: pixels per point of the captures (2: a HiDPI window).
    func open(_ id: String, size: Size? = nil, render: Bool = true, scale: Double = 1) throws {
        h = try Harness(scene: id, size: size, render: render, scale: scale)
    }

    override func tearDown() async throws { h = nil }

    func probe(_ name: String, file: StaticString = #filePath, line: UInt = #line) -> ProbeReport {
        guard let r = h.probe(name) else {
            XCTFail("no node \(name); nodes: \(h.probeAll().map(\.name))", file: file, line: line)
            return ProbeReport(name: name, frame: .zero, drawn: .zero)
        }
        return r
    }

    func presented(_ node: String, _ key: String, file: StaticString = #filePath, line: UInt = #line) -> Double {
        guard let v = h.value(node, key) else { XCTFail("no \(key) on \(node)", file: file, line: line); return .nan }
        return v.presented
    }

    /// The pixel at logical (x, y) of a fresh capture.
    func pixel(_ x: Double, _ y: Double) -> (r: Int, g: Int, b: Int, a: Int) {
        h.capture()!.pixel(Int(x.rounded(.down)), Int(y.rounded(.down)))
    }

    func assertColor(_ p: (r: Int, g: Int, b: Int, a: Int), _ rgb: (Int, Int, Int), tolerance: Int = 12,
                     file: StaticString = #filePath, line: UInt = #line) {
        XCTAssert(abs(p.r - rgb.0) <= tolerance && abs(p.g - rgb.1) <= tolerance && abs(p.b - rgb.2) <= tolerance,
                  "pixel \(p) is not \(rgb) ±\(tolerance)", file: file, line: line)
    }
}
