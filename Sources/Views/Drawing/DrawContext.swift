import Foundation
import Stage

/// What drawing hands down the tree: the transform to output pixels, the opacity handed to each leaf (no group
/// buffers, spec 01 §1.8), a hue rotation, a convex clip, and the list the leaves append their batches to.
struct DrawContext {
    var transform: Homography
    var opacity: Double
    var hueRotation: Double = 0
    /// Convex polygon in output pixels; nil = no clip.
    var clip: [Point]?
    var time: Double
    unowned let list: DisplayList

    /// A colour as the leaf draws it: hue-rotated, then faded by the inherited opacity.
    func paint(_ c: Color) -> Color {
        var c = c
        if hueRotation != 0 { c = HueMatrix(degrees: hueRotation).apply(c) }
        return c.opacity(opacity)
    }
}

/// The batches of one frame, kept so that a still frame is drawn again without any layout or tessellation.
final class DisplayList {
    struct Batch {
        var vertices: [Vertex]
        var indices: [Int32]
        var texture: TextureSource?
        var blend: BlendMode
    }
    private(set) var batches: [Batch] = []
    /// Image sizes and text measures for leaves, from the backend.
    unowned let host: ViewHost

    init(host: ViewHost) { self.host = host }

    func reset() { batches.removeAll(keepingCapacity: true) }

    /// Adds the tessellator's triangles, clipped to the context's clip.
    func add(_ tess: Tessellator, texture: TextureSource? = nil, clip: [Point]?, blend: BlendMode = .alpha) {
        guard !tess.indices.isEmpty else { return }
        if let clip {
            let clipped = ConvexClip.clip(vertices: tess.vertices, indices: tess.indices, to: clip)
            guard !clipped.indices.isEmpty else { return }
            batches.append(Batch(vertices: clipped.vertices, indices: clipped.indices, texture: texture, blend: blend))
        } else {
            batches.append(Batch(vertices: tess.vertices, indices: tess.indices, texture: texture, blend: blend))
        }
    }

    func replay(on renderer: Renderer) {
        for b in batches { renderer.drawTriangles(b.vertices, indices: b.indices, texture: b.texture, blend: b.blend) }
    }
}

/// The hue-rotate matrix of spec README §3.8 on gamma-encoded sRGB, clamped; alpha unchanged.
struct HueMatrix {
    let m: [Double]
    init(degrees: Double) {
        let r = degrees * .pi / 180, c = cos(r), s = sin(r)
        m = [0.213 + 0.787 * c - 0.213 * s, 0.715 - 0.715 * c - 0.715 * s, 0.072 - 0.072 * c + 0.928 * s,
             0.213 - 0.213 * c + 0.143 * s, 0.715 + 0.285 * c + 0.140 * s, 0.072 - 0.072 * c - 0.283 * s,
             0.213 - 0.213 * c - 0.787 * s, 0.715 - 0.715 * c + 0.715 * s, 0.072 + 0.928 * c + 0.072 * s]
    }
    func apply(_ x: Color) -> Color {
        func cl(_ v: Double) -> Double { max(0, min(1, v)) }
        return Color(r: cl(m[0] * x.r + m[1] * x.g + m[2] * x.b), g: cl(m[3] * x.r + m[4] * x.g + m[5] * x.b),
                     b: cl(m[6] * x.r + m[7] * x.g + m[8] * x.b), a: x.a)
    }
}
