import Foundation
@testable import Backend
import XCTest

/// A truncated or damaged PNG is refused by our chunk check before libpng can print its own complaint.
final class PNGIntegrityTests: XCTestCase {
    private func bundledPNG() throws -> [UInt8] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return [UInt8](try Data(contentsOf: root.appendingPathComponent("Resources/Images/elevator/manOne.png")))
    }

    func testAWholeFilePasses() throws {
        XCTAssertNil(PNGIntegrity.problem(try bundledPNG()))
        XCTAssertNil(PNGIntegrity.problem(Array("not a png".utf8)), "not a PNG: left to SDL_image to name")
    }

    func testATruncatedFileIsRefused() throws {
        let png = try bundledPNG()
        for keep in [9, 40, png.count / 2, png.count - 12, png.count - 1] {
            XCTAssertTrue(PNGIntegrity.problem(Array(png.prefix(keep)))?.hasPrefix("truncated") ?? false, "\(keep) bytes")
        }
    }

    func testAFlippedByteFailsItsChunkCRC() throws {
        var png = try bundledPNG()
        png[png.count / 2] ^= 0x40
        XCTAssertTrue(PNGIntegrity.problem(png)?.contains("fails its CRC") ?? false, PNGIntegrity.problem(png) ?? "nil")
    }

    func testTheCRCIsPNGs() {
        XCTAssertEqual(PNGIntegrity.crc32(ArraySlice("IEND".utf8)), 0xAE42_6082)
    }
}
