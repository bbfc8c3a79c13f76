import Particles
import Stage
import Views

/// The book's `SnowView`: a view holding a Core Animation emitter layer whose one cell is the snowflake
/// (spec 03 §1.1.3). It is the very emitter of the `ch08-snow` preview (`SnowScene.cell`), run by the particle
/// engine in a `ParticleHost`, which clips to the view's bounds (`masksToBounds`).
struct SnowView: View {
    var body: some View {
        ParticleHost { layer, seed in
            let snow = EmitterNode(name: "snow", config: EmitterConfig(cell: SnowScene.cell), seed: seed)
            // The emitter layer's frame starts at (200, −100) from the view's top-left, and every emitter property
            // keeps its default: flakes leave from that corner. Scene space is y up, from the bottom-left.
            snow.position = Vector2(200, layer.sceneSize.y + 100)
            layer.add(snow)
        }
    }
}
