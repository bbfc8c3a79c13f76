import Motion
import Particles
import Stage

/// "Blizzard" (chapter 15): 47 snowy branches sway over a winter tree while two snow emitters fall, one pushed
/// by the wind (spec 05 §2.4).
public final class SnowBlizzardScene: Scene {
    public static let info = SceneInfo(id: "snow-blizzard", chapter: "Chapter 15", title: "Blizzard",
                                       referenceSize: Size(390, 844), mapping: .responsive)
    public let root = Node(name: "root")
    private let background = Node(name: "background", content: .image("snow-blizzard/background", .stretch))
    let snowLayer = ParticleLayer(name: "snow-layer", sceneSize: Vector2(500, 800))
    let snow: EmitterNode
    let blustery: EmitterNode
    let branches: [Branch]

    /// One swaying branch: rotation θmax·e(t) and jitter p·e(t), e = easeInOut of a triangle wave of half-period d.
    struct Branch {
        let node: Node
        let group: Int
        let width: Double
        /// Centre at rest, relative to the content centre C.
        let anchor: Point
        let maxAngle: Double
        let jitter: Point
        /// easeInOut legs of d seconds, autoreversing forever, from rest.
        let sway: Animation

        func sway(at t: Double) -> Double { sway.progress(at: t) }
    }

    /// Per group: count, frame width, anchor offset from C, the three angle ranges, max vertical jitter, half-period.
    static let groups: [(count: Int, width: Double, anchor: Point, a: [ClosedRange<Double>], pyMax: Double,
                         d: ClosedRange<Double>)] = [
        (8, 200, Point(-50, -150), [2...4, 2...3, 1...3], 5, 3...5),
        (10, 200, Point(-130, -306), [3...4, 2...5, 1...4], 14, 2...6),
        (15, 200, Point(-170, -150), [1...3, 2...4, 3...6], 8, 4...6),
        (7, 200, Point(-150, 10), [1...3, 2...3, 3...5], 12, 4...6),
        (7, 180, Point(-30, -50), [0...2, 0...3, 0...1], 12, 3...6),
    ]

    public init(context: SceneContext) {
        func uniform(_ r: ClosedRange<Double>) -> Double { r.lowerBound + (r.upperBound - r.lowerBound) * context.random.unit() }
        var made: [Branch] = []
        for (g, group) in SnowBlizzardScene.groups.enumerated() {
            for i in 0..<group.count {
                let node = Node(name: "branch-\(g + 1)-\(i)", content: .image("snow-blizzard/branch", .stretch))
                made.append(Branch(node: node, group: g + 1, width: group.width, anchor: group.anchor,
                                   maxAngle: group.a.map(uniform).reduce(0, +),
                                   jitter: Point(uniform(0...10), uniform(0...group.pyMax)),
                                   sway: Animation.easeInOut(duration: uniform(group.d)).repeatForever(autoreverses: true)))
            }
        }
        branches = made
        var snowConfig = Effects.load("Snow", context)
        snowConfig.particlePositionRange = Vector2(500, 900)
        var blusteryConfig = Effects.load("Blustery", context)
        blusteryConfig.particlePositionRange = Vector2(500, 900)
        snow = EmitterNode(name: "snow", config: snowConfig, seed: context.seed)
        blustery = EmitterNode(name: "blustery", config: blusteryConfig, seed: context.seed &+ 1)
        for e in [snow, blustery] {
            e.position = Vector2(250, 400)
            snowLayer.add(e)
        }
        root.add(background)
        root.add(branches.map(\.node))
        root.add(snowLayer)
    }

    public func layout(size: Size, time: Double) {
        let C = Point(size.width / 2, size.height / 2)
        root.frame = Rect(origin: .zero, size: size)
        background.frame = Rect(center: C, size: Size(600, 900))
        for b in branches {
            let e = b.sway(at: time)
            let centre = Point(C.x + b.anchor.x + b.jitter.x * e, C.y + b.anchor.y + b.jitter.y * e)
            b.node.frame = Rect(center: centre, size: Size(b.width, b.width * 443 / 488))
            b.node.transforms = [.rotation(degrees: b.maxAngle * e)]
        }
        snowLayer.place(size: size, center: C)
        snowLayer.update(to: time)
    }
}
