import Particles
import Stage

/// A UIKit view as a SwiftUI app hosts it (`UIViewRepresentable`): a frame, a background and a layer tree. What it
/// shows is drawn into an engine particle layer that fills the hosting view (`host(in:seed:)`): Core Animation
/// emitter layers here, a SpriteKit scene in `SKView`.
open class UIView {
    public var frame: Rect
    public var bounds: Rect { get { Rect(origin: .zero, size: frame.size) } set { frame.size = newValue.size } }
    public var backgroundColor: UIColor?
    public var isUserInteractionEnabled = true
    public var alpha: Double = 1
    public var clipsToBounds = false
    public let layer = CALayer()
    public private(set) var subviews: [UIView] = []

    public init(frame: Rect) { self.frame = frame }
    public convenience init() { self.init(frame: .zero) }

    public func addSubview(_ view: UIView) { subviews.append(view) }

    /// Fills `particles`, the engine layer showing this view (its scene space is the view's size in points, y up),
    /// with what the view draws; called once, when the hosting view is first laid out.
    open func host(in particles: ParticleLayer, seed: UInt64) {
        for (i, sublayer) in layer.allSublayers.enumerated() {
            guard let emitter = sublayer as? CAEmitterLayer else { continue }
            emitter.addEmitters(to: particles, seed: seed &+ UInt64(i))
        }
        for view in subviews { view.host(in: particles, seed: seed &+ 1000) }
    }
}
