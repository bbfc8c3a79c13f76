import Foundation
import Stage

/// Builds a book project folder for the player: compiles it as it is now and loads the build.
final class ProjectBuilder {
    /// The folder as it was at the last build.
    private(set) var folder: BookFolder
    private let compiler: BookCompiler
    private let size: Size?

    init(folder: URL, size: Size?) throws {
        self.folder = try BookFolder(folder)
        compiler = try BookCompiler()
        self.size = size
    }

    /// A build of the folder as it is now: its entries (the app first, then the previews).
    func build() throws -> [SceneEntry] {
        folder = try BookFolder(folder.url)
        let library = try compiler.compile(folder)
        return try BookLoader.load(library, folder: folder, size: size)
    }
}
