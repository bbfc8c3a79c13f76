import CSDL2
import Foundation
import Stage
import XCTest
@testable import Backend

/// Pictures decoded for textures are kept on disk and read back by later windows (issue 24: the first frame): the
/// same pixels and coverage as a decode, and a frame drawn from them is the same frame; anything that does not match
/// the source as it is now is a miss.
final class DecodedPictureStoreTests: XCTestCase {
    var dir: URL!
    var store: DecodedPictureStore!
    let assets = AssetResolver(roots: AssetResolver.bundledRoot().map { [$0] } ?? [])

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("picture-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        store = DecodedPictureStore(folder: dir.appendingPathComponent("store"))
    }

    override func tearDown() { try? FileManager.default.removeItem(at: dir) }

    func bytes(_ s: UnsafeMutablePointer<SDL_Surface>) -> [UInt8] {
        let w = Int(s.pointee.w), h = Int(s.pointee.h), pitch = Int(s.pointee.pitch)
        let base = s.pointee.pixels!.assumingMemoryBound(to: UInt8.self)
        return (0..<h).flatMap { y in Array(UnsafeBufferPointer(start: base + y * pitch, count: w * 4)) }
    }

    func same(_ a: TextureCache.Coverage, _ b: TextureCache.Coverage) -> Bool {
        a.isOpaque == b.isOpaque && a.visible.map { [$0.x0, $0.y0, $0.x1, $0.y1] } == b.visible.map { [$0.x0, $0.y0, $0.x1, $0.y1] }
            && a.opaque.map { [$0.x0, $0.y0, $0.x1, $0.y1] } == b.opaque.map { [$0.x0, $0.y0, $0.x1, $0.y1] }
            && a.outline == b.outline
    }

    /// An opaque RGB picture, one with transparent margins and opaque parts (the door frame), and a small figure.
    func testWhatIsSavedIsReadBackPixelForPixelWithItsCoverage() throws {
        for name in ["elevator/inside", "elevator/doorFrame", "elevator/manOne"] {
            let url = try XCTUnwrap(assets.imageURL(named: name))
            XCTAssertNil(store.load(url), "nothing saved yet")
            let (decoded, problem) = PictureJob.decodeFile(url, name: name)
            XCTAssertNil(problem)
            let surface = try XCTUnwrap(decoded)
            defer { SDL_FreeSurface(surface) }
            let coverage = TextureCache.coverage(surface, opaqueParts: true)
            store.save(surface, coverage: coverage, for: url)
            let kept = try XCTUnwrap(store.load(url), name)
            defer { SDL_FreeSurface(kept.surface) }
            XCTAssertEqual(kept.surface.pointee.w, surface.pointee.w)
            XCTAssertEqual(kept.surface.pointee.h, surface.pointee.h)
            XCTAssertEqual(kept.surface.pointee.format.pointee.format, SDL_PIXELFORMAT_RGBA32.rawValue)
            XCTAssertEqual(bytes(kept.surface), bytes(surface), name)
            XCTAssertTrue(same(kept.coverage, coverage), name)
            // The header alone says as much (a window sizes a picture drawn from a kept copy by it).
            let header = try XCTUnwrap(store.header(url), name)
            XCTAssertEqual([header.width, header.height], [Int(surface.pointee.w), Int(surface.pointee.h)], name)
            XCTAssertTrue(same(header.coverage, coverage), name)
            XCTAssertEqual(coverage.outline != nil, name == "elevator/manOne", "only the figure has a quarter of its quad empty")
        }
    }

    func testAChangedShortOrForeignEntryIsAMiss() throws {
        let source = dir.appendingPathComponent("man.png")
        try FileManager.default.copyItem(at: try XCTUnwrap(assets.imageURL(named: "elevator/manOne")), to: source)
        let (decoded, _) = PictureJob.decodeFile(source, name: "man")
        let surface = try XCTUnwrap(decoded)
        defer { SDL_FreeSurface(surface) }
        store.save(surface, coverage: TextureCache.coverage(surface, opaqueParts: true), for: source)
        let entry = store.entry(for: source)
        let whole = try Data(contentsOf: entry)
        try whole.dropLast(3).write(to: entry)
        XCTAssertNil(store.load(source), "a truncated entry")
        XCTAssertNil(store.header(source), "a truncated entry's header")
        var foreign = whole
        foreign[0] ^= 0xFF
        try foreign.write(to: entry)
        XCTAssertNil(store.load(source), "not our magic")
        XCTAssertNil(store.header(source), "not our magic, by the header")
        try whole.write(to: entry)
        XCTAssertNotNil(store.load(source).map { SDL_FreeSurface($0.surface) })
        let png = try Data(contentsOf: source)
        try (png + Data([0])).write(to: source)
        XCTAssertNil(store.load(source), "the source's size changed")
        XCTAssertNil(store.header(source), "the source's size changed, by the header")
    }

    func testTheFolderKeepsAtMostItsBytes() throws {
        let small = DecodedPictureStore(folder: dir.appendingPathComponent("small"), maxBytes: 700_000)
        var sources: [URL] = []
        for i in 0..<3 {
            let source = dir.appendingPathComponent("p\(i).png")
            try FileManager.default.copyItem(at: try XCTUnwrap(assets.imageURL(named: "elevator/manOne")), to: source)
            let surface = try XCTUnwrap(PictureJob.decodeFile(source, name: "p").0)   // 159x508: 323 kB
            small.save(surface, coverage: TextureCache.coverage(surface, opaqueParts: true), for: source)
            SDL_FreeSurface(surface)
            sources.append(source)
            Thread.sleep(forTimeInterval: 1.1)   // modification times a second apart: the oldest is known
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: small.folder.path).filter { $0.hasSuffix(".rgba") }
        XCTAssertEqual(left.count, 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: small.entry(for: sources[0]).path), "the oldest went")
    }

    /// A frame drawn from pictures read back from the store is the frame drawn from decoded ones.
    func testAFrameDrawnFromTheStoreIsTheSameFrame() throws {
        func frame(_ store: DecodedPictureStore?) throws -> Framebuffer {
            let canvas = try HeadlessCanvas(width: 200, height: 200, assets: assets)
            canvas.renderer.pictureStore = store
            canvas.renderer.clear(.white)
            for (i, name) in ["elevator/inside", "elevator/doorFrame", "elevator/manTwo"].enumerated() {
                let r = Rect(x: Double(10 * i), y: Double(5 * i), width: 150, height: 180)
                let corners = [(r.minX, r.minY, 0.0, 0.0), (r.maxX, r.minY, 1, 0), (r.maxX, r.maxY, 1, 1), (r.minX, r.maxY, 0, 1)]
                canvas.renderer.drawTriangles(corners.map { Vertex(Point($0.0, $0.1), (255, 255, 255, 255), u: $0.2, v: $0.3) },
                                              indices: [0, 1, 2, 0, 2, 3], texture: .image(name), blend: .alpha)
            }
            canvas.renderer.present()
            return canvas.renderer.readFramebuffer()
        }
        let decoded = try frame(nil)
        let saving = try frame(store)
        let readBack = try frame(store)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: store.folder.path).filter { $0.hasSuffix(".rgba") }.count, 3)
        XCTAssertEqual(saving.pixels, decoded.pixels)
        XCTAssertEqual(readBack.pixels, decoded.pixels)
    }

    /// The reduced levels and blurred shadows made from pictures are kept too (issue 24: find-words made its
    /// background's levels and its shadows at every start): a frame drawn from them is the frame made without the
    /// store, and what is read back is what is drawn (an entry changed on disk shows in the next frame).
    func testLevelsAndShadowsAreKeptAndReadBack() throws {
        func frame(_ store: DecodedPictureStore?) throws -> Framebuffer {
            let canvas = try HeadlessCanvas(width: 120, height: 120, assets: assets)
            canvas.renderer.pictureStore = store
            canvas.renderer.clear(.white)
            // The 1242×2688 background drawn 40×86 as two quads (the way a view draws it): a reduced level.
            let v = [(0.0, 0.0, 0.0, 0.0), (20, 0, 0.5, 0), (40, 0, 1, 0), (0, 86, 0, 1), (20, 86, 0.5, 1), (40, 86, 1, 1)]
            canvas.renderer.drawTriangles(v.map { Vertex(Point($0.0, $0.1), (255, 255, 255, 255), u: $0.2, v: $0.3) },
                                          indices: [0, 1, 4, 0, 4, 3, 1, 2, 5, 1, 5, 4], texture: .image("find-words/background"),
                                          blend: .alpha)
            let r = Rect(x: 50, y: 10, width: 60, height: 100)
            let corners = [(r.minX, r.minY, 0.0, 0.0), (r.maxX, r.minY, 1, 0), (r.maxX, r.maxY, 1, 1), (r.minX, r.maxY, 0, 1)]
            canvas.renderer.drawTriangles(corners.map { Vertex(Point($0.0, $0.1), (0, 0, 0, 128), u: $0.2, v: $0.3) },
                                          indices: [0, 1, 2, 0, 2, 3], texture: .shadow(image: "elevator/manTwo", sigma: 3),
                                          blend: .alpha)
            canvas.renderer.present()
            return canvas.renderer.readFramebuffer()
        }
        let made = try frame(nil)
        let saving = try frame(store)
        let entries = try FileManager.default.contentsOfDirectory(atPath: store.folder.path)
        let level = try XCTUnwrap(entries.first { $0.contains(".level") }, "\(entries)")
        XCTAssertTrue(entries.contains { $0.contains(".shadow3.0.rgba") }, "\(entries)")
        let readBack = try frame(store)
        XCTAssertEqual(saving.pixels, made.pixels)
        XCTAssertEqual(readBack.pixels, made.pixels)

        // The level as the store holds it is what the next frame draws: make it red on disk.
        let url = try XCTUnwrap(assets.imageURL(named: "find-words/background"))
        let variant = String(level.split(separator: ".")[1])
        let kept = try XCTUnwrap(store.loadPixels(url, variant: variant))
        let red = [[UInt8]](repeating: [255, 0, 0, 255], count: kept.width * kept.height).flatMap { $0 }
        store.save(Framebuffer(width: kept.width, height: kept.height, pixels: red), for: url, variant: variant)
        let changed = try frame(store)
        XCTAssertTrue(changed.pixel(20, 43) == (255, 0, 0, 255), "\(changed.pixel(20, 43)) is not the stored level")
        XCTAssertTrue(made.pixel(20, 43) != (255, 0, 0, 255))
    }
}
