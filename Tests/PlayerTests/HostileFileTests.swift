import Foundation
import XCTest
import ZoetropeHarness

/// Issue 27, points 4 and 5: every file problem is one message naming the file and the real reason (not a
/// Foundation code, not a wrong "permission"), library noise never reaches standard error raw, and settings writes
/// leave no temporary files, keep symbolic links and name the key of a bad value.
@MainActor
final class HostileFileTests: XCTestCase {
    /// A Find Words run with its settings folder (`config/zoetrope`) prepared by `prepare`.
    private func findWords(_ script: String = "at 0.5 quit",
                           prepare: @escaping (_ settings: URL) throws -> Void) throws -> E2EMeasuredRun {
        try E2EMeasuredRun.run(scene: "find-words", script: script, timeout: 60, prepare: { home in
            let folder = home.appendingPathComponent("config/zoetrope")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try prepare(folder)
        }, in: self)
    }

    /// A Find Words run whose settings file is a symbolic link to `destination`.
    private func findWords(settingsLinkedTo destination: String) throws -> E2EMeasuredRun {
        try findWords {
            try FileManager.default.createSymbolicLink(atPath: $0.appendingPathComponent("find-words.json").path,
                                                       withDestinationPath: destination)
        }
    }

    private func assertOneTruthfulLine(_ run: E2EMeasuredRun, _ reason: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(run.result.status, 0, run.result.summary, file: file, line: line)
        XCTAssertEqual(run.stderrLines(containing: reason).count, 1, run.result.stderr, file: file, line: line)
        XCTAssertTrue(run.stderrLines(containing: reason).first?.contains("find-words.json") ?? false, file: file, line: line)
        for wrong in ["NSCocoaErrorDomain", "permission", "not valid settings JSON"] {
            XCTAssertFalse(run.result.stderr.contains(wrong), run.result.stderr, file: file, line: line)
        }
    }

    func testASettingsFileThatIsAFIFOIsNamedAsOne() async throws {
        let run = try findWords { XCTAssertEqual(mkfifo($0.appendingPathComponent("find-words.json").path, 0o644), 0) }
        assertOneTruthfulLine(run, "a FIFO (named pipe), not a regular file")
    }

    func testASettingsLinkToDevZeroIsNamedADevice() async throws {
        assertOneTruthfulLine(try findWords(settingsLinkedTo: "/dev/zero"), "a character device, not a regular file")
    }

    func testASettingsPathThatIsAFolderIsNamedAsOne() async throws {
        let run = try findWords {
            try FileManager.default.createDirectory(at: $0.appendingPathComponent("find-words.json"), withIntermediateDirectories: true)
        }
        assertOneTruthfulLine(run, "a folder, not a regular file")
    }

    func testADanglingSettingsLinkIsSaid() async throws {
        assertOneTruthfulLine(try findWords(settingsLinkedTo: "gone.json"), "a link to gone.json, which does not exist")
    }

    func testAConfigFolderThatIsAFileIsSaid() async throws {
        let run = try findWords { folder in
            try FileManager.default.removeItem(at: folder)
            try Data("x".utf8).write(to: folder)
        }
        XCTAssertEqual(run.result.status, 0, run.result.summary)
        XCTAssertEqual(run.stderrLines(containing: "config/zoetrope is a file, not a folder").count, 1, run.result.stderr)
    }

    /// −7 is valid JSON: the message names the key and the value, not "not valid settings JSON".
    func testAnOutOfRangeValueIsNamedWithItsKey() async throws {
        let run = try findWords { try Data(#"{"selectedSegment": -7, "englishIsOn": true}"#.utf8).write(to: $0.appendingPathComponent("find-words.json")) }
        assertOneTruthfulLine(run, "has selectedSegment -7, which must be 0, 1, 2 or 3")
        let typed = try findWords { try Data(#"{"italianIsOn": 3}"#.utf8).write(to: $0.appendingPathComponent("find-words.json")) }
        assertOneTruthfulLine(typed, "has italianIsOn 3, which must be true or false")
    }

    /// A killed player's `.find-words.json.<pid>.tmp` is removed at the next start; a running process's is not.
    func testStaleTemporaryFilesAreRemovedAtStart() async throws {
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let dead = gone.processIdentifier, alive = getpid()
        var folder: URL?
        let run = try findWords { f in
            folder = f
            for pid in [dead, alive] { try Data("{".utf8).write(to: f.appendingPathComponent(".find-words.json.\(pid).tmp")) }
        }
        XCTAssertEqual(run.result.status, 0, run.result.summary)
        let left = try FileManager.default.contentsOfDirectory(atPath: try XCTUnwrap(folder).path)
        XCTAssertFalse(left.contains(".find-words.json.\(dead).tmp"), "\(left)")
        XCTAssertTrue(left.contains(".find-words.json.\(alive).tmp"), "a live writer's file stays: \(left)")
    }

    /// Saving through a symbolic link writes its target and keeps the link; no temporary file stays behind.
    func testSavingWritesThroughASymbolicLink() async throws {
        var folder: URL?, target: URL?
        let run = try findWords("at 0.5 click text:9 Letter; at 1 quit") { f in
            folder = f
            let dotfiles = f.deletingLastPathComponent().appendingPathComponent("dotfiles")
            try FileManager.default.createDirectory(at: dotfiles, withIntermediateDirectories: true)
            target = dotfiles.appendingPathComponent("fw.json")
            try Data("{}".utf8).write(to: target!)
            try FileManager.default.createSymbolicLink(atPath: f.appendingPathComponent("find-words.json").path,
                                                       withDestinationPath: "../dotfiles/fw.json")
        }
        XCTAssertEqual(run.result.status, 0, run.result.summary)
        let link = try XCTUnwrap(folder).appendingPathComponent("find-words.json").path
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "../dotfiles/fw.json")
        let saved = try String(contentsOf: try XCTUnwrap(target), encoding: .utf8)
        XCTAssertTrue(saved.contains("\"selectedSegment\" : 3"), saved)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder!.path), ["find-words.json"])
    }

    func testRecordToAFolderPathIsAUsageError() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rec-\(UUID().uuidString).mp4")
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        let r = try E2E.zoetrope(["--headless", "--scene", "elevator", "--duration", "0.2", "--record", dir.path + "/"],
                                 environment: E2E.environment(setting: ["SDL_AUDIODRIVER": "dummy"]), timeout: 60)
        XCTAssertEqual(r.status, 2, r.summary)
        XCTAssertTrue(r.stderr.contains("names a folder, not a video file"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.path), "nothing written")
    }

    func testEmitterFromDevZeroSaysWhatItIs() async throws {
        let r = try E2E.zoetrope(["--emitter", "/dev/zero", "--dump"], timeout: 60)
        XCTAssertEqual(r.status, 1, r.summary)
        XCTAssertTrue(r.stderr.contains("a character device, not a regular file"), r.stderr)
        XCTAssertFalse(r.stderr.contains("permission"), r.stderr)
    }

    /// The Particle Lab saving under an XDG_DATA_HOME that is a file said "NSCocoaErrorDomain error 512".
    func testParticleLabSaveUnderAFileSaysSo() async throws {
        let run = try E2EMeasuredRun.run(scene: "particle-lab", script: "at 0.5 click save; at 1 quit",
                                         environment: [:], timeout: 60, prepare: { home in
            let data = home.appendingPathComponent("data")
            try FileManager.default.removeItem(at: data)
            try Data("x".utf8).write(to: data)
        }, in: self)
        XCTAssertEqual(run.result.status, 0, run.result.summary)
        let said = run.stderrLines(containing: "Could not save")
        XCTAssertEqual(said.count, 1, run.result.stderr)
        XCTAssertTrue(said.first?.contains("/data is a file, not a folder") ?? false, run.result.stderr)
        XCTAssertFalse(run.result.stderr.contains("NSCocoaErrorDomain"), run.result.stderr)
    }

    /// A truncated PNG: our one line names the file and the problem; libpng's own complaint is not printed.
    func testATruncatedPNGIsOneLineOfOurs() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("trunc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        let png = try Data(contentsOf: E2E.packageRoot.appendingPathComponent("Resources/Images/elevator/inside.png"))
        try png.prefix(png.count / 3).write(to: dir.appendingPathComponent("inside.png"))
        let r = try E2E.zoetrope(["--headless", "--scene", "elevator", "--duration", "0.3", "--assets", dir.path],
                                 environment: E2E.environment(setting: ["SDL_AUDIODRIVER": "dummy"]), timeout: 60)
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertFalse(r.stderr.lowercased().contains("libpng"), r.stderr)
        XCTAssertFalse(r.stderr.contains("Not enough image data"), r.stderr)
        let lines = r.stderr.split(separator: "\n").filter { $0.contains("inside.png") }
        XCTAssertEqual(lines.count, 1, r.stderr)
        XCTAssertTrue(lines.first?.contains("truncated") ?? false, r.stderr)
    }

    /// Catalog entries naming a missing file, a path outside the catalog, an absurd name, or a garbage
    /// Contents.json: each is warned once, and the bundled asset of that name is drawn instead.
    func testBrokenCatalogEntriesAreWarnedOnceEach() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID().uuidString)")
        let catalog = dir.appendingPathComponent("Assets.xcassets")
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        func entry(_ folder: String, _ json: String) throws {
            let f = catalog.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: f, withIntermediateDirectories: true)
            try Data(json.utf8).write(to: f.appendingPathComponent("Contents.json"))
        }
        try entry("inside.imageset", #"{"images":[{"filename":"inside.png","scale":"1x"}]}"#)
        try entry("leftDoor.imageset", #"{"images":[{"filename":"../../../../../../etc/passwd"}]}"#)
        try entry("rightDoor.imageset", #"{"images":[{"filename":"\#(String(repeating: "n", count: 100_000)).png"}]}"#)
        try entry("elevatorChime.dataset", "\u{1}garbage{{{")
        let r = try E2E.zoetrope(["--headless", "--scene", "elevator", "--duration", "0.3", "--assets", dir.path],
                                 environment: E2E.environment(setting: ["SDL_AUDIODRIVER": "dummy"]), timeout: 60)
        XCTAssertEqual(r.status, 0, r.summary)
        let lines = r.stderr.split(separator: "\n").map(String.init)
        for (folder, reason) in [("inside.imageset", "names \"inside.png\", which does not exist"),
                                 ("leftDoor.imageset", "which is not a file name inside the folder"),
                                 ("rightDoor.imageset", "(100004 characters)"),
                                 ("elevatorChime.dataset", "is not a JSON object")] {
            XCTAssertEqual(lines.filter { $0.contains(folder) && $0.contains(reason) }.count, 1, "\(folder): \(r.stderr)")
        }
        XCTAssertLessThan(r.stderr.count, 4_000, "an absurd name is not printed whole")
    }
}
