import Foundation
import Particles
import Stage

/// "Rocket Fire" (chapter 15): a rocket rises through the stars every 8 s with a flame fixed under its nozzle
/// (spec 05 §2.3).
public final class RocketFireScene: Scene {
    public static let info = SceneInfo(id: "rocket-fire", chapter: "Chapter 15", title: "Rocket Fire",
                                       referenceSize: Size(390, 844), mapping: .responsive)
    public let root = Node(name: "root")
    private let background = Node(name: "background", content: .image("rocket-fire/background", .stretch))
    let fireLayer = ParticleLayer(name: "fire-layer", sceneSize: Vector2(400, 600))
    let rocket = Node(name: "rocket", content: .image("rocket-fire/rocket", .aspectFit))
    let fire: EmitterNode

    public init(context: SceneContext) {
        var config = Effects.load("Fire", context)
        config.particlePositionRange = Vector2(5, 0)
        fire = EmitterNode(name: "fire", config: config, seed: context.seed)
        fire.position = Vector2(200, 300)
        fireLayer.add(fire)
        root.add([background, fireLayer, rocket])
    }

    /// How far the rocket has risen: 1.3·H·frac(t/8), linear, jumping back every 8 s.
    static func rise(height H: Double, at t: Double) -> Double {
        let cycles = t / 8
        return 1.3 * H * (cycles - cycles.rounded(.down))
    }

    public func layout(size: Size, time: Double) {
        let W = size.width, H = size.height, C = Point(W / 2, H / 2)
        root.frame = Rect(origin: .zero, size: size)
        background.frame = Rect(center: C, size: size).aspectFill(Size(600, 1035))
        let o = RocketFireScene.rise(height: H, at: time)
        fireLayer.place(size: size, center: Point(W / 2, H + 60 - o))
        fireLayer.transforms = [.rotation(degrees: 180)]
        rocket.frame = Rect(center: Point(W / 2, H - o), size: Size(100, 200))
        fireLayer.update(to: time)
    }
}
