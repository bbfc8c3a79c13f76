import Foundation

/// What the player's on-disk stores of decoded work share (`DecodedSoundStore`, `DecodedPictureStore`): where the
/// user's cache is, how a source file is told apart from an edited one, and which file holds its entry.
enum UserCacheFolder {
    /// `$XDG_CACHE_HOME/zoetrope/<name>` (an absolute XDG path only), else `$HOME/.cache/zoetrope/<name>`; nil
    /// without either.
    static func named(_ name: String, environment: [String: String]) -> URL? {
        let base: String
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            base = xdg
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = home + "/.cache"
        } else {
            return nil
        }
        return URL(fileURLWithPath: base).appendingPathComponent("zoetrope/\(name)")
    }

    /// A source file as it is now: its size and modification time (ns); nil when it cannot be read.
    static func stamp(of source: URL) -> (size: Int64, time: Int64)? {
        var st = stat()
        guard stat(source.path, &st) == 0 else { return nil }
        return (Int64(st.st_size), Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec))
    }

    /// The entry's file name for `source`: FNV-1a of its absolute path, in hex, with `suffix`.
    static func entryName(for source: URL, suffix: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in source.standardizedFileURL.path.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return String(hash, radix: 16) + suffix
    }
}
