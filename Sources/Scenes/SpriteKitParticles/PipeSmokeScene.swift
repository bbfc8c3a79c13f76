import Particles
import Stage

/// "Pipe Smoke" (chapter 15): faint smoke rises from the detective's pipe (spec 05 §2.1).
public final class PipeSmokeScene: Scene {
    public static let info = SceneInfo(id: "pipe-smoke", chapter: "Chapter 15", title: "Pipe Smoke",
                                       referenceSize: Size(390, 844), mapping: .responsive)
    public let root = Node(name: "root")
    private let background = Node(name: "background", content: .image("pipe-smoke/background", .stretch))
    private let pipe = Node(name: "pipe", content: .image("pipe-smoke/pipe", .stretch))
    let smokeLayer = ParticleLayer(name: "smoke-layer", sceneSize: Vector2(400, 600))
    let smoke: EmitterNode

    public init(context: SceneContext) {
        let config = Effects.smoke("Smoke", context)
        smoke = EmitterNode(name: "smoke", config: config, seed: context.seed)
        smoke.position = Vector2(200, 300)
        smokeLayer.add(smoke)
        root.add([background, pipe, smokeLayer])
    }

    public func layout(size: Size, time: Double) {
        let C = Point(size.width / 2, size.height / 2)
        root.frame = Rect(origin: .zero, size: size)
        // Native size, centred; grown uniformly only when the window is larger (our choice).
        let native = Rect(center: C, size: Size(491, 887))
        background.frame = native.width >= size.width && native.height >= size.height
            ? native : Rect(center: C, size: size).aspectFill(Size(491, 887))
        pipe.frame = Rect(center: C, size: Size(350, 350))
        smokeLayer.place(size: size, center: Point(C.x - 140, C.y + 105))
        smokeLayer.update(to: time)
    }
}
