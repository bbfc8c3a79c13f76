import Particles
import Stage

/// "Snow emitter (preview)" (chapter 8): the book's CAEmitterLayer snow alone on black (spec 03 §1.1.3, §1.2).
/// The Core Animation cell runs on the same particle engine as the SpriteKit scenes.
public final class SnowScene: Scene {
    public static let info = SceneInfo(id: "ch08-snow", chapter: "Chapter 8", title: "Snow emitter (preview)",
                                       referenceSize: Size(393, 852), mapping: .fixedCanvas)
    /// The layout rect L: the iPhone 14 Pro safe area inside the 393×852 canvas.
    static let L = Rect(x: 0, y: 59, width: 393, height: 759)
    public let root = Node(name: "root")
    private let background = Node(name: "background", content: .shape(.rect, fill: .black, stroke: nil))
    /// The host view: clips to L; scene space is L itself with y up (1 pt = 1 pt).
    let host = ParticleLayer(name: "snow-host", sceneSize: Vector2(393, 759))
    let snow: EmitterNode

    /// `SnowView`'s one cell: 40 flakes a second, 25 s each, 60 pt/s in every direction, 2.5 % of the image.
    static var cell: EmitterCell {
        var cell = EmitterCell()
        cell.contents = "ch08/snow"
        cell.birthRate = 40
        cell.lifetime = 25
        cell.velocity = 60
        cell.scale = 0.025
        cell.emissionRange = .pi
        return cell
    }

    public init(context: SceneContext) {
        snow = EmitterNode(name: "snow", config: EmitterConfig(cell: SnowScene.cell), seed: context.seed)
        // The emitter layer's origin is (200, −100) in the host (y down): canvas (200, −41), above L.
        snow.position = Vector2(200, SnowScene.L.height + 100)
        host.add(snow)
        root.add([background, host])
    }

    public func layout(size: Size, time: Double) {
        root.frame = Rect(origin: .zero, size: size)
        background.frame = root.frame
        host.frame = SnowScene.L
        host.update(to: time)
    }
}
