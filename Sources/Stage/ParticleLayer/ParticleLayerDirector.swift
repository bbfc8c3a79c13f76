import Foundation
import Particles

/// Content that runs a particle layer from outside the engine's scenes: a book app's SpriteKit scene (`SKView`'s
/// presented `SKScene`). The layer tells it of every step before its nodes advance (so its actions run and its
/// node tree is written into the layer first), and the view hosting the layer asks it for the scene size and
/// hands it pointer input.
public protocol ParticleLayerDirector: AnyObject {
    /// Called by `ParticleLayer.update(to:)` before the nodes advance by `dt` (0 when the clock has not moved:
    /// the content may still have changed, e.g. by a touch at this very time).
    func layerWillAdvance(_ layer: ParticleLayer, to time: Double, by dt: Double)
    /// The scene size for a layer rect of `size` points (SpriteKit's scene size, or the view's under
    /// `.resizeFill`).
    func sceneSize(forLayerSize size: Size) -> Vector2
    /// Pointer input over the layer rect at scene time `time`; points are in the rect's own coordinates (origin at
    /// its top-left, y down), as UIKit gives a view's touches.
    func pointer(_ event: PointerEvent, time: Double)
}
