import XCTest
@testable import Stage

@MainActor
final class AssetResolverTests: XCTestCase {
    private var temp: URL!

    override func setUp() async throws {
        temp = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-assets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temp, withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(at: temp)
    }

    /// Creates a file (and its folders) under the temp folder; returns its URL.
    @discardableResult
    private func touch(_ path: String, _ contents: String = "x") throws -> URL {
        let url = temp.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: url)
        return url
    }

    private func resolver(_ roots: String...) -> AssetResolver {
        AssetResolver(roots: roots.map { temp.appendingPathComponent($0) })
    }

    private func assertResolves(_ url: URL?, to path: String, _ message: String = "", file: StaticString = #filePath,
                                line: UInt = #line) {
        XCTAssertEqual(url?.resolvingSymlinksInPath().path,
                       temp.appendingPathComponent(path).resolvingSymlinksInPath().path, message, file: file, line: line)
    }

    func testPlainFilesByBaseName() async throws {
        try touch("root/a.png"); try touch("root/b.jpg"); try touch("root/c.JPEG"); try touch("root/s.m4a")
        try touch("root/notes.txt")
        let r = resolver("root")
        assertResolves(r.imageURL(named: "a"), to: "root/a.png")
        assertResolves(r.imageURL(named: "b"), to: "root/b.jpg")
        assertResolves(r.imageURL(named: "c"), to: "root/c.JPEG")
        assertResolves(r.soundURL(named: "s"), to: "root/s.m4a")
        XCTAssertNil(r.soundURL(named: "a"), "an image is not a sound")
        XCTAssertNil(r.imageURL(named: "s"), "a sound is not an image")
        XCTAssertNil(r.imageURL(named: "notes"))
        XCTAssertNil(r.imageURL(named: "missing"))
        XCTAssertNil(r.soundURL(named: "missing"))
    }

    func testShallowestMatchWinsOverExtensionOrder() async throws {
        // m4a comes first in the extension list, but the top-level ogg is shallower.
        try touch("root/t.ogg"); try touch("root/sub/t.m4a")
        try touch("root/a/b/c/deep.png"); try touch("root/a/deep.jpg")
        try touch("root/Sounds/s.ogg"); try touch("root/s.m4a")
        let r = resolver("root")
        assertResolves(r.soundURL(named: "t"), to: "root/t.ogg")
        assertResolves(r.imageURL(named: "deep"), to: "root/a/deep.jpg")
        assertResolves(r.soundURL(named: "s"), to: "root/s.m4a")
    }

    func testNestedFilesAreFound() async throws {
        try touch("root/Images/Chapter11/manOne.png"); try touch("root/Sounds/chime.wav")
        let r = resolver("root")
        assertResolves(r.imageURL(named: "manOne"), to: "root/Images/Chapter11/manOne.png")
        assertResolves(r.soundURL(named: "chime"), to: "root/Sounds/chime.wav")
    }

    func testHiddenFilesAreSkipped() async throws {
        try touch("root/.cache/ghost.png")
        XCTAssertNil(resolver("root").imageURL(named: "ghost"))
    }

    func testAssetCatalogImagesetPicksThe1xFile() async throws {
        let set = "root/Project/Assets.xcassets/hero.imageset"
        try touch("\(set)/Contents.json", """
            {"images": [
              {"filename": "hero@2x.png", "idiom": "universal", "scale": "2x"},
              {"filename": "hero.png", "idiom": "universal", "scale": "1x"},
              {"filename": "hero@3x.png", "idiom": "universal", "scale": "3x"}],
             "info": {"author": "xcode", "version": 1}}
            """)
        try touch("\(set)/hero@2x.png"); try touch("\(set)/hero.png"); try touch("\(set)/hero@3x.png")
        let r = resolver("root")
        assertResolves(r.imageURL(named: "hero"), to: "\(set)/hero.png")
        XCTAssertNil(r.imageURL(named: "hero@2x"), "files inside an imageset are not assets of their own")
    }

    func testAssetCatalogSingleFileWithoutScaleUsesItsOwnFileName() async throws {
        let set = "root/Assets.xcassets/Group/manTwo.imageset"
        try touch("\(set)/Contents.json", """
            {"images": [{"filename": "man 2.png", "idiom": "universal"}], "info": {"author": "xcode", "version": 1}}
            """)
        try touch("\(set)/man 2.png")
        let r = resolver("root")
        assertResolves(r.imageURL(named: "manTwo"), to: "\(set)/man 2.png")
        XCTAssertNil(r.imageURL(named: "man 2"))
    }

    /// Issue 9 item 2.6: a `Contents.json` naming a file outside its imageset opens nothing outside it.
    func testAssetCatalogNamesOnlyFilesInsideItsFolder() async throws {
        try touch("secret.png")
        let set = "root/Assets.xcassets/evil.imageset"
        try touch("\(set)/Contents.json", """
            {"images": [{"filename": "../../../secret.png", "idiom": "universal", "scale": "1x"}]}
            """)
        let r = resolver("root")
        XCTAssertNil(r.imageURL(named: "evil"), "nothing inside the imageset, and nothing outside is opened")
        try touch("\(set)/evil.png")
        assertResolves(resolver("root").imageURL(named: "evil"), to: "\(set)/evil.png", "its own file still serves it")
    }

    func testAssetCatalogDatasetServesSounds() async throws {
        let set = "root/Assets.xcassets/elevatorChime.dataset"
        try touch("\(set)/Contents.json", """
            {"data": [{"filename": "chime.m4a", "idiom": "universal"}], "info": {"author": "xcode", "version": 1}}
            """)
        try touch("\(set)/chime.m4a")
        let r = resolver("root")
        assertResolves(r.soundURL(named: "elevatorChime"), to: "\(set)/chime.m4a")
        XCTAssertNil(r.soundURL(named: "chime"))
        XCTAssertNil(r.imageURL(named: "elevatorChime"))
    }

    func testFirstRootWinsForTheSameName() async throws {
        try touch("user/a.png"); try touch("bundled/Images/a.png"); try touch("bundled/Images/b.png")
        try touch("bundled/Sounds/s.m4a"); try touch("user/deep/er/s.ogg")
        let r = resolver("user", "bundled")
        assertResolves(r.imageURL(named: "a"), to: "user/a.png")
        assertResolves(r.imageURL(named: "b"), to: "bundled/Images/b.png", )
        // Roots are tried in order before depth: the user's nested file still beats a shallower bundled one.
        assertResolves(r.soundURL(named: "s"), to: "user/deep/er/s.ogg")
        let reversed = resolver("bundled", "user")
        assertResolves(reversed.imageURL(named: "a"), to: "bundled/Images/a.png")
    }

    func testMissingRootIsHarmless() async throws {
        try touch("real/x.png")
        let r = resolver("does-not-exist", "real")
        assertResolves(r.imageURL(named: "x"), to: "real/x.png")
        XCTAssertNil(resolver("does-not-exist").imageURL(named: "x"))
    }

    func testBundledRootFromEnvironmentOrExecutableLocation() async throws {
        try touch("checkout/Resources/Images/a.png")
        try touch("checkout/.build/debug/zoetrope")
        let exe = temp.appendingPathComponent("checkout/.build/debug/zoetrope")
        if ProcessInfo.processInfo.environment["ZOETROPE_RESOURCES"]?.isEmpty == false {
            throw XCTSkip("ZOETROPE_RESOURCES is set")
        }
        let root = try XCTUnwrap(AssetResolver.bundledRoot(executable: exe))
        XCTAssertEqual(root.resolvingSymlinksInPath().path,
                       temp.appendingPathComponent("checkout/Resources").resolvingSymlinksInPath().path)
    }
}
