@testable import Backend
import CSDL2
import Foundation
import XCTest

/// SDL_image is opened with dlopen (not linked, `SDLImageLibrary`); without it every picture is a placeholder, said
/// in one sentence that is the same for every picture (so the run's log says it once).
final class SDLImageLibraryTests: XCTestCase {
    func testDecodesWithTheProcesssSDLImage() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sdl-image-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("red.png")
        try Framebuffer(width: 3, height: 2, pixels: [UInt8](repeating: 0, count: 24).enumerated().map { $0.offset % 4 == 0 || $0.offset % 4 == 3 ? 255 : 0 })
            .savePNG(to: url)
        let (surface, problem) = PictureJob.decodeFile(url, name: "red")
        XCTAssertNil(problem)
        let decoded = try XCTUnwrap(surface)
        defer { SDL_FreeSurface(decoded) }
        let fb = Framebuffer(rgba32: decoded)
        XCTAssertEqual(fb.width, 3)
        XCTAssertTrue(fb.pixel(2, 1) == (255, 0, 0, 255), "\(fb.pixel(2, 1))")
    }

    func testWithoutSDLImageEveryPictureIsTheSameOneSentence() {
        let missing = SDLImageLibrary.load("libSDL2_image-missing.so.0")
        let problems = ["inside", "outside"].map { name in
            PictureJob.decodeFile(URL(fileURLWithPath: "/nonexistent/\(name).png"), name: name, library: missing)
        }
        XCTAssertTrue(problems.allSatisfy { $0.0 == nil })
        let text = problems[0].problem ?? ""
        XCTAssertEqual(problems[1].problem, text)
        XCTAssertTrue(text.hasPrefix("pictures cannot be decoded: cannot load libSDL2_image-missing.so.0 ("), text)
        XCTAssertTrue(text.hasSuffix("; install libsdl2-image-2.0-0; drawing placeholders"), text)
    }

    func testALibraryWithoutSDLImagesFunctionsNamesTheFirstMissing() {
        guard case .failure(let error) = SDLImageLibrary.load("libm.so.6") else { return XCTFail("libm is no SDL_image") }
        XCTAssertTrue(error.description.hasPrefix("libm.so.6 has no function IMG_Init ("), error.description)
    }
}
