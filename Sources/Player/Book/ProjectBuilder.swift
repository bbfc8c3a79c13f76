import Foundation
import Stage

/// Builds a book project folder for the player: compiles it as it is now (on any thread: live reload compiles off
/// the main thread) and loads the build (on the main thread, where the project's code registers its app and
/// previews and the player's settings for it change).
nonisolated final class ProjectBuilder {
    /// The folder as it was at the last compile.
    private(set) var folder: BookFolder
    private let compiler: BookCompiler
    private let size: Size?

    init(folder: URL, size: Size?) throws {
        self.folder = try BookFolder(folder)
        compiler = try BookCompiler()
        self.size = size
    }

    /// Compiles the folder as it is now into a library.
    func compile() throws -> URL {
        folder = try BookFolder(folder.url)
        return try compiler.compile(folder)
    }

    /// Loads a library `compile` made: its entries (the app first, then the previews).
    @MainActor
    func load(_ library: URL) throws -> [SceneEntry] {
        try BookLoader.load(library, folder: folder, size: size)
    }

    /// A build of the folder as it is now, compiled and loaded.
    @MainActor
    func build() throws -> [SceneEntry] { try load(compile()) }
}
