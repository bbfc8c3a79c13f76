import XCTest
@testable import Player
#if canImport(Glibc)
import Glibc
#endif

/// The player fixes glibc's mmap threshold at start (issue 24): a large block is always mapped on its own, so
/// freeing it gives the memory back, however many such blocks came and went before.
@MainActor
final class MallocTuningTests: XCTestCase {
    /// glibc maps a block of its own on whole pages: the block starts 16 bytes (its header) into a page.
    func isMapped(_ block: UnsafeMutableRawPointer) -> Bool { Int(bitPattern: block) % Int(getpagesize()) == 16 }

    func testALargeBlockIsMappedEvenAfterOthersWereFreed() async throws {
        XCTAssertTrue(MallocTuning.apply())
        // Under glibc's largest dynamic threshold (32 MB), so that without a fixed one, freeing a mapped block of
        // this size raises the threshold past it and the next such block comes from the heap.
        let size = 31 << 20
        // This test process's heap may hold free space of that size from earlier tests: blocks are taken (and held)
        // until one is mapped, so the heap has none left.
        var held: [UnsafeMutableRawPointer] = []
        defer { held.forEach { free($0) } }
        var mapped: UnsafeMutableRawPointer?
        for _ in 0..<8 {
            let block = try XCTUnwrap(malloc(size))
            if isMapped(block) { mapped = block; break }
            held.append(block)
        }
        free(try XCTUnwrap(mapped, "no block of 31 MB was mapped"))
        let again = try XCTUnwrap(malloc(size))
        defer { free(again) }
        XCTAssertTrue(isMapped(again), "after a mapped block was freed, the next one has a mapping of its own too")
    }
}
