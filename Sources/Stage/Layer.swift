import Foundation

/// One batch of triangles as a renderer draws it.
public struct TriangleBatch: Equatable {
    public var vertices: [Vertex]
    public var indices: [Int32]
    public var texture: TextureSource?
    public var blend: BlendMode
    public init(vertices: [Vertex], indices: [Int32], texture: TextureSource?, blend: BlendMode) {
        self.vertices = vertices; self.indices = indices; self.texture = texture; self.blend = blend
    }
}

/// Batches composited offscreen, then blurred and/or shadowed, then drawn at an opacity (spec README §3.9:
/// `blur`, `shadow` of any content; `compositingGroup`). Coordinates are logical output pixels.
public struct Layer {
    public var batches: [TriangleBatch]
    /// The box the batches cover (the layer grows by 3σ for blur and shadow).
    public var bounds: Rect
    /// Gaussian σ of the content's blur, in logical pixels (0: none).
    public var blur: Double
    public var shadow: Shadow?
    /// Applied to the composited layer as a whole.
    public var opacity: Double
    /// Hue rotation in degrees of the composited pixels (README §3.8), for content with images.
    public var hueRotation: Double
    /// The content keeps only where these batches' alpha is (SwiftUI's `mask`): gradient and non-convex masks.
    public var mask: [TriangleBatch]?
    /// Only the shadow is drawn: the batches are its silhouette, not content (a dashed stroke's shadow is its solid
    /// stroke's, spec 02 §1.3, so it stays still while the dashes march and is made once).
    public var shadowOnly: Bool
    /// Equal for equal content, so a backend can keep the processed layer between frames.
    public var key: Int

    public init(batches: [TriangleBatch], bounds: Rect, blur: Double, shadow: Shadow?, opacity: Double,
                hueRotation: Double = 0, mask: [TriangleBatch]? = nil, shadowOnly: Bool = false) {
        self.batches = batches; self.bounds = bounds; self.blur = blur; self.shadow = shadow; self.opacity = opacity
        self.hueRotation = hueRotation
        self.mask = mask
        self.shadowOnly = shadowOnly
        var h = Hasher()
        for b in batches + (mask ?? []) {
            h.combine(b.texture); h.combine(b.blend.rawValue); h.combine(b.indices.count)
            for v in b.vertices { h.combine(v.x.bitPattern); h.combine(v.y.bitPattern); h.combine(v.u.bitPattern); h.combine(v.v.bitPattern)
                h.combine(v.r); h.combine(v.g); h.combine(v.b); h.combine(v.a) }
            for i in b.indices { h.combine(i) }
        }
        h.combine(blur)
        h.combine(hueRotation)
        h.combine(mask?.count ?? -1)
        h.combine(shadowOnly)
        if let s = shadow { h.combine(s.color); h.combine(s.radius); h.combine(s.x); h.combine(s.y) }
        key = h.finalize()
    }

    /// How far blur and shadow reach beyond the content.
    public var margin: Double {
        max(3 * blur, shadow.map { 3 * $0.radius + max(abs($0.x), abs($0.y)) } ?? 0).rounded(.up)
    }
}

public extension Renderer {
    /// Without offscreen support: the content as it is (no blur, shadow or mask), faded by the layer's opacity.
    func drawLayer(_ layer: Layer) {
        guard !layer.shadowOnly else { return }
        for b in layer.batches {
            var v = b.vertices
            if layer.opacity < 1 { for i in v.indices { v[i].a = UInt8((Double(v[i].a) * layer.opacity).rounded()) } }
            drawTriangles(v, indices: b.indices, texture: b.texture, blend: b.blend)
        }
    }
}
