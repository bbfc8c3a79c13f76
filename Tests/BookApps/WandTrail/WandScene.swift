import SpriteKit

// A tombstone, an idle sparkle in the corner and a wand. Dragging moves the wand by its handle; every move leaves a
// sparkle at its tip that fades out over 1.2 s and is then removed.
class WandScene: SKScene {
    let wand = SKSpriteNode(imageNamed: "wand")

    override func didMove(to view: SKView) {
        backgroundColor = .clear

        let stone = SKSpriteNode(imageNamed: "stone")
        stone.size = CGSize(width: 120, height: 175)
        stone.position = CGPoint(x: size.width / 2.3, y: size.height / 2 - 150)
        stone.zPosition = 2
        stone.zRotation = .pi / 20
        addChild(stone)

        if let idle = sparkle() {
            idle.position = .zero
            addChild(idle)
        }

        wand.size = CGSize(width: 80, height: 180)
        wand.position = CGPoint(x: size.width / 2, y: size.height / 3)
        addChild(wand)
    }

    func sparkle() -> SKEmitterNode? {
        guard let emitter = SKEmitterNode(fileNamed: "Sparkle.sks") else { return nil }
        emitter.particlePositionRange = CGVector(dx: 5, dy: 5)
        emitter.particleSpeed = 50
        return emitter
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first else { return }
        let spot = touch.location(in: self)
        wand.position = CGPoint(x: spot.x - 30, y: spot.y + 70)
        wand.zPosition = 2
        guard let trail = sparkle() else { return }
        trail.position = CGPoint(x: wand.position.x - 40, y: wand.position.y + 95)
        addChild(trail)
        trail.run(SKAction.sequence([
            SKAction.fadeOut(withDuration: 1.2),
            SKAction.removeFromParent(),
        ]))
    }
}
