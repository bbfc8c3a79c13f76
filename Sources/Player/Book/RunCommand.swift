import ArgumentParser
import Foundation
import Stage

/// `zoetrope run DIR`: compiles a book project's own Swift files against the engine's `SwiftUI` and plays its app.
struct RunCommand: ParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Compile a project folder of the book (its .swift files as they are) and play its app.",
        discussion: """
        The folder's .swift files are compiled against Zoetrope's SwiftUI, SpriteKit, AVFoundation, UIKit and \
        ConfettiSwiftUI; its images, colours, sounds and .sks files are found by name. The app's window is the scene \
        `app`; each PreviewProvider is a scene of its own (--list). In a window, saving a file rebuilds the app and \
        brings it back to the same moment.
        """)

    @Argument(help: ArgumentHelp("The project's folder (an Xcode project folder as it is).", valueName: "DIR"))
    var folder: String

    @OptionGroup var player: PlayerOptions

    init() {}
    init(folder: String, player: PlayerOptions) { self.folder = folder; self.player = player }

    /// On the main thread, as `ZoetropeCommand.run`.
    func run() { MainActor.assumeIsolated { start() } }

    @MainActor
    private func start() {
        let builder: ProjectBuilder
        let entries: [SceneEntry]
        do {
            builder = try ProjectBuilder(folder: URL(fileURLWithPath: folder), size: player.size?.size)
            entries = try builder.build()
        } catch {
            BookCompiler.report(String(describing: error).split(separator: "\n").map(String.init))
            Foundation.exit(1)
        }
        if player.list {
            for e in entries { print("\(e.info.id)\t\(e.info.chapter)\t\(e.info.title)") }
            return
        }
        let id = player.scene ?? entries[0].info.id
        guard let entry = entries.first(where: { $0.info.id == id }) else {
            fail(Session.UnknownScene(id: id, catalog: entries).description, code: 2)
        }
        player.play(entry: entry, catalog: entries, reload: LiveReload(project: builder))
    }
}
