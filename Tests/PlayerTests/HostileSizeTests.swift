import Foundation
import XCTest
import ZoetropeHarness

/// Issue 27, point 3: sizes past what a frame may cost are refused before the run with one message, and a storm of
/// resizes costs one new canvas per drawn frame, not one per resize.
@MainActor
final class HostileSizeTests: XCTestCase {
    private let environment = E2E.environment(setting: ["SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"])

    /// 16384x16384 took 3.2 GB and 26 s a frame: now a usage error naming the bound.
    func testAHugeSizeIsAUsageError() async throws {
        let r = try E2E.zoetrope(["--headless", "--scene", "elevator", "--size", "16384x16384", "--duration", "1"],
                                 environment: environment, timeout: 60)
        XCTAssertEqual(r.status, 2, r.summary)
        XCTAssertTrue(r.stderr.contains("16384x16384 is 268435456 pixels, more than the 16777216 (4096x4096)"), r.stderr)
    }

    func testAHugeScriptResizeIsRejectedBeforeTheRun() async throws {
        let start = Date()
        let r = try E2E.zoetrope(["--headless", "--scene", "elevator", "--script",
                                  "at 0.5 resize 16384x16384; at 1 click callButton; at 2 quit"],
                                 environment: environment, timeout: 60)
        XCTAssertEqual(r.status, 2, r.summary)
        XCTAssertEqual(r.stderr.split(separator: "\n").filter { $0.contains("resize: 16384x16384 is 268435456 pixels") }.count,
                       1, r.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(start), 10, "refused before anything is drawn")
    }

    /// 2,000 resizes between two frames make one canvas: the run takes seconds, and the frame after them has the
    /// last size.
    func testAResizeStormBetweenTwoFramesIsFast() async throws {
        var script = (0..<2_000).map { i in "at \(0.5 + Double(i) * 0.000_005) resize \(300 + i % 500)x\(400 + i % 300)" }
        let shot = E2E.outputDirectory.appendingPathComponent("storm-\(UUID().uuidString).png").path
        script += ["at 1 click callButton", "at 1.2 screenshot \(shot)", "at 1.5 quit"]
        let run = try E2EMeasuredRun.run(scene: "elevator", script: script.joined(separator: "\n"), in: self)
        XCTAssertEqual(run.result.status, 0, run.result.summary)
        XCTAssertLessThan(run.cpuSeconds, 30, "2,000 resizes took 200 s of work")
        let png = try PNGPixels(path: shot)
        XCTAssertEqual(png.framebuffer.width, 300 + 1_999 % 500)
        XCTAssertEqual(png.framebuffer.height, 400 + 1_999 % 300)
        XCTAssertLessThan(run.peakRSSMB, 500)
    }
}
