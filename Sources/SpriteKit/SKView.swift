import Foundation
import Particles
import Stage
import UIKit

/// SpriteKit's view: shows the scene it presents in the engine's particle layer of the SwiftUI view hosting it
/// (`UIViewRepresentable` returning it, or `SpriteView`). It directs that layer: the scene's size and scale mode
/// decide the layer's scene space, the scene steps before the layer's emitters, and pointer input over the view
/// becomes the scene's touches.
open class SKView: UIView, ParticleLayerDirector {
    public private(set) var scene: SKScene?
    public var isPaused = false
    /// SpriteKit draws an opaque view unless this is set; here the scene's background colour decides (a clear one
    /// shows what is behind, as the book's figures do, spec 05 §5 item 11).
    public var allowsTransparency = false
    /// Draw order: the engine always uses z, then tree order, which is SpriteKit's order either way.
    public var ignoresSiblingOrder = false
    public var showsFPS = false
    public var showsNodeCount = false
    public var showsDrawCount = false
    public var showsPhysics = false
    public var showsFields = false
    public var preferredFramesPerSecond = 60
    public var shouldCullNonVisibleNodes = true
    /// The engine layer showing the scene, once the view is hosted.
    public private(set) weak var particleLayer: ParticleLayer?
    private var lastStep: Double?
    private let touches = TouchRouter()

    public override init(frame: Rect) { super.init(frame: frame) }
    public convenience init() { self.init(frame: .zero) }

    /// Shows `scene` (the one shown before leaves: `willMove(from:)`); its `didMove(to:)` runs now.
    public func presentScene(_ scene: SKScene?) {
        guard scene !== self.scene else { return }
        if let old = self.scene { old.willMove(from: self); old.view = nil }
        self.scene = scene
        lastStep = nil
        touches.reset()
        guard let scene else { return }
        scene.view = self
        scene.treeChanged()
        if scene.scaleMode == .resizeFill, frame.width > 0, frame.height > 0 { scene.size = frame.size }
        scene.didMove(to: self)
    }

    /// SpriteKit fades between scenes; here the new scene is shown at once.
    public func presentScene(_ scene: SKScene, transition: SKTransition) { presentScene(scene) }

    /// The scene point under a point of this view.
    public func convert(_ point: Point, to scene: SKScene) -> Point { scene.convertPoint(fromView: point) }
    public func convert(_ point: Point, from scene: SKScene) -> Point { scene.convertPoint(toView: point) }

    // MARK: Hosting

    open override func host(in particles: ParticleLayer, seed: UInt64) {
        particleLayer = particles
        particles.director = self
        particles.sceneSize = sceneSize(forLayerSize: Size(particles.sceneSize.x, particles.sceneSize.y))
    }

    public func sceneSize(forLayerSize size: Size) -> Vector2 {
        frame.size = size
        guard let scene else { return Vector2(max(1, size.width), max(1, size.height)) }
        if scene.scaleMode == .resizeFill { scene.size = size }
        particleLayer?.scaleMode = scene.scaleMode.engineMode
        // A scene without a size (`SKScene()`) shows at the view's, rather than at an infinite scale.
        let s = scene.size.width > 0 && scene.size.height > 0 ? scene.size : size
        return Vector2(max(1e-3, s.width), max(1e-3, s.height))
    }

    public func layerWillAdvance(_ layer: ParticleLayer, to time: Double, by dt: Double) {
        guard let scene else { return }
        guard !isPaused && lastStep != time else { scene.writer.write(scene, into: layer); return }
        // The tree as touches left it since the last step first: what they added simulates from their time on.
        scene.writer.write(scene, into: layer)
        let before = Set(layer.nodes.map(ObjectIdentifier.init))
        touches.deliverPendingMove(in: self)
        scene.step(to: time, by: lastStep.map { max(0, time - $0) } ?? 0)
        lastStep = time
        scene.writer.write(scene, into: layer)
        // Emitters made by this step are born now: they must not simulate the interval that ends now.
        for case let emitter as EmitterNode in layer.nodes where !before.contains(ObjectIdentifier(emitter)) {
            emitter.emitter.isPaused = true
        }
    }

    public func pointer(_ event: PointerEvent, time: Double) {
        guard let scene, !isPaused, isUserInteractionEnabled else { return }
        touches.handle(event, time: time, view: self, scene: scene)
    }
}

extension SKSceneScaleMode {
    /// The engine's mapping for the mode (`.resizeFill` keeps sizes equal, so it maps one to one like `.fill`).
    var engineMode: SceneScaleMode {
        switch self {
        case .fill, .resizeFill: return .fill
        case .aspectFill: return .aspectFill
        case .aspectFit: return .aspectFit
        }
    }
}

/// SpriteKit's scene transitions, accepted and shown as an immediate change.
open class SKTransition {
    public let duration: TimeInterval
    init(duration: TimeInterval) { self.duration = duration }
    open class func crossFade(withDuration sec: TimeInterval) -> SKTransition { SKTransition(duration: sec) }
    open class func fade(withDuration sec: TimeInterval) -> SKTransition { SKTransition(duration: sec) }
}
