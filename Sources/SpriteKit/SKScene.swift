import Foundation
import Particles
import Stage
import UIKit

/// How a scene's size maps onto its view (spec 05 §1.2).
public enum SKSceneScaleMode: Int {
    /// Stretched to the view, non-uniformly (SpriteKit's default).
    case fill
    /// Scaled uniformly to cover the view, cropped.
    case aspectFill
    /// Scaled uniformly to fit inside the view.
    case aspectFit
    /// The scene takes the view's size: one scene point per view point.
    case resizeFill
}

/// SpriteKit's scene: the root of a node tree, `size` points in a y-up space, shown by an `SKView` (or a
/// `SpriteView`) under `scaleMode`. Subclasses override `didMove(to:)`, `update(_:)` and the touch methods. It runs
/// on the scene clock: `update` once per step with the scene time, then the actions, then the tree is written into
/// the engine's particle layer.
open class SKScene: SKNode {
    public var size: Size { didSet { if size != oldValue { didChangeSize(oldValue) } } }
    public var scaleMode = SKSceneScaleMode.fill
    /// Drawn behind the nodes unless it is clear (SpriteKit's default grey).
    public var backgroundColor = UIColor(red: 0.15, green: 0.15, blue: 0.15, alpha: 1)
    /// Where the scene's origin sits in the view, in unit coordinates from its bottom-left.
    public var anchorPoint = Point.zero
    public internal(set) weak var view: SKView?
    /// The layer nodes written at the last step and a flag for a changed tree.
    let writer = SceneLayerWriter()

    public override init() {
        size = .zero
        super.init()
        isUserInteractionEnabled = true
        sceneDidLoad()
    }

    public init(size: Size) {
        self.size = size
        super.init()
        isUserInteractionEnabled = true
        sceneDidLoad()
    }

    public required init?(coder aDecoder: NSCoder) {
        size = .zero
        super.init(coder: aDecoder)
        isUserInteractionEnabled = true
    }

    open func sceneDidLoad() {}
    open func didMove(to view: SKView) {}
    open func willMove(from view: SKView) {}
    open func didChangeSize(_ oldSize: Size) {}
    /// Once per step, before the actions run, with the scene time in seconds.
    open func update(_ currentTime: TimeInterval) {}
    open func didEvaluateActions() {}
    open func didSimulatePhysics() {}
    open func didFinishUpdate() {}

    /// The scene's box in its own coordinates: its size, placed by the anchor point.
    open override var frame: Rect {
        Rect(x: -anchorPoint.x * size.width, y: -anchorPoint.y * size.height, width: size.width, height: size.height)
    }

    /// A point of the view (origin at its top-left, y down) in scene coordinates.
    public func convertPoint(fromView point: Point) -> Point {
        guard let layer = view?.particleLayer else {
            return Point(point.x + frame.minX, size.height - point.y + frame.minY)
        }
        let v = layer.scenePoint(fromCanvas: Point(point.x + layer.frame.minX, point.y + layer.frame.minY))
        return Point(v.x + frame.minX, v.y + frame.minY)
    }

    /// A scene point in the view's coordinates.
    public func convertPoint(toView point: Point) -> Point {
        guard let layer = view?.particleLayer else {
            return Point(point.x - frame.minX, size.height - (point.y - frame.minY))
        }
        let p = layer.canvasPoint(fromScene: Vector2(point.x - frame.minX, point.y - frame.minY))
        return Point(p.x - layer.frame.minX, p.y - layer.frame.minY)
    }

    /// A change of the tree: the layer's node list is rebuilt at the next write.
    func treeChanged() { writer.isStale = true }

    /// One step of the scene at scene time `time`, `dt` seconds after the last: `update`, the actions, and the
    /// callbacks around them, as SpriteKit's frame cycle runs them.
    func step(to time: Double, by dt: Double) {
        update(time)
        advanceActions(by: dt, to: time, interval: dt)
        didEvaluateActions()
        didSimulatePhysics()
        didFinishUpdate()
    }
}
