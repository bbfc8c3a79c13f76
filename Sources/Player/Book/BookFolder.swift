import Foundation

/// A folder of a book project as the reader has it (an Xcode project folder, or just its `.swift` files): its Swift
/// sources, and what the player needs to know of them before compiling: the `@main` app and the previews.
nonisolated struct BookFolder {
    let url: URL
    /// The `.swift` files to compile, sorted by path: every one under the folder except hidden folders, build
    /// folders and test targets (files that import XCTest).
    let sources: [URL]
    /// The type marked `@main` (the app), if any.
    let appType: String?
    /// The `PreviewProvider`s, by type name, in source order.
    let previews: [String]

    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    init(_ url: URL) throws {
        self.url = url.standardizedFileURL
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw Problem(description: "\(url.path): no such folder")
        }
        guard isFolder.boolValue else { throw Problem(description: "\(url.path) is a file; give the project's folder") }
        let files = try BookFolder.swiftFiles(in: self.url)
        sources = files.map(\.url)
        guard !sources.isEmpty else { throw Problem(description: "\(url.path) holds no .swift files") }
        var apps: [(type: String, file: URL)] = []
        var previews: [String] = []
        for (file, text) in files {
            apps += BookFolder.firstMatch(BookFolder.mainPattern, in: text).map { ($0, file) }
            previews += BookFolder.firstMatch(BookFolder.previewPattern, in: text)
        }
        // A folder of several projects (a chapter's): one app at a time.
        if apps.count > 1 {
            let folder = self.url
            let list = apps.map { "  \($0.type) in \(BookFolder.relative($0.file.path, to: folder))" }
            throw Problem(description: "\(url.path) holds several apps; run the folder of one of them:\n"
                          + list.joined(separator: "\n"))
        }
        appType = apps.first?.type
        self.previews = previews
    }

    /// The newest modification time among the sources (and the folder itself, which changes when a file is added
    /// or removed): live reload compares it.
    func stamp() -> Date {
        // Listed, not read: this runs four times a second (a test target's file counts too; its save rebuilds).
        let paths = [url] + ((try? BookFolder.swiftFiles(in: url, reading: false).map(\.url)) ?? sources)
        return paths.compactMap { try? $0.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate }
            .max() ?? .distantPast
    }

    /// The path of `file` relative to the project folder, as compiler messages name it.
    func relativePath(_ path: String) -> String { BookFolder.relative(path, to: url) }

    static func relative(_ path: String, to folder: URL) -> String {
        let base = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }

    // `@main struct ElevatorApp: App` (attributes and modifiers may sit between, on one line or several).
    private static let mainPattern = #"@main\s+(?:(?:public|internal|final)\s+)*struct\s+([A-Za-z_][A-Za-z0-9_]*)"#
    // `struct ContentView_Previews: PreviewProvider` (not private: the registration lives in another file).
    private static let previewPattern =
        #"(?m)^[ \t]*(?:(?:public|internal)\s+)?struct\s+([A-Za-z_][A-Za-z0-9_]*)\s*:\s*(?:[A-Za-z_.]+\s*,\s*)*PreviewProvider\b"#

    private static func firstMatch(_ pattern: String, in text: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return regex.matches(in: text, range: range).compactMap { m in
            Range(m.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    private static let skippedFolders: Set<String> = [".build", "build", "DerivedData", "Pods", ".swiftpm"]

    /// The folder's Swift files with their text, read once (the text decides what they are); without `reading`,
    /// only their paths.
    private static func swiftFiles(in folder: URL, reading: Bool = true) throws -> [(url: URL, text: String)] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isDirectoryKey],
                                                          options: [.skipsHiddenFiles]) else {
            throw Problem(description: "\(folder.path): cannot read the folder")
        }
        var out: [(url: URL, text: String)] = []
        for case let file as URL in walker {
            if (try? file.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
                if skippedFolders.contains(file.lastPathComponent) { walker.skipDescendants() }
                continue
            }
            guard file.pathExtension == "swift" else { continue }
            let text = reading ? (try? String(contentsOf: file, encoding: .utf8)) ?? "" : ""
            if text.contains("import XCTest") { continue }   // a test target of the Xcode project
            out.append((file.standardizedFileURL, text))
        }
        return out.sorted { $0.url.path < $1.url.path }
    }
}
