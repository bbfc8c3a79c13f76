import Foundation
import Logging
import Particles
import Stage

/// The chapter 15 effect files, found by name through the asset roots (a user's own `Smoke.sks` in `--assets`
/// replaces ours). A missing or broken file leaves the emitter empty, with one message.
enum Effects {
    static func load(_ name: String, _ context: SceneContext) -> EmitterConfig {
        guard let url = context.assets.effectURL(named: name) else {
            context.log.warning("particle effect \"\(name)\" not found in the asset folders; it is left out")
            return EmitterConfig()
        }
        do {
            let result = try ParticleFile.load(url)
            for warning in result.warnings { context.log.warning("\(warning)") }
            guard let first = result.emitters.first else {
                context.log.warning("\(url.path): no emitter in the file")
                return EmitterConfig()
            }
            return first.config
        } catch {
            context.log.warning("\(error)")
            return EmitterConfig()
        }
    }
}

extension Effects {
    /// Smoke and steam as the projects' code sets them up after loading (spec 05 §2.1, §2.2): screen blending and
    /// tiny starting scales.
    static func smoke(_ name: String, _ context: SceneContext) -> EmitterConfig {
        var config = load(name, context)
        config.particleBlendMode = .screen
        config.particleScale = 0.01
        config.particleScaleRange = 0.05
        return config
    }
}

/// The common look of the chapter 15 scenes: every particle layer takes the whole content area, moved by offsets.
extension ParticleLayer {
    /// Lays the layer out as a W×H rect centred at `center` (spec 05 §2.0).
    func place(size: Size, center: Point) {
        frame = Rect(center: center, size: size)
    }
}
