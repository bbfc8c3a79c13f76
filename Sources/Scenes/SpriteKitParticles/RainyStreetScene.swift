import Foundation
import Motion
import Particles
import Stage

/// "Rain" (chapter 15): two rain layers over a wet alley, 150 pulsing splashes and a breathing puddle
/// (spec 05 §2.5).
public final class RainyStreetScene: Scene {
    public static let info = SceneInfo(id: "rainy-street", chapter: "Chapter 15", title: "Rain",
                                       referenceSize: Size(390, 844), mapping: .responsive)
    public let root = Node(name: "root")
    private let street = Node(name: "street", content: .image("rainy-street/street", .stretch))
    private let puddleGroup = Node(name: "puddle-group")
    /// The 600×500 gradient stadium, pre-blurred (σ 5) in its image with a 15-pt margin.
    private let puddle = Node(name: "puddle", content: .image("rainy-street/puddle", .stretch))
    private let ring = Node(name: "puddle-ring", content: .shape(.capsule, fill: nil, stroke: Stroke(.gray, width: 5)))
    let rainA = ParticleLayer(name: "rain-a", sceneSize: Vector2(400, 600))
    let rainB = ParticleLayer(name: "rain-b", sceneSize: Vector2(400, 600))
    private let dropsGroup = Node(name: "drops")
    let drops: [Drop]

    /// A splash: a soft white disc (⌀15, blur 3, opacity 0.6) pulsing in scale 0.1 → 0.8 → 0.1 with legs of d s,
    /// flattened by the 80° tilt to cos 80° of its height.
    struct Drop {
        let node: Node
        let x: Double, y: Double
        /// easeInOut legs of d seconds, autoreversing forever, from 0.1.
        let pulse: Animation
        func scale(at t: Double) -> Double { 0.1 + 0.7 * pulse.progress(at: t) }
    }

    public init(context: SceneContext) {
        let W = Self.info.referenceSize.width, H = Self.info.referenceSize.height
        func uniform(_ a: Double, _ b: Double) -> Double { a + (b - a) * context.random.unit() }
        drops = (0..<150).map { i in
            // The spark texture: white with a soft radial falloff, standing in for a blurred white circle.
            let node = Node(name: "drop-\(i)", content: .image("particles/spark", .stretch))
            node.opacity = 0.6
            return Drop(node: node, x: uniform(-150, W), y: uniform(H / 5, H),
                        pulse: Animation.easeInOut(duration: uniform(0.3, 1.0)).repeatForever(autoreverses: true))
        }
        var config = Effects.load("Rain", context)
        config.particlePositionRange = Vector2(500, 1100)
        for (i, layer) in [rainA, rainB].enumerated() {
            let rain = EmitterNode(name: "rain", config: config, seed: context.seed &+ UInt64(i))
            rain.position = Vector2(200, 300)
            rain.xScale = 0.5
            layer.add(rain)
        }
        ring.opacity = 0.5
        puddleGroup.add([puddle, ring])
        dropsGroup.add(drops.map(\.node))
        root.add([street, puddleGroup, rainA, dropsGroup, rainB])
    }

    /// Puddle breathing: 0.5 → outer → 0.5 with easeInOut legs of 8 s.
    static let breathing = Animation.easeInOut(duration: 8).repeatForever(autoreverses: true)
    static func breath(_ outer: Double, at t: Double) -> Double { 0.5 + (outer - 0.5) * breathing.progress(at: t) }

    public func layout(size: Size, time: Double) {
        let C = Point(size.width / 2, size.height / 2)
        root.frame = Rect(origin: .zero, size: size)
        street.frame = Rect(center: C, size: size).aspectFill(Size(1271, 1012))

        let sX = RainyStreetScene.breath(0.55, at: time), sY = RainyStreetScene.breath(0.6, at: time)
        let centre = Point(C.x - 50, C.y + 300)
        puddleGroup.frame = Rect(center: centre, size: Size(600, 500))
        // The whole group tilts back 81°: a vertical squash by cos 81° about its centre.
        puddleGroup.transforms = [.scale(1, cos(81 * Double.pi / 180))]
        puddle.frame = Rect(center: centre, size: Size(630, 530))
        puddle.opacity = 0.5
        puddle.transforms = [.scale(sX, sY)]
        ring.frame = Rect(center: Point(centre.x, centre.y - 15), size: Size(350, 200))
        ring.transforms = [.scale(sX + 0.03, sY + 0.03)]

        rainA.place(size: size, center: C)
        rainB.place(size: size, center: C)
        dropsGroup.frame = root.frame
        let squash = cos(80 * Double.pi / 180)
        for d in drops {
            let s = d.scale(at: time)
            d.node.frame = Rect(center: Point(C.x + d.x - 140, C.y + d.y), size: Size(21, 21))
            d.node.transforms = [.scale(s, s * squash)]
        }
        rainA.update(to: time)
        rainB.update(to: time)
    }
}
