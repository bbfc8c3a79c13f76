import Foundation
import Motion
import Stage
import Views

/// The app around the scene's view tree: its scene context (clock, sounds, assets, log), the bundle, delayed calls,
/// the system-sound registry and what the device plays and feels (`deviceFeedback`). UIKit's singletons (`UIApplication.shared`, `Bundle.main`) point at the app whose
/// code is running: the scene enters it (`run`) for every call into the view tree.
final class UIApplication {
    static var current: UIApplication?
    static var shared: UIApplication { current! }

    let context: SceneContext
    /// The folder of the bundle's images among the player's resources.
    let imageFolder: String
    /// Pending `performSelector:afterDelay:` calls, by target.
    var pendingPerforms: [ObjectIdentifier: [TimerHandle]] = [:]
    /// `AudioServicesCreateSystemSoundID` registrations: id → sound asset name.
    var systemSounds: [SystemSoundID: String] = [:]
    /// The system sounds played (`AudioServicesPlaySystemSound`), for the harness's system-sound log.
    let deviceFeedback: DeviceFeedback
    /// Channels handed to audio players: the first gets the player's one channel, later ones effect channels.
    private var nextPlayerChannel = 0

    init(context: SceneContext, imageFolder: String) {
        self.context = context; self.imageFolder = imageFolder
        deviceFeedback = DeviceFeedback(sound: context.sound, clock: context.clock)
    }

    var now: Double { context.clock.now }

    /// Runs `body` with this app current.
    @discardableResult
    func run<R>(_ body: () -> R) -> R {
        let outer = UIApplication.current
        UIApplication.current = self
        defer { UIApplication.current = outer }
        return body()
    }

    /// Schedules `action` on the scene clock (exact due times), run inside this app.
    @discardableResult
    func schedule(after delay: Double, _ action: @escaping () -> Void) -> TimerHandle {
        context.clock.schedule(after: delay) { [weak self] in self?.run(action) }
    }

    @discardableResult
    func schedule(at time: Double, _ action: @escaping () -> Void) -> TimerHandle {
        context.clock.schedule(at: time) { [weak self] in self?.run(action) }
    }

    /// The next free channel for an audio player.
    func playerChannel() -> SoundChannel {
        defer { nextPlayerChannel += 1 }
        return nextPlayerChannel == 0 ? .player : .effect(AudioServices.channelNumber + nextPlayerChannel)
    }
}

/// The app bundle: resources looked up by (name, type), i.e. `[[NSBundle mainBundle] pathForResource:ofType:]`.
/// A wrong extension means not found (spec 06 §2.7).
struct ResourceBundle {
    let assets: AssetResolver
    let imageFolder: String
    static var main: ResourceBundle {
        let app = UIApplication.shared
        return ResourceBundle(assets: app.context.assets, imageFolder: app.imageFolder)
    }

    /// `URLForResource:withExtension:` for a sound file.
    func url(forResource name: String, withExtension ext: String) -> URL? {
        guard let url = assets.soundURL(named: name), url.pathExtension.lowercased() == ext.lowercased() else { return nil }
        return url
    }

    /// The Stage asset name of image `name` in this bundle.
    func imageAssetName(_ name: String) -> String { imageFolder + "/" + name }
}
