import Backend
import Foundation
@testable import Player
import XCTest

/// Where the gallery's pictures are kept and how they are shrunk.
@MainActor
final class ThumbnailCacheTests: XCTestCase {
    func testTheFolderFollowsXDGAndFallsBackToHome() async {
        XCTAssertEqual(ThumbnailCache.defaultFolder(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/a"]).path,
                       "/x/cache/zoetrope/thumbnails")
        // The base directory spec ignores a relative path.
        XCTAssertEqual(ThumbnailCache.defaultFolder(environment: ["XDG_CACHE_HOME": "rel", "HOME": "/home/a"]).path,
                       "/home/a/.cache/zoetrope/thumbnails")
        XCTAssertEqual(ThumbnailCache.defaultFolder(environment: ["HOME": "/home/a"]).path, "/home/a/.cache/zoetrope/thumbnails")
    }

    func testAFileNameNeverLeavesTheFolder() async {
        let c = ThumbnailCache(folder: URL(fileURLWithPath: "/c"), build: "b1")
        XCTAssertEqual(c.url(for: "elevator").path, "/c/elevator-b1.png")
        XCTAssertEqual(c.url(for: "../../etc/passwd").deletingLastPathComponent().path, "/c")
        XCTAssertEqual(c.url(for: "a/b c").lastPathComponent, "a_b_c-b1.png")
    }

    func testOldPicturesOfOtherBuildsArePruned() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("thumbs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let now = Date()
        func write(_ name: String, age: TimeInterval) throws {
            let url = folder.appendingPathComponent(name)
            try Data([1]).write(to: url)
            try FileManager.default.setAttributes([.modificationDate: now.addingTimeInterval(-age)], ofItemAtPath: url.path)
        }
        try write("elevator-new.png", age: 30 * 86400)      // this build's, however old
        try write("elevator-old.png", age: 8 * 86400)       // another build's, unused for a week
        try write("elevator-other.png", age: 86400)         // another build's, in use lately
        try write("notes.txt", age: 30 * 86400)             // not a picture
        ThumbnailCache(folder: folder, build: "new").pruneOtherBuilds(now: now)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        XCTAssertEqual(left, ["elevator-new.png", "elevator-other.png", "notes.txt"])
    }

    /// Area averaging: one-pixel stripes become their mean, not a sample of one stripe.
    func testStripesAverageToGrey() async {
        var px: [UInt8] = []
        for _ in 0..<4 { for x in 0..<4 { let v: UInt8 = x % 2 == 0 ? 0 : 255; px += [v, v, v, 255] } }
        let small = Downscale.area(Framebuffer(width: 4, height: 4, pixels: px), width: 2, height: 2)
        XCTAssertEqual(small.width, 2); XCTAssertEqual(small.height, 2)
        for y in 0..<2 { for x in 0..<2 {
            let p = small.pixel(x, y)
            XCTAssertEqual(Double(p.r), 127.5, accuracy: 1); XCTAssertEqual(p.a, 255)
        } }
        // A scale that is not a whole factor: 3 → 2 weighs the middle pixel half to each side.
        let row = Framebuffer(width: 3, height: 1, pixels: [0, 0, 0, 255, 255, 255, 255, 255, 0, 0, 0, 255])
        let two = Downscale.area(row, width: 2, height: 1)
        XCTAssertEqual(Double(two.pixel(0, 0).r), 255.0 / 3, accuracy: 1)
        XCTAssertEqual(Double(two.pixel(1, 0).r), 255.0 / 3, accuracy: 1)
    }

    /// Transparent pixels do not darken their neighbours: colours are averaged premultiplied.
    func testTransparentPixelsDoNotBleed() async {
        let img = Framebuffer(width: 2, height: 1, pixels: [255, 0, 0, 0, 0, 0, 255, 255])
        let one = Downscale.area(img, width: 1, height: 1).pixel(0, 0)
        XCTAssertEqual(one.r, 0); XCTAssertEqual(one.b, 255); XCTAssertEqual(Double(one.a), 127.5, accuracy: 1)
    }

    func testFitKeepsTheAspectAndNeverEnlarges() async {
        let tall = Framebuffer(width: 393, height: 759, pixels: [UInt8](repeating: 255, count: 393 * 759 * 4))
        let fitted = Downscale.fit(tall, maxSide: 400)
        XCTAssertEqual(fitted.height, 400); XCTAssertEqual(fitted.width, 207)
        XCTAssertEqual(Downscale.fit(fitted, maxSide: 800).width, 207)
    }
}
