import Backend
import Foundation
import XCTest

/// The API tour test app (Tests/BookApps/APITour): the SwiftUI API of spec 07 written the way the book writes it,
/// compiled by `zoetrope run` and checked through probes, pixels and the settings file.
@MainActor
final class APITourTests: XCTestCase {
    let app = BookApp.folder.appendingPathComponent("APITour")

    private func probes(_ output: String, _ name: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").compactMap { line -> [String: Any]? in
            guard line.hasPrefix("{") else { return nil }
            let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return json["probe"] as? String == name ? json : nil
        }
    }

    /// iOS 13's `.alert(isPresented:) { Alert(title:message:primaryButton:secondaryButton:) }`: the title and both
    /// buttons show; the destructive one runs its closure and closes the alert.
    func testTheOldAlertAPIShowsItsButtonsAndRunsThem() async throws {
        let shot = BookApp.outputs("api-tour").appendingPathComponent("alert.png").path
        let r = try BookApp.run(app, script: """
            at 0.3 click text:Controls; at 0.5 click text:Tap 0; at 0.7 click text:Tap 1; at 0.9 click text:Shapes
            at 1.0 click text:Alert; at 1.5 probe text:Tapped 2 times; at 1.5 probe text:Reset; at 1.5 probe text:Cancel
            at 1.5 screenshot \(shot)
            at 1.6 click text:Reset; at 2.2 click text:Controls; at 2.5 probe text:Tap 0; at 2.6 quit
            """)
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertEqual(try probes(r.stdout, "text:Tapped 2 times").count, 1, r.stdout)
        let reset = try XCTUnwrap(try probes(r.stdout, "text:Reset").first?["frame"] as? [Double])
        // A destructive button's title is red (#FF3B30): its row has red text pixels and no blue ones.
        let fb = try Framebuffer.loadPNG(URL(fileURLWithPath: shot))
        var red = 0, blue = 0
        for y in Int(reset[1])..<Int(reset[1] + reset[3]) { for x in Int(reset[0])..<Int(reset[0] + reset[2]) {
            let p = fb.pixel(x, y)
            if p.r > 230 && p.g < 90 && p.b < 80 { red += 1 }
            if p.b > 230 && p.r < 40 { blue += 1 }
        } }
        XCTAssertGreaterThan(red, 30)
        XCTAssertEqual(blue, 0)
        XCTAssertEqual(try probes(r.stdout, "text:Cancel").count, 1)
        XCTAssertEqual(try probes(r.stdout, "text:Tap 0").count, 1, "Reset set the count back to 0: \(r.stdout)")
    }

    /// `@AppStorage("tourVisits")` counts the app's launches in its settings file, across runs.
    func testAppStorageKeepsItsValueAcrossRuns() async throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-cfg-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: config) }
        for run in 1...2 {
            let r = try BookApp.run(app, script: "at 0.5 quit", environment: ["XDG_CONFIG_HOME": config.path])
            XCTAssertEqual(r.status, 0, r.summary)
            let file = config.appendingPathComponent("zoetrope/APITour.json")
            let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
            XCTAssertEqual(json["tourVisits"] as? Int, run)
        }
    }

    /// `UIScreen.main.bounds` is the content area; a scheduled `Timer` turns the heart 45° every 0.5 s of scene
    /// time (settled by `.interactiveSpring()` well within 0.4 s); `UIImpactFeedbackGenerator` is heard as a haptic.
    func testTimerScreenAndHaptics() async throws {
        let r = try BookApp.run(app, script: """
            at 0.2 click text:Motion; at 0.5 probe text:Screen 500×700; at 0.5 probe image:heart.fill
            at 0.6 click text:Spin; at 1.55 probe image:heart.fill; at 1.56 click text:Stop; at 3 probe image:heart.fill
            at 3 audio; at 3.1 quit
            """, ["--size", "500x700"])
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertEqual(try probes(r.stdout, "text:Screen 500×700").count, 1, r.stdout)
        let hearts = try probes(r.stdout, "image:heart.fill").map { try XCTUnwrap($0["drawn"] as? [Double]) }
        guard hearts.count == 3, hearts.allSatisfy({ $0.count == 4 }) else { return XCTFail("three heart probes: \(r.stdout)") }
        let (w, h) = (hearts[0][2], hearts[0][3])
        // Ticks at 1.1 (45°) and 1.6 (90°) — Stop at 1.56 comes first: 45° stays. A w×h box turned 45° is
        // (w + h)/√2 on each side.
        for box in hearts[1...] {
            XCTAssertEqual(box[2], (w + h) / 2.0.squareRoot(), accuracy: 0.5)
            XCTAssertEqual(box[3], (w + h) / 2.0.squareRoot(), accuracy: 0.5)
        }
        XCTAssertTrue(r.stdout.contains(#""haptics":["light"]"#), r.stdout)
    }

    /// `.colorMultiply(.yellow)` on an orange rectangle: each channel is the product, (255, 149, 0) × (255, 204, 0)
    /// / 255 = (255, 119, 0).
    func testColorMultiplyMultipliesEachChannel() async throws {
        let shot = BookApp.outputs("api-tour").appendingPathComponent("motion.png").path
        let r = try BookApp.run(app, script: "at 0.2 click text:Motion; at 0.6 screenshot \(shot); at 0.7 quit")
        XCTAssertEqual(r.status, 0, r.summary)
        let fb = try Framebuffer.loadPNG(URL(fileURLWithPath: shot))
        var found = 0
        for y in 0..<fb.height { for x in 0..<fb.width {
            let p = fb.pixel(x, y)
            if abs(p.r - 255) <= 2 && abs(p.g - 119) <= 3 && p.b <= 2 { found += 1 }
            XCTAssertFalse(abs(p.r - 255) <= 2 && abs(p.g - 149) <= 2 && p.b <= 2 && y > 200, "unmultiplied orange at \(x),\(y)")
        } }
        // The 120×60 rounded rectangle, less its corners and edges.
        XCTAssertGreaterThan(found, 6000)
    }

    /// `UITextChecker.rangeOfMisspelledWord(in:range:startingAt:wrap:language:)` with the player's dictionary
    /// (Hunspell, en_US): a real word has no misspelled range (`NSNotFound`), a made-up one has.
    func testTextCheckerKnowsWords() async throws {
        let r = try BookApp.run(app, script: """
            at 0.3 click text:Controls; at 0.5 click text:Name; at 0.6 type house; at 0.7 key return
            at 0.9 probe text:house is a word
            at 1.0 key backspace; at 1.05 key backspace; at 1.1 key backspace; at 1.15 key backspace; at 1.2 key backspace
            at 1.3 type xqzzt; at 1.4 key return; at 1.6 probe text:xqzzt is not a word; at 1.7 quit
            """)
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertEqual(try probes(r.stdout, "text:house is a word").count, 1, r.stdout + r.stderr)
        XCTAssertEqual(try probes(r.stdout, "text:xqzzt is not a word").count, 1, r.stdout + r.stderr)
    }

    /// The preview of the tour's last page: `@Binding` and `@ObservedObject` in a child, `List`, `EdgeInsets`,
    /// `.border`, `.mask`, `.scaledToFit`, `Animation.speed`: the Add button counts through the binding, and the
    /// bar moves 40 pt right over 1 s of easeIn run at speed 2 (0.5 s).
    func testThePreviewOfTheLastPageCountsThroughABinding() async throws {
        let r = try BookApp.run(app, script: """
            at 0.2 probe text:Count 0; at 0.3 click text:Add; at 0.5 probe text:Count 1; at 0.5 quit
            """, ["--scene", "MorePage_Previews"])
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertEqual(try probes(r.stdout, "text:Count 0").count, 1, r.stdout + r.stderr)
        XCTAssertEqual(try probes(r.stdout, "text:Count 1").count, 1, r.stdout + r.stderr)
    }
}
