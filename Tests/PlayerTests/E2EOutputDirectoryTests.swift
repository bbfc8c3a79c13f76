import Foundation
import XCTest
import ZoetropeHarness

/// Each test run keeps its end-to-end files in a folder of its own, so two runs at once cannot write over each other;
/// folders of runs over a day old are cleared away.
@MainActor
final class E2EOutputDirectoryTests: XCTestCase {
    func testEachRunGetsItsOwnFolderAndOldOnesGo() async throws {
        let fm = FileManager.default
        let parent = fm.temporaryDirectory.appendingPathComponent("zoetrope-run-folders-\(UUID().uuidString)")
        try fm.createDirectory(at: parent, withIntermediateDirectories: true)
        addTeardownBlock { try? fm.removeItem(at: parent) }
        let stale = parent.appendingPathComponent("zoetrope-e2e-20000101-000000-1-deadbeef")
        let other = parent.appendingPathComponent("someone-elses-folder")
        for dir in [stale, other] {
            try fm.createDirectory(at: dir, withIntermediateDirectories: true)
            try fm.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -2 * 24 * 3600)], ofItemAtPath: dir.path)
        }

        let first = E2E.makeRunDirectory(in: parent), second = E2E.makeRunDirectory(in: parent)
        XCTAssertNotEqual(first, second)
        for dir in [first, second] {
            XCTAssertTrue(dir.lastPathComponent.hasPrefix("zoetrope-e2e-"), dir.path)
            XCTAssertEqual(dir.deletingLastPathComponent().standardizedFileURL.path, parent.standardizedFileURL.path)
            var isDirectory: ObjCBool = false
            XCTAssertTrue(fm.fileExists(atPath: dir.path, isDirectory: &isDirectory) && isDirectory.boolValue, dir.path)
        }
        XCTAssertFalse(fm.fileExists(atPath: stale.path), "a run's folder over a day old is removed")
        XCTAssertTrue(fm.fileExists(atPath: other.path), "nothing else is touched")
        XCTAssertTrue(fm.fileExists(atPath: first.path), "a fresh run's folder is kept")

        XCTAssertFalse(E2E.outputDirectory.path.hasPrefix("/tmp/zoetrope-e2e/"), E2E.outputDirectory.path)
        XCTAssertTrue(E2E.outputDirectory.lastPathComponent.hasPrefix("zoetrope-e2e-"), E2E.outputDirectory.path)
    }
}
