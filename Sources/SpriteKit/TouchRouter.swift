import Foundation
import Stage
import UIKit

/// Turns the pointer over an `SKView` into SpriteKit touches: a press begins a touch on the frontmost node under
/// it that takes user interaction (else the scene), moves go to that node, the release ends it. Moves are
/// coalesced to one per step, delivered just before the scene's `update`, as iOS delivers touches once per frame.
final class TouchRouter {
    private var touch: UITouch?
    private weak var target: SKNode?
    private var pendingMove: (point: Point, time: Double)?

    func reset() { touch = nil; target = nil; pendingMove = nil }

    func handle(_ event: PointerEvent, time: Double, view: SKView, scene: SKScene) {
        switch event {
        case let .press(p):
            reset()
            let t = UITouch(view: view, at: p, time: time)
            touch = t
            let location = scene.convertPoint(fromView: p)
            target = scene.nodes(at: location).first { $0.isUserInteractionEnabled && $0.isVisibleInTree }
                ?? (scene.isUserInteractionEnabled ? scene : nil)
            target?.touchesBegan([t], with: UIEvent(touches: [t], time: time))
        case let .move(p):
            guard touch != nil else { return }
            pendingMove = (p, time)
        case let .release(p):
            deliverPendingMove(in: view)
            guard let t = touch else { return }
            t.update(.ended, at: p, time: time)
            target?.touchesEnded([t], with: UIEvent(touches: [t], time: time))
            reset()
        case .cancel:
            guard let t = touch else { return }
            t.update(.cancelled, at: t.location(in: view), time: time)
            target?.touchesCancelled([t], with: UIEvent(touches: [t], time: time))
            reset()
        case .wheel:
            break
        }
    }

    /// Hands the latest move since the last step to the touched node.
    func deliverPendingMove(in view: SKView) {
        guard let move = pendingMove, let t = touch else { return }
        pendingMove = nil
        t.update(.moved, at: move.point, time: move.time)
        target?.touchesMoved([t], with: UIEvent(touches: [t], time: move.time))
    }
}

extension SKNode {
    /// Neither this node nor an ancestor is hidden.
    var isVisibleInTree: Bool {
        var node: SKNode? = self
        while let n = node { if n.isHidden { return false }; node = n.parent }
        return true
    }
}

public extension UITouch {
    /// Where the finger is in `node`'s coordinates (through the scene of the view the touch is in).
    func location(in node: SKNode) -> Point { sceneLocation(location(in: nil as UIView?), in: node) }
    func previousLocation(in node: SKNode) -> Point { sceneLocation(previousLocation(in: nil as UIView?), in: node) }

    private func sceneLocation(_ viewPoint: Point, in node: SKNode) -> Point {
        guard let scene = (view as? SKView)?.scene ?? node.scene else { return viewPoint }
        return node.convert(scene.convertPoint(fromView: viewPoint), from: scene)
    }
}
