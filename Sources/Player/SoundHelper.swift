import Backend
import Foundation

/// The player's executable doubles as the helper that decodes sounds with FFmpeg (`SoundDecoderProcess`), so that
/// FFmpeg and its libraries never enter the player's own memory (issue 24), and one bad file cannot take it down.
public enum SoundHelper {
    /// `main` asks first: the exit status of a helper run, or nil for a player run.
    public static func serve(_ arguments: [String]) -> Int32? { SoundDecoderProcess.serve(arguments) }

    /// How a run of the player decodes: by helpers run from this very executable (`/proc/self/exe`: the file it was
    /// started from, even if a build has replaced it since), or in this process where that cannot be found.
    static var decoding: SoundDecoding {
        let me = URL(fileURLWithPath: "/proc/self/exe")
        return FileManager.default.isExecutableFile(atPath: me.path) ? .helper(executable: me) : .inProcess
    }
}
