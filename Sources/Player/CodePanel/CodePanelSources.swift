import Foundation
import Stage
import Views

/// Where the code panel finds a scene's Swift source, and which files are the scene's.
///
/// The sources are read at run time from the checkout the player was built from, found like `Resources/` is
/// (`AssetResolver.bundledRoot`): `$ZOETROPE_SOURCES` (a folder holding `Scenes/`, i.e. the checkout's `Sources/`),
/// else the first `Sources/Scenes` walking up from the executable, else the folder the scene was compiled from (its
/// registry's `#filePath`), else `Sources/Scenes` under the working directory. Reading the checkout rather than copying
/// the files at build time keeps one copy of the code (no build plugin, no stale copies): what the panel shows is
/// exactly what was compiled.
///
/// A scene's files: the file declaring its root type (its root view's type, or its `Scene` class), searched first in
/// the folder of the registry that lists it (so the elevator's `ContentView` is not HIITFit's), then in every scene
/// folder; then the files of that folder that declare a name it uses, and so on (the record player's
/// `RecordPlayer.swift` brings `RecordPlayerBox.swift`, `RecordButtonArmView.swift` and `PlaySound.swift`; a chapter's
/// registry and its unrelated demos stay out).
struct CodePanelSources {
    /// The `Sources` folder of a checkout (the one that holds `Scenes/`), or nil when none is found.
    static func sourcesRoot(executable: URL = URL(fileURLWithPath: CommandLine.arguments[0]),
                            compiledFrom file: String? = nil) -> URL? {
        let fm = FileManager.default
        func hasScenes(_ dir: URL) -> Bool {
            var isDir: ObjCBool = false
            return fm.fileExists(atPath: dir.appendingPathComponent("Scenes").path, isDirectory: &isDir) && isDir.boolValue
        }
        if let env = ProcessInfo.processInfo.environment["ZOETROPE_SOURCES"], !env.isEmpty {
            return URL(fileURLWithPath: env)
        }
        var dir = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        // An installed player (scripts/install): PREFIX/share/zoetrope/Sources.
        let installed = dir.appendingPathComponent("../share/zoetrope/Sources").standardizedFileURL
        if hasScenes(installed) { return installed }
        for _ in 0..<8 {
            let candidate = dir.appendingPathComponent("Sources")
            if hasScenes(candidate) { return candidate }
            dir.deleteLastPathComponent()
        }
        if let file, let range = file.range(of: "/Sources/Scenes/", options: .backwards) {
            let root = URL(fileURLWithPath: String(file[..<range.lowerBound])).appendingPathComponent("Sources")
            if hasScenes(root) { return root }
        }
        let cwd = URL(fileURLWithPath: fm.currentDirectoryPath).appendingPathComponent("Sources")
        return hasScenes(cwd) ? cwd : nil
    }

    /// One Swift file of a scene.
    struct File: Equatable {
        /// Path relative to the checkout, e.g. `Sources/Scenes/Elevator/ContentView.swift`.
        var path: String
        var url: URL
        var text: String
        var lines: [String] { text.components(separatedBy: "\n") }
    }

    let root: URL
    /// Where the scenes' folders are: `Sources/Scenes` of a checkout, or a project's own folder (`zoetrope run`).
    let scenesFolder: URL
    /// What a file's shown path starts with: `Sources/` for the checkout's scenes, nothing for a project's files.
    private let pathPrefix: String
    private var cache: [URL: String] = [:]

    init(root: URL) { self.root = root; scenesFolder = root.appendingPathComponent("Scenes"); pathPrefix = "Sources/" }

    /// A project folder's own files (`zoetrope run DIR`), shown by their paths inside it.
    init(project: URL) { root = project; scenesFolder = project; pathPrefix = "" }

    /// `Sources/Scenes/<folder>` for a registry `#filePath` (nil when the path is not under `Sources/Scenes`).
    func folder(ofRegistry file: String?) -> URL? {
        if pathPrefix.isEmpty { return scenesFolder }
        guard let file, let range = file.range(of: "/Sources/Scenes/", options: .backwards) else { return nil }
        let relative = String(file[range.upperBound...])
        let dir = (relative as NSString).deletingLastPathComponent
        return dir.isEmpty ? scenesFolder : scenesFolder.appendingPathComponent(dir)
    }

    /// The Swift files directly in `folder`, sorted.
    func swiftFiles(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".swift") }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// Every Swift file under `Sources/Scenes`, sorted by path.
    func allSceneFiles() -> [URL] {
        guard let walker = FileManager.default.enumerator(at: scenesFolder, includingPropertiesForKeys: nil,
                                                         options: [.skipsHiddenFiles]) else { return [] }
        var out: [URL] = []
        for case let url as URL in walker where url.pathExtension == "swift" { out.append(url) }
        return out.sorted { $0.path < $1.path }
    }

    mutating func text(_ url: URL) -> String? {
        if let t = cache[url] { return t }
        guard let data = try? Data(contentsOf: url), let t = String(data: data, encoding: .utf8) else { return nil }
        cache[url] = t
        return t
    }

    /// The 1-based line that declares type (or function) `name` in `text` (`struct Name`, `final class Name`, …).
    /// A qualified name (`HIITFit.ContentView`) is declared indented in a file that names its outer type; a plain name
    /// at the start of a line, so the elevator's top-level `ContentView` is not chapter 14's nested one.
    static func declarationLine(of qualified: String, in text: String) -> Int? {
        let parts = qualified.split(separator: ".").map(String.init)
        guard let name = parts.last else { return nil }
        let outer = parts.dropLast().last
        if let outer, !text.contains("enum \(outer)") && !text.contains("extension \(outer)")
            && !text.contains("struct \(outer)") && !text.contains("class \(outer)") { return nil }
        let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "actor", "func", "typealias"]
        for (i, line) in text.components(separatedBy: "\n").enumerated() {
            let indented = line.first == " " || line.first == "\t"
            if outer == nil && indented || outer != nil && !indented { continue }
            let code = line.components(separatedBy: "//")[0]
            let words = code.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
            for (a, b) in zip(words, words.dropFirst()) where b == name && kinds.contains(a) { return i + 1 }
        }
        return nil
    }

    /// Names `text` declares (types and functions).
    static func declaredNames(in text: String) -> Set<String> {
        let kinds: Set<String> = ["struct", "class", "enum", "protocol", "actor", "func", "typealias"]
        var out: Set<String> = []
        for line in text.components(separatedBy: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("//") || trimmed.hasPrefix("*") || trimmed.hasPrefix("/*") { continue }
            let words = line.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
            for (a, b) in zip(words, words.dropFirst()) where kinds.contains(String(a)) { out.insert(String(b)) }
        }
        return out
    }

    /// The file of `folder` (or, failing that, of any scene folder) that declares `name`.
    mutating func file(declaring name: String, preferring folder: URL?) -> URL? {
        let candidates = (folder.map(swiftFiles) ?? []) + allSceneFiles()
        for url in candidates {
            if let t = text(url), Self.declarationLine(of: name, in: t) != nil { return url }
        }
        return nil
    }

    /// The scene's files: the root type's file first, then the files of its folder it uses, transitively (at most 12).
    mutating func files(rootType: String, registry: String?) -> [File] {
        let registryFolder = folder(ofRegistry: registry)
        guard let main = file(declaring: rootType, preferring: registryFolder) else {
            // No root type found: the registry's folder as it is (a chapter's registry and its files).
            guard let folder = registryFolder, folder != scenesFolder else { return [] }
            var out: [File] = []
            for url in swiftFiles(in: folder).prefix(12) { if let f = load(url) { out.append(f) } }
            return out
        }
        let folder = main.deletingLastPathComponent()
        // A project's files may sit in several folders (an Xcode project's groups): all of them are its siblings.
        let siblings = (pathPrefix.isEmpty ? allSceneFiles() : swiftFiles(in: folder)).filter { $0 != main }
        var chosen = [main]
        var used = SwiftTokenizer.identifiers(in: text(main) ?? "")
        var changed = true
        while changed && chosen.count < 12 {
            changed = false
            for url in siblings where !chosen.contains(url) && chosen.count < 12 {
                guard let t = text(url) else { continue }
                if !Self.declaredNames(in: t).isDisjoint(with: used) {
                    chosen.append(url)
                    used.formUnion(SwiftTokenizer.identifiers(in: t))
                    changed = true
                }
            }
        }
        let rest = chosen.dropFirst().sorted { $0.lastPathComponent < $1.lastPathComponent }
        var out: [File] = []
        for url in [main] + rest { if let f = load(url) { out.append(f) } }
        return out
    }

    mutating func load(_ url: URL) -> File? {
        guard let t = text(url) else { return nil }
        return File(path: relativePath(url), url: url, text: t)
    }

    /// `Sources/Scenes/…` for a file under the root.
    func relativePath(_ url: URL) -> String {
        let base = root.standardizedFileURL.path
        let p = url.standardizedFileURL.path
        let tail = p.hasPrefix(base + "/") ? String(p.dropFirst(base.count + 1)) : url.lastPathComponent
        return pathPrefix + tail
    }
}

/// What the panel should show for a scene: its root type, and which type a click last landed on.
enum CodePanelTarget {
    /// The engine's modules and the libraries it offers a book project: their views are never a scene's own code.
    static let engineModules = ViewSourceNames.modulesBelowScenes
        .union(["Diagnostics", "Backend", "Player", "SwiftUI", "UIKit", "SpriteKit", "AVFoundation", "ConfettiSwiftUI"])

    /// The scene's root type: its root view's type for a view scene, else its `Scene` class.
    static func rootType(of host: SceneHost) -> String? {
        if let views = host.scene as? ViewScene { return views.rootViewTypeName(engineModules: engineModules) }
        return sceneTypeName(type(of: host.scene))
    }

    /// The type a press at `point` (window coordinates) lands on: the innermost view of the scene's own code under it
    /// (`DoorView`, `PickerView`), or, in a node scene, the pressed node's class when the scene declares it, else the
    /// scene's class. Also the name of the pressed element when it has one (`callButton`).
    static func clicked(in host: SceneHost, at point: Point) -> (type: String, element: String?)? {
        host.layout()
        let p = host.sceneToWindow.inverted?.apply(point) ?? point
        if let views = host.scene as? ViewScene {
            guard let hit = views.sceneViewHit(at: p, engineModules: engineModules) else { return rootType(of: host).map { ($0, nil) } }
            return (hit.typeName, hit.elementName)
        }
        if let node = host.topmostInteractive(at: p, in: host.scene.root), let name = sceneTypeName(type(of: node)) {
            return (name, node.name)
        }
        return sceneTypeName(type(of: host.scene)).map { ($0, nil) }
    }

    /// `PipeSmokeScene` for `Scenes.PipeSmokeScene` (or a book project's own `GameScene`); nil for the engine's own
    /// types (Stage, Views, SpriteKit, Player…).
    static func sceneTypeName(_ type: Any.Type) -> String? {
        ViewSourceNames.sceneTypeName(type, engineModules: engineModules)
    }
}
