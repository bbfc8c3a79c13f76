import Foundation
import Stage

/// The channels of the players of each running scene: a player takes the lowest free one when it first plays and
/// gives it back when it is released. The first is the scene's global player channel (where our built-in scenes
/// play their sounds too), the others are effect channels, so players that play together are mixed together.
enum PlayerChannels {
    private final class Entry {
        weak var context: SceneContext?
        var used: Set<Int> = []
        init(_ context: SceneContext) { self.context = context }
    }
    private static var entries: [Entry] = []
    private static let lock = NSLock()

    static func claim(in context: SceneContext) -> SoundChannel {
        lock.lock(); defer { lock.unlock() }
        let entry = self.entry(context)
        let slot = (0...).first { !entry.used.contains($0) }!
        entry.used.insert(slot)
        return channel(slot)
    }

    static func release(_ channel: SoundChannel, in context: SceneContext) {
        lock.lock(); defer { lock.unlock() }
        switch channel {
        case .player: entry(context).used.remove(0)
        case let .effect(n): entry(context).used.remove(n)
        }
    }

    private static func channel(_ slot: Int) -> SoundChannel { slot == 0 ? .player : .effect(slot) }

    private static func entry(_ context: SceneContext) -> Entry {
        entries.removeAll { $0.context == nil }
        if let e = entries.first(where: { $0.context === context }) { return e }
        let e = Entry(context)
        entries.append(e)
        return e
    }
}

/// The name a sound file plays under in the scene's sound player: its base name when the scene's assets serve that
/// very file under it (a file of the project folder), else its absolute path.
enum SoundNames {
    static func name(of url: URL, in assets: AssetResolver) -> String {
        let base = url.deletingPathExtension().lastPathComponent
        if let found = assets.soundURL(named: base), same(found, url) { return base }
        return url.standardizedFileURL.path
    }

    private static func same(_ a: URL, _ b: URL) -> Bool {
        a.standardizedFileURL.resolvingSymlinksInPath().path == b.standardizedFileURL.resolvingSymlinksInPath().path
    }
}

/// What the player says when a sound cannot be played: one warning on the scene's log.
enum AudioLog {
    static func say(_ context: SceneContext, _ message: String) { context.log.warning("\(message)") }
}
