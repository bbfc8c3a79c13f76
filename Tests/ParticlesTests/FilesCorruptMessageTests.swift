import Foundation
@testable import Particles
import XCTest

/// Issue 9 item 2.7: a damaged `.sks` is described by what it looks like, not by the XML parser's
/// "Unexpected character b".
final class FilesCorruptMessageTests: XCTestCase {
    private func message(_ bytes: [UInt8]) -> String {
        do {
            _ = try SKSFile.load(data: Data(bytes), name: "Bad.sks")
            return "loaded"
        } catch let e as ParticleFileError {
            XCTAssertEqual(e.problem, .notPropertyList)
            return e.description
        } catch {
            return "\(error)"
        }
    }

    func testDamagedFilesSayWhatTheyAre() {
        let binary = message(Array("bplist00".utf8) + [1, 2, 3] + Array("garbage".utf8))
        XCTAssertTrue(binary.contains("damaged binary property list"), binary)
        XCTAssertFalse(binary.contains("Unexpected character"), binary)
        let neither = message(Array("bXYZ not a plist".utf8))
        XCTAssertTrue(neither.contains("neither binary (bplist00) nor XML"), neither)
        let xml = message(Array("<?xml version=\"1.0\"?><plist><dict><key>a</key>".utf8))
        XCTAssertTrue(xml.contains("damaged XML property list"), xml)
        XCTAssertTrue(binary.contains("Bad.sks"), "the file is named: \(binary)")
    }
}
