import SpriteKit

// Flames from a particle file a quarter of the way up the scene, and a green ember that waits a second, drifts
// across in two, fades out in one and is gone.
class CampfireScene: SKScene {
    override init(size: CGSize) {
        super.init(size: size)
    }

    required init?(coder aDecoder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func didMove(to view: SKView) {
        backgroundColor = .clear

        if let flames = SKEmitterNode(fileNamed: "Flames.sks") {
            flames.position = CGPoint(x: size.width / 2, y: size.height / 4)
            flames.particlePositionRange = CGVector(dx: 5, dy: 0)
            addChild(flames)
        }
        // A file the project does not have: SpriteKit gives nil, and the fire burns on without it.
        if let smoke = SKEmitterNode(fileNamed: "Smoke.sks") {
            addChild(smoke)
        }

        let ember = SKSpriteNode(color: .green, size: CGSize(width: 40, height: 40))
        ember.position = CGPoint(x: 50, y: 500)
        addChild(ember)
        let drift = SKAction.move(to: CGPoint(x: 350, y: 500), duration: 2)
        ember.run(SKAction.sequence([
            SKAction.wait(forDuration: 1),
            drift,
            SKAction.fadeOut(withDuration: 1),
            SKAction.removeFromParent(),
        ]))
    }
}
