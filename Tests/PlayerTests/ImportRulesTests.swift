import Foundation
import XCTest
import ZoetropeHarness

/// The layers of docs/ARCHITECTURE.md as a check: each module imports only what sits below it. A module that
/// imports what it must not (Views importing Backend, say) fails here, naming the file.
@MainActor
final class ImportRulesTests: XCTestCase {
    /// What each module of Sources/ may import (besides the system's Foundation, Glibc, Dispatch, Synchronization).
    static let allowed: [String: Set<String>] = {
        let motion: Set<String> = []
        let diagnostics: Set<String> = ["Logging"]
        // Effect files are read through Diagnostics' PosixFile (truthful file errors).
        let particles: Set<String> = diagnostics.union(["Diagnostics"])
        let stage = diagnostics.union(["Diagnostics", "Motion", "Particles"])
        let views = stage.union(["Stage"])
        let uikit = views.union(["Views"])
        let swiftui = uikit.union(["UIKit"])
        let apple = swiftui.union(["SwiftUI"])
        return [
            "Motion": motion, "Particles": particles, "Diagnostics": diagnostics, "Stage": stage, "Views": views,
            "UIKit": uikit, "SwiftUI": swiftui, "SpriteKit": apple, "AVFoundation": apple.union(["SpriteKit"]),
            "ConfettiSwiftUI": apple,
            // The book's scenes: the engine's pure layers (and Hunspell for the word game), never a window.
            "Scenes": views.union(["Views"]),
            // The window, sound and recording: Stage's protocols over the C libraries, never a view or a scene.
            "Backend": stage.union(["Stage", "CSDL2", "CFFmpeg"]),
            "Player": apple.union(["SpriteKit", "AVFoundation", "ConfettiSwiftUI", "Scenes", "Backend", "ArgumentParser"]),
            "zoetrope": ["Player", "Diagnostics", "Logging"],
            // The benchmarks: the engine as the player uses it, and SDL directly (the particle bench draws as LÖVE does).
            "Benchmarks": views.union(["Views", "Backend", "CSDL2"]),
        ]
    }()
    static let system: Set<String> = ["Foundation", "Glibc", "Dispatch", "Synchronization"]

    func testEveryModuleImportsOnlyWhatSitsBelowIt() async throws {
        let sources = E2E.packageRoot.appendingPathComponent("Sources")
        let modules = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { !$0.hasPrefix("C") || $0 == "ConfettiSwiftUI" }
        XCTAssertTrue(modules.contains("Views") && modules.contains("Player"), "Sources/ is read")
        for module in modules.sorted() {
            guard let allowed = Self.allowed[module] else {
                XCTFail("Sources/\(module) has no import rule: add it to ImportRulesTests and docs/ARCHITECTURE.md")
                continue
            }
            for (file, imported) in try imports(in: sources.appendingPathComponent(module)) {
                for name in imported where !allowed.contains(name) && !Self.system.contains(name) && name != module {
                    XCTFail("\(file) imports \(name), which \(module) must not (docs/ARCHITECTURE.md, Layers)")
                }
            }
        }
    }

    /// The view layer's tests build without the player and the scenes: views in a test scene, drawn by Backend's
    /// software renderer for real pixels. A scene's checks live in ScenesTests.
    func testTheViewLayersTestsStayBelowTheScenes() async throws {
        let allowed = Self.allowed["Views"]!.union(["Views", "Backend", "ZoetropeTestSupport", "XCTest"])
        let folder = E2E.packageRoot.appendingPathComponent("Tests/ViewsTests")
        let files = try imports(in: folder)
        XCTAssertGreaterThan(files.count, 30, "Tests/ViewsTests is read")
        for (file, imported) in files {
            for name in imported where !allowed.contains(name) && !Self.system.contains(name) {
                XCTFail("\(file) imports \(name): a view-layer test must not need it (docs/ARCHITECTURE.md, Where tests live)")
            }
        }
    }

    /// The modules each Swift file under `folder` imports (`import X`, `@_exported import X`, `import struct X.Y`).
    private func imports(in folder: URL) throws -> [(String, [String])] {
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        var out: [(String, [String])] = []
        while let url = walker?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let names = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").compactMap { line -> String? in
                let words = line.split(separator: " ")
                guard let i = words.firstIndex(of: "import"), words[..<i].allSatisfy({ $0.hasPrefix("@") || $0 == "public" || $0 == "internal" })
                else { return nil }
                let path = words.count > i + 2 && ["struct", "class", "enum", "protocol", "func", "var", "typealias"].contains(String(words[i + 1]))
                    ? words[i + 2] : words.count > i + 1 ? words[i + 1] : ""
                return path.split(separator: ".").first.map(String.init)
            }
            out.append((url.path.replacingOccurrences(of: E2E.packageRoot.path + "/", with: ""), names))
        }
        return out
    }
}
