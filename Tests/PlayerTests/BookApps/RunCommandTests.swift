import Backend
import Foundation
import XCTest

/// `zoetrope run DIR`: a folder of book-style Swift files compiled against the engine's SwiftUI and played.
@MainActor
final class RunCommandTests: XCTestCase {
    func testListsTheAppAndItsPreviews() async throws {
        let r = try BookApp.run(BookApp.folder.appendingPathComponent("TapToGrow"), ["--list"])
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertEqual(r.stdout, "app\tYour project\tTapToGrow\nContentView_Previews\tYour project\tTapToGrow: ContentView_Previews\n")
    }

    /// The app's window at 390×844: the circle (100 pt, blue #007AFF) below the title, centred; a tap grows it to
    /// 200 pt and turns it red (#FF3B30) over 1 s of easeInOut: half-way in colour at 0.5 s.
    func testTheAppPlaysItsAnimation() async throws {
        let out = BookApp.outputs("tap-to-grow")
        let shots = ["before", "middle", "after"].map { out.appendingPathComponent("\($0).png").path }
        let r = try BookApp.run(BookApp.folder.appendingPathComponent("TapToGrow"),
                                script: "at 0.5 screenshot \(shots[0]); at 0.6 click 195,450; at 1.1 screenshot \(shots[1]); at 2 screenshot \(shots[2]); at 2.1 quit")
        XCTAssertEqual(r.status, 0, r.summary)
        let before = try Framebuffer.loadPNG(URL(fileURLWithPath: shots[0]))
        let middle = try Framebuffer.loadPNG(URL(fileURLWithPath: shots[1]))
        let after = try Framebuffer.loadPNG(URL(fileURLWithPath: shots[2]))
        XCTAssertEqual(before.width, 390)
        XCTAssertEqual(before.height, 844)
        // Before: a blue disc of radius 50 around the centre of the circle's frame.
        let centre = try XCTUnwrap(discCentre(before, colour: (0, 122, 255)))
        XCTAssertEqual(centre.x, 195, accuracy: 1)
        XCTAssertEqual(radius(before, at: centre, colour: (0, 122, 255)), 50, accuracy: 1.5)
        // After: red, radius 100 (scaleEffect 2 about the centre).
        XCTAssertEqual(radius(after, at: centre, colour: (255, 59, 48)), 100, accuracy: 1.5)
        // Half-way (0.5 s of 1 s easeInOut = progress 0.5): the colour is between blue and red.
        let m = middle.pixel(Int(centre.x), Int(centre.y))
        XCTAssertEqual(m.r, (0 + 255) / 2, accuracy: 8)
        XCTAssertEqual(m.b, (255 + 48) / 2, accuracy: 8)
    }

    /// Builds live in `$XDG_CACHE_HOME/zoetrope/builds/<pid>/` while the player runs and go when it exits.
    func testTheBuildFolderGoesWhenThePlayerQuits() async throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-cache-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: cache) }
        let r = try BookApp.run(BookApp.folder.appendingPathComponent("TapToGrow"), script: "at 0.2 quit",
                                environment: ["XDG_CACHE_HOME": cache.path])
        XCTAssertEqual(r.status, 0, r.summary)
        let builds = cache.appendingPathComponent("zoetrope/builds")
        XCTAssertTrue(FileManager.default.fileExists(atPath: builds.path), "the player built there")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: builds.path), [])
    }

    func testACompileErrorNamesTheFileAndLine() async throws {
        let app = try BookApp.copy("TapToGrow", in: self)
        let file = app.appendingPathComponent("ContentView.swift")
        var text = try String(contentsOf: file, encoding: .utf8)
        text = text.replacingOccurrences(of: ".frame(width: 100, height: 100)", with: ".frame(width: hundred, height: 100)")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let line = text.components(separatedBy: "\n").firstIndex { $0.contains("hundred") }! + 1
        let r = try BookApp.run(app)
        XCTAssertEqual(r.status, 1, r.summary)
        XCTAssertTrue(r.stderr.contains("ContentView.swift:\(line): error: cannot find 'hundred' in scope"), r.stderr)
    }

    func testAFolderWithoutSwiftFilesIsRefused() async throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: empty) }
        let r = try BookApp.run(empty)
        XCTAssertEqual(r.status, 1, r.summary)
        XCTAssertTrue(r.stderr.contains("holds no .swift files"), r.stderr)
        let missing = try BookApp.run(empty.appendingPathComponent("nope"))
        XCTAssertEqual(missing.status, 1, missing.summary)
        XCTAssertTrue(missing.stderr.contains("no such folder"), missing.stderr)
    }

    /// A folder holding two projects (a chapter's folder) is refused with the apps and their files, not compiled
    /// into "multiple @main" errors.
    func testAFolderOfSeveralAppsNamesThem() async throws {
        let chapter = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-chapter-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: chapter, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: chapter) }
        for app in ["TapToGrow", "SnowFall"] {
            try FileManager.default.copyItem(at: BookApp.folder.appendingPathComponent(app), to: chapter.appendingPathComponent(app))
        }
        let r = try BookApp.run(chapter)
        XCTAssertEqual(r.status, 1, r.summary)
        XCTAssertTrue(r.stderr.contains("holds several apps"), r.stderr)
        XCTAssertTrue(r.stderr.contains("SnowFallApp in SnowFall/SnowFallApp.swift"), r.stderr)
        XCTAssertTrue(r.stderr.contains("TapToGrowApp in TapToGrow/TapToGrowApp.swift"), r.stderr)
    }

    // MARK: - Reading the picture

    private func matches(_ p: (r: Int, g: Int, b: Int, a: Int), _ c: (Int, Int, Int)) -> Bool {
        abs(p.r - c.0) <= 6 && abs(p.g - c.1) <= 6 && abs(p.b - c.2) <= 6
    }

    /// The centre of the pixels of `colour` (their bounding box's middle).
    private func discCentre(_ fb: Framebuffer, colour: (Int, Int, Int)) -> (x: Double, y: Double)? {
        var minX = Int.max, maxX = -1, minY = Int.max, maxY = -1
        for y in 0..<fb.height { for x in 0..<fb.width where matches(fb.pixel(x, y), colour) {
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        } }
        guard maxX >= 0 else { return nil }
        return (Double(minX + maxX + 1) / 2, Double(minY + maxY + 1) / 2)
    }

    /// Half the width of the run of `colour` through the centre's row.
    private func radius(_ fb: Framebuffer, at c: (x: Double, y: Double), colour: (Int, Int, Int)) -> Double {
        let y = Int(c.y)
        let xs = (0..<fb.width).filter { matches(fb.pixel($0, y), colour) }
        guard let first = xs.first, let last = xs.last else { return 0 }
        return Double(last - first + 1) / 2
    }
}
