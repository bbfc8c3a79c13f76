import Foundation
import Particles
import Stage

/// What drawing hands down the tree: the transform to output pixels, the opacity handed to each leaf (no group
/// buffers, spec 01 §1.8), a hue rotation, a convex clip, and the list the leaves append their batches to.
struct DrawContext {
    var transform: Homography
    var opacity: Double
    var hueRotation: Double = 0
    /// `.colorMultiply`: each colour's channels times this colour's.
    var multiply: Color?
    /// Convex polygon in output pixels; nil = no clip.
    var clip: [Point]?
    var time: Double
    unowned var list: DisplayList
    /// A shadow the leaves inside draw beneath themselves (README §3.9).
    var shadow: Shadow?
    /// Dashed strokes are drawn solid, faded to the dashes' share of their length: the silhouette of a dashed
    /// stroke's shadow (spec 02 §1.3).
    var solidStrokes = false

    /// A tessellator for this context's output: the window's device pixels per output unit, so antialiasing and
    /// pixel-aligned edges follow the real pixel grid on a HiDPI window.
    func tessellator() -> Tessellator { Tessellator(pixelScale: list.host.context.pixelScale) }

    /// Narrows the clip to a convex outline given in this context's coordinates (mapped to output pixels here).
    mutating func clip(to outline: [Point]) {
        let device = outline.map(transform.apply)
        clip = clip.map { ConvexClip.intersection($0, device) } ?? device
    }

    /// Narrows the clip to a rectangle of this context's coordinates (a scroll view's frame, a text field's text).
    mutating func clip(to r: Rect) { clip(to: r.corners) }

    /// Nothing drawn here can show: the clip has closed.
    var clipsEverything: Bool { clip?.isEmpty == true }

    /// A colour as the leaf draws it: hue-rotated, then faded by the inherited opacity.
    func paint(_ c: Color) -> Color {
        var c = hueRotation != 0 ? ColorMatrix.hueRotation(degrees: hueRotation).apply(c) : c
        if let m = multiply { c = Color(r: c.r * m.r, g: c.g * m.g, b: c.b * m.b, a: c.a * m.a) }
        return c.opacity(opacity)
    }

    /// A paint as the leaf draws it (gradients are recoloured per sample).
    func paint(_ p: Paint) -> Paint {
        var p = hueRotation != 0 ? p.transformed(by: .hueRotation(degrees: hueRotation)) : p
        if let m = multiply { p = p.transformed(by: .scale(r: m.r, g: m.g, b: m.b, a: m.a)) }
        return p.opacity(opacity)
    }
}

/// The batches of one frame, kept so that a still frame is drawn again without any layout or tessellation.
final class DisplayList {
    enum Entry {
        case batch(TriangleBatch)
        /// Content drawn through an offscreen layer (blur, shadow, compositing group).
        case layer(Layer)
        /// A particle layer's quads inside a rect of output pixels (`ParticleHost`): the renderer's own particle
        /// path draws them (splatted on the CPU, a reduced picture for small ones), clipped by its own clip.
        case particles(ParticleBatch, TextureSource?, BlendMode, clip: Rect)
    }
    private(set) var entries: [Entry] = []
    unowned let host: ViewHost

    init(host: ViewHost) { self.host = host }

    func reset() { entries.removeAll(keepingCapacity: true) }

    var count: Int { entries.count }
    func append(_ cached: ArraySlice<Entry>) { entries += cached }
    func append(_ layer: Layer) { entries.append(.layer(layer)) }
    func entries(from start: Int) -> ArraySlice<Entry> { entries[start...] }

    /// Every triangle batch, layers flattened (a layer inside a layer keeps its content, not its effect), particles
    /// as clipped triangles.
    var flattened: [TriangleBatch] {
        entries.flatMap { e -> [TriangleBatch] in
            switch e {
            case let .batch(b): return [b]
            case let .layer(l): return l.batches
            case let .particles(p, texture, blend, clip):
                return TriangleBatch(particles: p, texture: texture, blend: blend, clippedTo: clip.corners).map { [$0] } ?? []
            }
        }
    }

    /// Adds the tessellator's triangles, clipped to the context's clip.
    func add(_ tess: Tessellator, texture: TextureSource? = nil, clip: [Point]?, blend: BlendMode = .alpha) {
        guard !tess.indices.isEmpty else { return }
        if let clip {
            let clipped = ConvexClip.clip(vertices: tess.vertices, indices: tess.indices, to: clip)
            guard !clipped.indices.isEmpty else { return }
            entries.append(.batch(TriangleBatch(vertices: clipped.vertices, indices: clipped.indices, texture: texture, blend: blend)))
        } else {
            entries.append(.batch(TriangleBatch(vertices: tess.vertices, indices: tess.indices, texture: texture, blend: blend)))
        }
    }

    func replay(on renderer: Renderer) {
        for e in entries {
            switch e {
            case let .batch(b): renderer.drawTriangles(b.vertices, indices: b.indices, texture: b.texture, blend: b.blend)
            case let .layer(l): renderer.drawLayer(l)
            case let .particles(p, texture, blend, clip): renderer.drawParticles(p, texture: texture, blend: blend, within: clip)
            }
        }
    }
}

/// What a leaf's drawing depends on besides its content: unchanged, and not animating, its last batches are reused.
struct LeafKey: Equatable {
    var transform: Homography
    var opacity: Double
    var hueRotation: Double
    var multiply: Color?
    var clip: [Point]?
    var frame: Rect
    var stamp: AnyHashable
    var shadow: [Double]?

    init(_ dc: DrawContext, frame: Rect, stamp: AnyHashable) {
        transform = dc.transform; opacity = dc.opacity; hueRotation = dc.hueRotation; multiply = dc.multiply; clip = dc.clip
        self.frame = frame; self.stamp = stamp
        shadow = dc.shadow.map { [$0.color.r, $0.color.g, $0.color.b, $0.color.a, $0.radius, $0.x, $0.y] }
    }
}

extension Element {
    /// Draws a leaf through its cache: a still leaf costs a copy of its last batches.
    func drawLeaf(_ dc: DrawContext, _ draw: (DrawContext) -> Void) {
        let t = dc.time
        let animating = properties.isAnimating(at: t) || (extraAnimationEnd ?? 0) > t
        let key = LeafKey(dc, frame: frame, stamp: drawnContent ?? AnyHashable(contentStamp))
        if !animating, let c = leafCache, c.key == key {
            dc.list.append(c.entries)
            return
        }
        let start = dc.list.count
        draw(dc)
        leafCache = animating ? nil : (key, dc.list.entries(from: start))
    }
}
