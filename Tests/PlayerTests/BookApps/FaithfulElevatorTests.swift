import Backend
import Foundation
import XCTest
import ZoetropeHarness

/// Faithful rendering (issue 21): the built-in elevator's code as a book project has it (Tests/BookApps/Elevator:
/// `import SwiftUI`, no probe names, its own `playSound` with `AVAudioPlayer` and `Bundle.main`, its images in an
/// asset catalog and its sounds beside the code) run by `zoetrope run` looks and sounds like the built-in scene.
@MainActor
final class FaithfulElevatorTests: XCTestCase {
    static let images = ["inside", "manOne", "manTwo", "manThree", "manFour", "leftDoor", "rightDoor", "doorFrame"]
    static let sounds = ["doorsOpenClose", "elevatorChime"]

    /// The app folder as an Xcode project has it: the built-in scene's views and model as the book writes them
    /// (`import SwiftUI`, no `.named` probe names, its sounds played by the project's own `playSound(sound:type:)`),
    /// `Assets.xcassets/<name>.imageset` holding each picture, and the sound files next to the code (our own art and
    /// sounds from Resources/).
    private func project() throws -> URL {
        let app = try BookApp.copy("Elevator", in: self)
        let scene = E2E.packageRoot.appendingPathComponent("Sources/Scenes/Elevator")
        for file in ["ContentView.swift", "DataModel.swift"] {
            var text = try String(contentsOf: scene.appendingPathComponent(file), encoding: .utf8)
                .replacingOccurrences(of: "import Views\n", with: "import SwiftUI\n")
                .replacingOccurrences(of: #"\n\s*\.named\("[A-Za-z0-9]+"\)"#, with: "", options: .regularExpression)
                .replacingOccurrences(of: #"\.named\("[A-Za-z0-9]+"\)"#, with: "", options: .regularExpression)
                .replacingOccurrences(of: #"playSound\(sound: "([A-Za-z]+)"\)"#, with: #"playSound(sound: "$1", type: "m4a")"#,
                                      options: .regularExpression)
            // The engine's global `playSound(sound:)` goes: the project has its own (PlaySound.swift).
            if let start = text.range(of: "/// The book's global `playSound`"), let end = text.range(of: "\n}\n", range: start.upperBound..<text.endIndex) {
                text.removeSubrange(start.lowerBound..<end.upperBound)
            }
            XCTAssertFalse(text.contains(".named("), file)
            try text.write(to: app.appendingPathComponent(file), atomically: true, encoding: .utf8)
        }
        let resources = E2E.packageRoot.appendingPathComponent("Resources")
        let fm = FileManager.default
        for name in Self.images {
            let set = app.appendingPathComponent("Assets.xcassets/\(name).imageset")
            try fm.createDirectory(at: set, withIntermediateDirectories: true)
            try fm.copyItem(at: resources.appendingPathComponent("Images/elevator/\(name).png"),
                            to: set.appendingPathComponent("\(name).png"))
            let contents = #"{"images":[{"idiom":"universal","filename":"\#(name).png","scale":"1x"}],"info":{"version":1,"author":"xcode"}}"#
            try contents.write(to: set.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        }
        for name in Self.sounds {
            try fm.copyItem(at: resources.appendingPathComponent("Sounds/\(name).m4a"), to: app.appendingPathComponent("\(name).m4a"))
        }
        return app
    }

    /// A ride (click at 0.5 s, again at 3 s): every screenshot equals the built-in scene's at the same moment, and the
    /// mixed sound is the same sample for sample.
    func testTheBookProjectLooksAndSoundsLikeTheBuiltInScene() async throws {
        let app = try project()
        let out = BookApp.outputs("faithful-elevator")
        let times = [0.4, 1.5, 3.2, 5.2, 8.6, 11.6]
        func script(_ prefix: String) -> String {
            (["at 0.5 click 11.9,379.5", "at 3 click 11.9,379.5"]
                + times.map { "at \($0) screenshot \(out.appendingPathComponent("\(prefix)-\($0).png").path)" }
                + ["at 12 quit"]).joined(separator: "; ")
        }
        let book = try BookApp.run(app, script: script("book"),
                                   ["--size", "393x759", "--audio-out", out.appendingPathComponent("book.wav").path])
        XCTAssertEqual(book.status, 0, book.summary)
        XCTAssertFalse(book.stderr.contains("not found"), book.stderr)
        let builtIn = try E2E.zoetrope(["--headless", "--scene", "elevator", "--script", script("builtin"),
                                        "--audio-out", out.appendingPathComponent("builtin.wav").path],
                                       environment: E2E.environment(setting: ["SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"]),
                                       timeout: 180)
        XCTAssertEqual(builtIn.status, 0, builtIn.summary)
        for t in times {
            let a = try Framebuffer.loadPNG(out.appendingPathComponent("book-\(t).png"))
            let b = try Framebuffer.loadPNG(out.appendingPathComponent("builtin-\(t).png"))
            XCTAssertEqual(a.width, b.width)
            XCTAssertEqual(a.height, b.height)
            var differing = 0
            for y in 0..<a.height { for x in 0..<a.width where a.pixel(x, y) != b.pixel(x, y) { differing += 1 } }
            XCTAssertEqual(differing, 0, "pixels differing at \(t) s")
        }
        let bookSound = try E2EWAV(contentsOf: out.appendingPathComponent("book.wav"))
        let builtInSound = try E2EWAV(contentsOf: out.appendingPathComponent("builtin.wav"))
        XCTAssertEqual(bookSound.frameCount, builtInSound.frameCount)
        XCTAssertGreaterThan(bookSound.rmsDB(from: 1.0, to: 1.5), -40, "the doors' sound 0.5 s after the click")
        XCTAssertEqual(bookSound.samples, builtInSound.samples, "the mix, sample for sample")
    }
}
