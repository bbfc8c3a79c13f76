import Diagnostics
import Foundation
import Stage
import XCTest
@testable import Backend

/// What FFmpeg decoded is kept on disk and read back by later runs (issue 24: a run that finds its sounds there never
/// opens FFmpeg); anything that does not match the source as it is now, or the format asked for, is a miss.
final class DecodedSoundStoreTests: XCTestCase {
    var dir: URL!
    var store: DecodedSoundStore!
    var source: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("sound-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        store = DecodedSoundStore(folder: dir.appendingPathComponent("store"), maxEntries: 3)
        source = dir.appendingPathComponent("tone.m4a")
        try Data(repeating: 7, count: 100).write(to: source)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: dir) }

    func loaded(_ url: URL, rate: Int = 44100, channels: Int = 2) -> [Int16]? {
        guard let pcm = store.load(url, sampleRate: rate, channels: channels) else { return nil }
        defer { pcm.bytes.deallocate() }
        return Array(UnsafeBufferPointer(start: pcm.bytes.assumingMemoryBound(to: Int16.self), count: pcm.byteCount / 2))
    }

    func testWhatIsSavedIsReadBackSampleForSample() {
        XCTAssertNil(loaded(source), "nothing saved yet")
        let samples: [Int16] = [0, 1, -1, 32767, -32768, 12345]
        store.save(samples, for: source, sampleRate: 44100, channels: 2)
        XCTAssertEqual(loaded(source), samples)
        let entry = store.entry(for: source)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: entry.path)[.size] as? Int,
                       DecodedSoundStore.headerBytes + 2 * samples.count)
    }

    func testAnotherFormatOrAChangedSourceIsAMiss() throws {
        store.save([1, 2, 3, 4], for: source, sampleRate: 44100, channels: 2)
        XCTAssertNil(loaded(source, rate: 48000))
        XCTAssertNil(loaded(source, channels: 1))
        try Data(repeating: 7, count: 101).write(to: source)
        XCTAssertNil(loaded(source), "the source's size changed")
    }

    func testAShortOrForeignEntryIsAMiss() throws {
        store.save([1, 2, 3, 4], for: source, sampleRate: 44100, channels: 2)
        let entry = store.entry(for: source)
        let whole = try Data(contentsOf: entry)
        try whole.dropLast(2).write(to: entry)
        XCTAssertNil(loaded(source), "a truncated entry")
        var foreign = whole
        foreign[0] ^= 0xFF
        try foreign.write(to: entry)
        XCTAssertNil(loaded(source), "not our magic")
    }

    func testTheFolderKeepsAtMostItsEntries() throws {
        for k in 0..<6 {
            let url = dir.appendingPathComponent("s\(k).m4a")
            try Data([UInt8(k)]).write(to: url)
            store.save([Int16(k), 0], for: url, sampleRate: 44100, channels: 2)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: store.folder.path)
        XCTAssertEqual(names.filter { $0.hasSuffix(".pcm") }.count, 3)
        XCTAssertFalse(names.contains { $0.hasSuffix(".tmp") }, "no temporary file is left: \(names)")
    }

    func testTheUserStoreFollowsXDGCacheHome() {
        XCTAssertEqual(DecodedSoundStore.user(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/a"])?.folder.path,
                       "/x/cache/zoetrope/sounds")
        XCTAssertEqual(DecodedSoundStore.user(environment: ["XDG_CACHE_HOME": "rel", "HOME": "/home/a"])?.folder.path,
                       "/home/a/.cache/zoetrope/sounds")
        XCTAssertNil(DecodedSoundStore.user(environment: [:]))
    }

    /// The engine saves what FFmpeg decoded, and an engine of a later run plays what the store holds (here samples
    /// planted under the real file's key, to tell them from a fresh decode).
    func testTheEngineSavesAndThenReadsTheStore() throws {
        let resources = AudioResourcesTests.resources
        let chime = resources.appendingPathComponent("Sounds/elevatorChime.m4a")
        guard FileManager.default.fileExists(atPath: chime.path) else { throw XCTSkip("no bundled elevatorChime.m4a") }
        func engine() -> AudioEngine {
            let e = AudioEngine(mode: .offline, assets: AssetResolver(roots: [resources]), captureURL: nil,
                                log: RunLog.quiet().audio, decodedSounds: store)
            addTeardownBlock { e.close() }
            return e
        }
        let decoded = try XCTUnwrap(engine().load("elevatorChime")).samples
        XCTAssertEqual(loaded(chime), decoded, "the first run saved what FFmpeg decoded")

        let planted = [Int16](repeating: 99, count: 2 * 1000)
        store.save(planted, for: chime, sampleRate: AudioEngine.sampleRate, channels: AudioEngine.outputChannels)
        XCTAssertEqual(try XCTUnwrap(engine().load("elevatorChime")).samples, planted, "a later run reads the store")
    }
}
