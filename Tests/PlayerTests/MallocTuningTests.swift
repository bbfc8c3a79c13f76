import XCTest
@testable import Player
#if canImport(Glibc)
import Glibc
#endif

/// The player fixes glibc's mmap threshold at start (issue 24): a large block is always mapped on its own, so
/// freeing it gives the memory back, however many such blocks came and went before.
final class MallocTuningTests: XCTestCase {
    func testALargeBlockIsMappedEvenAfterOthersWereFreed() throws {
        XCTAssertTrue(MallocTuning.apply())
        // Without a fixed threshold, freeing a mapped block raises the threshold past its size and the next such
        // block comes from the heap. 24 MB: under glibc's largest dynamic threshold (32 MB), and larger than any free
        // space the heap of a test process that ran other tests is likely to hold (which would serve it first).
        let size = 24 << 20
        for _ in 0..<3 { free(malloc(size)) }
        let blocks = (0..<3).map { _ in malloc(size)! }
        defer { blocks.forEach { free($0) } }
        // glibc maps such a block on its own pages: the block starts 16 bytes (its header) into a page.
        let pageOffsets = blocks.map { Int(bitPattern: $0) % Int(getpagesize()) }
        XCTAssertEqual(pageOffsets, [16, 16, 16], "each block has a mapping of its own")
    }
}
