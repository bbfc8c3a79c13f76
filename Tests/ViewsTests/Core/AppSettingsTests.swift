import Foundation
@testable import Views
import XCTest

/// `@AppStorage`'s file (`AppSettings`): values kept across instances, written through a symbolic link, a corrupt
/// file read as the defaults with one warning, and a killed writer's temporary file removed.
@MainActor
final class AppSettingsTests: XCTestCase {
    private func folder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-appsettings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }

    func testValuesSurviveANewInstanceAndLinksStay() async throws {
        let dir = try folder()
        let target = dir.appendingPathComponent("dotfiles/Tour.json"), link = dir.appendingPathComponent("Tour.json")
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let first = AppSettings(file: link)
        first.setting("visits", default: 0).write(3)
        first.setting("name", default: "").write("Ada")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), target.path, "the link stays a link")
        let second = AppSettings(file: link)
        XCTAssertEqual(second.setting("visits", default: 0).read(Int.self), 3)
        XCTAssertEqual(second.setting("name", default: "").read(String.self), "Ada")
        XCTAssertEqual(second.setting("missing", default: 7).read(Int.self), 7)
    }

    func testACorruptFileGivesTheDefaultsOnceAndStaleTemporariesGo() async throws {
        let dir = try folder()
        let file = dir.appendingPathComponent("Tour.json")
        try Data("{not json".utf8).write(to: file)
        // A temporary of a writer that no longer runs (pid 999999 does not exist here).
        let stale = dir.appendingPathComponent(".Tour.json.999999.tmp")
        try Data("half".utf8).write(to: stale)
        var warnings: [String] = []
        let settings = AppSettings(file: file)
        settings.warn = { warnings.append($0) }
        XCTAssertEqual(settings.setting("visits", default: 1).read(Int.self), 1)
        XCTAssertEqual(settings.setting("other", default: 2).read(Int.self), 2)
        XCTAssertEqual(warnings.count, 1, "\(warnings)")
        XCTAssertTrue(warnings.first?.contains(file.path) ?? false, "\(warnings)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: stale.path))
    }
}
