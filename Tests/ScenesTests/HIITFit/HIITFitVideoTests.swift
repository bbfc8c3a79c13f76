import Foundation
import Stage
import XCTest
import ZoetropeHarness

/// HIITFit's video stand-in without its pictures.
@MainActor
final class HIITFitVideoTests: XCTestCase {
    func testWithoutItsPicturesTheVideoSaysSoInRed() async throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("hiitfit-no-art-\(getpid())")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let h = try Harness(scene: "hiitfit-exercise-preview-history", render: true, assets: AssetResolver(roots: [empty]))
        h.advance(to: 0.5)
        let t = h.probe("text:Couldn't find squat.mp4")
        XCTAssertEqual(t?.hidden, false)
        if case let .color(m, _)? = t?.value("color") { XCTAssertEqual(m, Color.red) } else { XCTFail("no colour") }
        XCTAssertNil(h.probe("video"))
        // The rest of the page still works.
        XCTAssertTrue(h.click(node: "startButton"))
        h.advance(to: 4.5)
        XCTAssertEqual(h.probe("doneButton")?.enabled, true)
    }
}
