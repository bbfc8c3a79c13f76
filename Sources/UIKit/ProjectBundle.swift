import Foundation

/// `Bundle.main` for a book project (`zoetrope run` names it `Bundle` in the project's files): on iOS the app's
/// bundle holds the files beside the code — sounds, word lists, `.sks` files — so here its resources are the files
/// of the project's folder, found by name anywhere inside it.
public final class ProjectBundle {
    public static let main = ProjectBundle()

    /// The folders searched, the project's first (the player sets them when it loads a build).
    public var resourceRoots: [URL] = [] { didSet { index = nil } }
    private var index: [String: URL]?
    private let lock = NSLock()

    private init() {}

    /// The path of `name.ext` (or of `name` when it carries its extension already), or nil.
    public func path(forResource name: String?, ofType ext: String?) -> String? {
        url(forResource: name, withExtension: ext)?.path
    }

    public func url(forResource name: String?, withExtension ext: String?) -> URL? {
        guard let name, !name.isEmpty else { return nil }
        let file = (ext?.isEmpty ?? true) ? name : name + "." + ext!.trimmingCharacters(in: CharacterSet(charactersIn: "."))
        return files()[file]
    }

    public var bundlePath: String { resourceRoots.first?.path ?? FileManager.default.currentDirectoryPath }
    public var resourcePath: String? { resourceRoots.first?.path }
    public var bundleURL: URL { URL(fileURLWithPath: bundlePath) }

    /// Every file under the roots by file name; the shallowest wins, as in an app bundle's flat resources.
    private func files() -> [String: URL] {
        lock.lock(); defer { lock.unlock() }
        if let index { return index }
        var found: [String: (depth: Int, url: URL)] = [:]
        for root in resourceRoots {
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil,
                                                              options: [.skipsHiddenFiles]) else { continue }
            for case let url as URL in walker {
                let name = url.lastPathComponent
                if let old = found[name], old.depth <= walker.level { continue }
                found[name] = (walker.level, url)
            }
        }
        let made = found.mapValues(\.url)
        index = made
        return made
    }
}
