import ArgumentParser
import Foundation

/// `zoetrope open FILE`: what a file manager's "Open with Zoetrope" runs (the desktop entry's `Exec`): an effect
/// file is previewed as `--emitter` does, a folder is played as `zoetrope run` does.
struct OpenCommand: ParsableCommand, Sendable {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Preview an effect file (.sks or .json), or play a project folder (as `zoetrope run`).")

    @Argument(help: ArgumentHelp("An effect file or a project folder.", valueName: "FILE"))
    var file: String

    @OptionGroup var player: PlayerOptions

    /// On the main thread, as `ZoetropeCommand.run`.
    func run() throws { try MainActor.assumeIsolated { try start() } }

    @MainActor
    private func start() throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), isFolder.boolValue {
            return RunCommand(folder: file, player: player).run()
        }
        var command = try ZoetropeCommand.parse(["--emitter", file])
        command.player = player
        try command.run()
    }
}
