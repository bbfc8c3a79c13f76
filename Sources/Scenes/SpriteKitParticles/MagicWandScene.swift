import Foundation
import Particles
import Stage

/// "Magic Wand" (chapter 15): drag the wand across the graveyard; every move leaves a burst of stars at its tip,
/// and dragging into the bottom-left corner raises a skeleton (spec 05 §2.6).
public final class MagicWandScene: Scene {
    public static let info = SceneInfo(id: "magic-wand", chapter: "Chapter 15", title: "Magic Wand",
                                       referenceSize: Size(390, 844), mapping: .responsive)
    public let root = Node(name: "root")
    private let graveyard = Node(name: "graveyard", content: .image("magic-wand/graveyard", .stretch))
    let magicLayer = ParticleLayer(name: "magic-layer", sceneSize: Vector2(900, 600), scaleMode: .aspectFill)
    private let dragArea = DragArea(name: "drag")
    let stone = SpriteNode(name: "stone", image: "magic-wand/stone", size: Vector2(120, 175))
    let wand = SpriteNode(name: "wand", image: "magic-wand/wand", size: Vector2(80, 180))
    let idle: EmitterNode
    private let context: SceneContext
    private let magic: EmitterConfig
    /// Live trail emitters with their birth times; each fades over 1.2 s and is then removed.
    private(set) var trails: [(node: EmitterNode, born: Double)] = []
    /// Skeletons with their start times; each rises over 2 s and stays.
    private(set) var skeletons: [(node: SpriteNode, born: Double)] = []
    private var trailCount = 0
    static let trailLife = 1.2, skeletonRise = 2.0, maxSkeletons = 200
    /// The star is a 2x image: its logical size is half its pixels (spec 05 §5 item 9).
    static let starSize = Vector2(151, 155)

    public init(context: SceneContext) {
        self.context = context
        magic = Effects.load("Magic", context)
        var idleConfig = magic
        idleConfig.particlePositionRange = Vector2(5, 5)
        idleConfig.particleSpeed = 50
        idle = EmitterNode(name: "magic-idle", config: idleConfig, seed: context.seed)
        idle.textureSize = MagicWandScene.starSize
        let S = magicLayer.sceneSize
        stone.position = Vector2(S.x / 2.3, S.y / 2 - 150)
        stone.zPosition = 2
        stone.zRotation = .pi / 20
        wand.position = Vector2(S.x / 2, S.y / 3)
        magicLayer.add(stone)
        magicLayer.add(idle)
        magicLayer.add(wand)
        dragArea.coalesceMoves = true
        dragArea.onMove = { [unowned self] p in dragged(to: magicLayer.scenePoint(fromCanvas: p)) }
        root.add([graveyard, magicLayer, dragArea])
    }

    /// One (coalesced) drag move at scene point P.
    func dragged(to p: Vector2) {
        let now = context.clock.now, S = magicLayer.sceneSize
        wand.position = Vector2(p.x - 30, p.y + 180 / 2 - 20)
        if p.x < 0.55 * S.x && p.y < 0.12 * S.y { raiseSkeleton(at: now) }
        wand.zPosition = 2
        var config = magic
        config.particlePositionRange = Vector2(5, 5)
        config.particleSpeed = 50
        trailCount += 1
        let trail = EmitterNode(name: "trail-\(trailCount)", config: config, seed: context.seed &+ UInt64(trailCount))
        trail.textureSize = MagicWandScene.starSize
        trail.position = Vector2(wand.position.x - 40, wand.position.y + 90 + 5)
        magicLayer.add(trail)
        trails.append((trail, now))
    }

    private func raiseSkeleton(at now: Double) {
        let skeleton = SpriteNode(name: "skeleton", image: "magic-wand/skeleton", size: Vector2(333, 187.5))
        magicLayer.add(skeleton)
        skeletons.append((skeleton, now))
        // Our cap: drop the oldest that has already arrived.
        if skeletons.count > MagicWandScene.maxSkeletons,
           let i = skeletons.firstIndex(where: { now - $0.born >= MagicWandScene.skeletonRise }) {
            skeletons[i].node.removeFromLayer()
            skeletons.remove(at: i)
        }
    }

    public func layout(size: Size, time: Double) {
        let C = Point(size.width / 2, size.height / 2), S = magicLayer.sceneSize
        root.frame = Rect(origin: .zero, size: size)
        graveyard.frame = Rect(center: C, size: Size(900, 900))
        dragArea.frame = root.frame
        magicLayer.place(size: size, center: C)
        dragArea.flushMoves()
        // Trails fade linearly from 1 to 0 over 1.2 s, then go with their particles.
        trails.removeAll { trail in
            let age = time - trail.born
            if age >= MagicWandScene.trailLife { trail.node.removeFromLayer(); return true }
            trail.node.alpha = 1 - age / MagicWandScene.trailLife
            return false
        }
        let start = Vector2(S.x / 2 - 80, 175), end = Vector2(S.x / 2 - 50, S.y / 2)
        for (node, born) in skeletons {
            let u = min(1, max(0, (time - born) / MagicWandScene.skeletonRise))
            node.position = Vector2(start.x + (end.x - start.x) * u, start.y + (end.y - start.y) * u)
        }
        magicLayer.update(to: time)
    }
}
