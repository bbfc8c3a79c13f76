import Foundation
import Particles

/// How scene space maps onto the layer rect (SpriteKit's SKSceneScaleMode, spec 05 §1.2).
public enum SceneScaleMode: Sendable { case fill, aspectFill, aspectFit }

/// Our SKView + SKScene: a node whose frame is the layer rect, holding sprites and emitters in scene space (y up).
/// The background is transparent and everything is clipped to the rect. `update(to:)` steps the simulation.
public final class ParticleLayer: Node {
    public var sceneSize: Vector2
    public var scaleMode: SceneScaleMode
    public private(set) var nodes: [LayerNode] = []
    private var lastTime: Double?
    private var batch = ParticleBatch()
    private var tess = Tessellator()
    /// What runs the layer's content, when that is not a scene of ours (a book app's `SKScene`); the layer keeps it.
    public var director: ParticleLayerDirector?

    public init(name: String? = nil, sceneSize: Vector2, scaleMode: SceneScaleMode = .fill) {
        self.sceneSize = sceneSize
        self.scaleMode = scaleMode
        super.init(name: name)
        clipsToBounds = true
    }

    public func add(_ node: LayerNode) {
        node.layer?.remove(node)
        node.layer = self
        nodes.append(node)
    }

    public func remove(_ node: LayerNode) {
        nodes.removeAll { $0 === node }
        node.layer = nil
    }

    /// Makes `nodes` the layer's nodes, in this order (a director's node tree, flattened), in one step.
    public func replaceNodes(with newNodes: [LayerNode]) {
        let kept = Set(newNodes.map(ObjectIdentifier.init))
        for node in nodes where !kept.contains(ObjectIdentifier(node)) { node.layer = nil }
        for node in newNodes where node.layer !== self {
            node.layer?.remove(node)
            node.layer = self
        }
        nodes = newNodes
    }

    public func node(named name: String) -> LayerNode? { nodes.first { $0.name == name } }
    public var emitters: [EmitterNode] { nodes.compactMap { $0 as? EmitterNode } }

    /// Steps every node to scene time `time` (the first call only sets the start: no pre-warm).
    public func update(to time: Double) {
        defer { lastTime = time }
        let dt = lastTime.map { max(0, time - $0) } ?? 0
        director?.layerWillAdvance(self, to: time, by: dt)
        guard dt > 0 else { return }
        for node in nodes { node.advance(by: dt) }
    }

    /// Node space → scene space.
    public func sceneTransform(of node: LayerNode) -> Affine2 { node.transform }

    /// Scene space → the layer's parent space (the canvas when the layer is not transformed).
    public var sceneToFrame: Affine {
        let kx = frame.width / max(1e-9, sceneSize.x), ky = frame.height / max(1e-9, sceneSize.y)
        let (sx, sy): (Double, Double)
        switch scaleMode {
        case .fill: (sx, sy) = (kx, ky)
        case .aspectFill: (sx, sy) = (max(kx, ky), max(kx, ky))
        case .aspectFit: (sx, sy) = (min(kx, ky), min(kx, ky))
        }
        // canvasX = Rx + (x − Sw/2)·sx; canvasY = Ry − (y − Sh/2)·sy.
        return Affine(a: sx, b: 0, c: 0, d: -sy, tx: frame.midX - sceneSize.x / 2 * sx, ty: frame.midY + sceneSize.y / 2 * sy)
    }

    /// Scene space → root (canvas) space, through the layer's own transforms.
    public var sceneToCanvas: Homography { worldTransform * Homography(sceneToFrame) }

    /// A canvas (root-space) point in scene coordinates: pointer input (Magic, spec 05 §2.6).
    public func scenePoint(fromCanvas p: Point) -> Vector2 {
        let q = sceneToCanvas.inverted?.apply(p) ?? p
        return Vector2(q.x, q.y)
    }

    /// Where a scene point lands on the canvas.
    public func canvasPoint(fromScene v: Vector2) -> Point { sceneToCanvas.apply(Point(v.x, v.y)) }

    public override func drawCustom(transform h: Homography, opacity: Double, renderer r: Renderer) {
        let base = h * Homography(sceneToFrame)
        let ordered = nodes.enumerated().sorted { ($0.element.zPosition, $0.offset) < ($1.element.zPosition, $1.offset) }
        for (_, node) in ordered where !node.isHidden {
            let nodeToCanvas = base * Homography(node.transform)
            let alpha = opacity * node.alpha
            if let sprite = node as? SpriteNode {
                let w = sprite.size.x, hgt = sprite.size.y, ax = sprite.anchorPoint.x, ay = sprite.anchorPoint.y
                tess.reset()
                tess.texturedGrid(cols: 1, rows: 1, color: sprite.color.opacity(alpha)) { s, t in
                    nodeToCanvas.apply(Point((s - ax) * w, (1 - ay - t) * hgt))
                }
                r.drawTriangles(tess.vertices, indices: tess.indices, texture: sprite.image.map { .image($0) }, blend: sprite.blend)
            } else if let emitterNode = node as? EmitterNode {
                drawEmitter(emitterNode, base: base, nodeToCanvas: nodeToCanvas, alpha: alpha, renderer: r)
            }
        }
    }

    private func drawEmitter(_ node: EmitterNode, base: Homography, nodeToCanvas: Homography, alpha: Double,
                             renderer r: Renderer) {
        let config = node.emitter.config
        let texture = config.particleTexture.map { TextureSource.image($0) }
        if node.textureSize == nil {
            let s = config.particleTexture.map { r.imageSize($0) } ?? Size(1, 1)
            node.textureSize = Vector2(s.width, s.height)
        }
        // Particles handed to a target node live in its space.
        let space: Homography
        if let target = node.targetNode { space = base * Homography(target.transform) } else { space = nodeToCanvas }
        batch.removeAll()
        node.emitter.writeQuads(into: &batch, transform: Affine2(space), textureSize: node.textureSize ?? Vector2(1, 1),
                                nodeAlpha: alpha)
        // Drawn with none too: the renderer learns where the emitter's particles come and go.
        r.drawParticles(batch, texture: texture, blend: BlendMode(config.particleBlendMode))
    }
}

extension Affine2 {
    /// The affine part of a homography (particle layers are never drawn in perspective).
    init(_ h: Homography) {
        let w = h.m[8]
        self.init(a: h.m[0] / w, b: h.m[3] / w, c: h.m[1] / w, d: h.m[4] / w, tx: h.m[2] / w, ty: h.m[5] / w)
    }
}

extension BlendMode {
    public init(_ mode: ParticleBlendMode) {
        switch mode {
        case .alpha, .multiplyAlpha: self = .alpha
        case .add: self = .add
        case .subtract: self = .subtract
        case .multiply: self = .multiply
        case .multiplyX2: self = .multiplyX2
        case .screen: self = .screen
        case .replace: self = .replace
        }
    }
}
