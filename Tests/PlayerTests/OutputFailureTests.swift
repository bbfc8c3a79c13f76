import Foundation
import XCTest
import ZoetropeHarness

/// Issue 9 item 2.7: a WAV capture or screenshot that cannot be written is said once and the run exits 1; a device
/// named as the output is written to, never replaced by a file.
@MainActor
final class OutputFailureTests: XCTestCase {
    private let environment = E2E.environment(setting: ["SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"])

    func testAFullDiskIsAnErrorAndTheDeviceStaysADevice() async throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { throw XCTSkip("no /dev/full on this system") }
        let r = try E2E.zoetrope(["--headless", "--scene", "ch2-trim", "--duration", "0.5", "--audio-out", "/dev/full"],
                                 environment: environment, timeout: 60)
        XCTAssertEqual(r.status, 1, r.summary)
        let lines = r.stderr.split(separator: "\n").filter { $0.contains("/dev/full") }
        XCTAssertEqual(lines.count, 1, "one line: \(r.summary)")
        let type = try FileManager.default.attributesOfItem(atPath: "/dev/full")[.type] as? FileAttributeType
        XCTAssertEqual(type, .typeCharacterSpecial, "/dev/full must not be replaced by a regular file")
    }

    func testAnUnwritableScreenshotIsAnError() async throws {
        let r = try E2E.zoetrope(["--headless", "--scene", "ch2-trim", "--script", "at 0.1 screenshot /dev/null/x.png; at 0.2 quit"],
                                 environment: environment, timeout: 60)
        XCTAssertEqual(r.status, 1, r.summary)
        XCTAssertTrue(r.stderr.contains("/dev/null/x.png"), r.summary)
    }
}
