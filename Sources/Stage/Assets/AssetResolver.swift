import Diagnostics
import Foundation
import Logging

/// Finds images and sounds by asset name in an ordered list of roots: user roots (`--assets DIR`) first, then the
/// bundled resources. A root is a plain folder of files named after the asset, or holds Xcode asset catalogs
/// (`X.imageset` inside a `.xcassets` folder serves the image `X`; `X.dataset` serves sounds). Folders are searched
/// recursively; within one root the shallowest match wins.
///
/// Names may be qualified by a folder, `pipe-smoke/background`, because several scenes have a `background`: a
/// qualified name matches a file in a folder of that name; in a user root (`userRootCount` first roots) the bare
/// name also matches, so an Xcode project folder passed with `--assets` overrides the scene's art.
public final class AssetResolver: @unchecked Sendable {
    public static let imageExtensions = ["png", "jpg", "jpeg"]
    public static let soundExtensions = ["m4a", "ogg", "wav", "aif", "aiff", "mp3", "flac"]
    public static let effectExtensions = ["sks", "json"]

    public let roots: [URL]
    /// How many of `roots` are the user's own (searched first, matched by bare name too).
    public let userRootCount: Int
    private var indexes: [URL: RootIndex] = [:]
    private let lock = NSLock()

    public init(roots: [URL], userRootCount: Int = 0) {
        self.roots = roots
        self.userRootCount = min(userRootCount, roots.count)
    }

    /// The file that serves image `name`, or nil.
    public func imageURL(named name: String) -> URL? { find(name, kind: .image) }
    /// The file that serves sound `name` (a base name such as `elevatorChime`), or nil.
    public func soundURL(named name: String) -> URL? { find(name, kind: .sound) }

    /// The asset catalog's colour set (`X.colorset` folder) named `name`, or nil.
    public func colorSetURL(named name: String) -> URL? { find(name, kind: .color) }

    /// The particle effect file (`.sks` or our `.json`) named `name`, or nil.
    public func effectURL(named name: String) -> URL? { find(name, kind: .effect) }

    /// Every effect name the roots offer (bare names, sorted).
    public var effectNames: [String] {
        Array(Set(roots.flatMap { index(for: $0).effectNames })).sorted()
    }

    /// Every image name the roots offer (bare names, sorted): what a texture picker lists.
    public var imageNames: [String] {
        Array(Set(roots.flatMap { index(for: $0).imageNames })).sorted()
    }

    /// The bundled `Resources` folder: `$ZOETROPE_RESOURCES`, else an installed player's `../share/zoetrope/Resources`,
    /// else the first `Resources` folder holding `Images` found walking up from the executable (so
    /// `.build/debug/zoetrope` finds the checkout's `Resources/`).
    public static func bundledRoot(executable: URL = URL(fileURLWithPath: CommandLine.arguments[0])) -> URL? {
        let fm = FileManager.default
        if let env = ProcessInfo.processInfo.environment["ZOETROPE_RESOURCES"], !env.isEmpty {
            return URL(fileURLWithPath: env)
        }
        var dir = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        // An installed player (scripts/install): PREFIX/bin/zoetrope and PREFIX/share/zoetrope/Resources.
        let installed = dir.appendingPathComponent("../share/zoetrope/Resources").standardizedFileURL
        if fm.fileExists(atPath: installed.appendingPathComponent("Images").path) { return installed }
        for _ in 0..<8 {
            let candidate = dir.appendingPathComponent("Resources")
            if fm.fileExists(atPath: candidate.appendingPathComponent("Images").path) { return candidate }
            dir.deleteLastPathComponent()
        }
        let cwd = URL(fileURLWithPath: fm.currentDirectoryPath).appendingPathComponent("Resources")
        return fm.fileExists(atPath: cwd.path) ? cwd : nil
    }

    // MARK: - Lookup

    enum Kind { case image, sound, effect, color }

    private func find(_ name: String, kind: Kind) -> URL? {
        // A sound named by its absolute path: a book app's `AVAudioPlayer(contentsOf:)` of a file outside the roots;
        // an image likewise: the player's gallery shows pictures from its cache folder.
        if kind == .sound || kind == .image, name.hasPrefix("/"), FileManager.default.isReadableFile(atPath: name) {
            return URL(fileURLWithPath: name)
        }
        let bare = name.split(separator: "/").last.map(String.init) ?? name
        for (i, root) in roots.enumerated() {
            let idx = index(for: root)
            if let url = idx.lookup(name, kind: kind) { return url }
            if bare != name, i < userRootCount, let url = idx.lookup(bare, kind: kind) { return url }
        }
        return nil
    }

    private func index(for root: URL) -> RootIndex {
        lock.lock(); defer { lock.unlock() }
        if let idx = indexes[root] { return idx }
        let idx = RootIndex(root: root)
        indexes[root] = idx
        return idx
    }
}

/// Everything one root serves, scanned once.
struct RootIndex {
    private var images: [String: URL] = [:]
    private var sounds: [String: URL] = [:]
    private var effects: [String: URL] = [:]
    private var colors: [String: URL] = [:]

    init(root: URL) {
        let fm = FileManager.default
        guard let walker = fm.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey],
                                         options: [.skipsHiddenFiles]) else { return }
        // Collect (depth, url) so the shallowest match wins regardless of enumeration order.
        var found: [(depth: Int, url: URL)] = []
        for case let url as URL in walker { found.append((walker.level, url)) }
        found.sort { $0.depth != $1.depth ? $0.depth < $1.depth : $0.url.path < $1.url.path }
        for (_, url) in found {
            let ext = url.pathExtension.lowercased()
            let base = url.deletingPathExtension().lastPathComponent
            let parentExt = url.deletingLastPathComponent().pathExtension.lowercased()
            if ext == "imageset", url.deletingLastPathComponent().pathExtension.lowercased() == "xcassets"
                || url.path.contains(".xcassets/") {
                if images[base] == nil, let file = CatalogEntry.file(in: url, extensions: AssetResolver.imageExtensions) {
                    images[base] = file
                }
            } else if ext == "dataset", url.path.contains(".xcassets/") {
                if sounds[base] == nil, let file = CatalogEntry.file(in: url, extensions: AssetResolver.soundExtensions) {
                    sounds[base] = file
                }
            } else if ext == "colorset", url.path.contains(".xcassets/") {
                if colors[base] == nil { colors[base] = url }
            } else if parentExt != "imageset" && parentExt != "dataset" && parentExt != "colorset" {
                let qualified = url.deletingLastPathComponent().lastPathComponent + "/" + base
                for key in [base, qualified] {
                    if AssetResolver.imageExtensions.contains(ext), images[key] == nil { images[key] = url }
                    if AssetResolver.soundExtensions.contains(ext), sounds[key] == nil { sounds[key] = url }
                    if AssetResolver.effectExtensions.contains(ext), effects[key] == nil { effects[key] = url }
                }
            }
        }
    }

    var effectNames: [String] { effects.keys.filter { !$0.contains("/") } }
    var imageNames: [String] { images.keys.filter { !$0.contains("/") } }

    func lookup(_ name: String, kind: AssetResolver.Kind) -> URL? {
        switch kind {
        case .image: return images[name]
        case .sound: return sounds[name]
        case .effect: return effects[name]
        case .color: return colors[name]
        }
    }
}

/// Reads an asset-catalog entry's `Contents.json` and picks its file: the 1x image, else the only file.
enum CatalogEntry {
    /// Broken entries are said once each (a missing image is, too), and the name is then looked up elsewhere.
    private static let log = Logger.zoetrope("zoetrope.assets")

    static func file(in folder: URL, extensions: [String]) -> URL? {
        let fm = FileManager.default
        let contents = folder.appendingPathComponent("Contents.json")
        var problem: String?
        if let data = try? PosixFile.read(contents.path, maxBytes: 1 << 20) {
            let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            let entries = (json?["images"] as? [[String: Any]]) ?? (json?["data"] as? [[String: Any]]) ?? []
            let names = entries.compactMap { $0["filename"] as? String }
            // A file of this folder only: a name with a path in it (`../../secret.png`) is refused.
            let named = entries.compactMap { e -> (String, String?)? in
                guard let f = e["filename"] as? String, usable(f) else { return nil }
                return (f, e["scale"] as? String)
            }
            let pick = named.first { $0.1 == "1x" } ?? (named.count == 1 ? named.first : nil) ?? named.first
            if let pick, fm.fileExists(atPath: folder.appendingPathComponent(pick.0).path) {
                return folder.appendingPathComponent(pick.0)
            }
            if json == nil {
                problem = "is not a JSON object"
            } else if let bad = names.first(where: { !usable($0) }) {
                problem = "names \(shown(bad)), which is not a file name inside the folder"
            } else if let pick {
                problem = "names \(shown(pick.0)), which does not exist"
            } else {
                problem = "names no file"
            }
        }
        // No usable Contents.json: fall back to the only matching file in the folder.
        let files = ((try? fm.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { extensions.contains(($0 as NSString).pathExtension.lowercased()) }.sorted()
        let fallback = files.first.map { folder.appendingPathComponent($0) }
        if let problem {
            log.warning("asset catalog entry \(folder.path): its Contents.json \(problem); \(fallback.map { "using \($0.lastPathComponent) instead" } ?? "the asset is looked up elsewhere")")
        }
        return fallback
    }

    /// A plain file name of the entry's own folder, of a sane length.
    private static func usable(_ name: String) -> Bool {
        !name.isEmpty && !name.contains("/") && name != "." && name != ".." && name.utf8.count <= 255
    }

    /// A name as a message shows it: quoted, and cut when absurdly long.
    private static func shown(_ name: String) -> String {
        name.count > 80 ? "\"\(name.prefix(60))…\" (\(name.count) characters)" : "\"\(name)\""
    }
}
