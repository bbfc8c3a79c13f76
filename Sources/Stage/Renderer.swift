import Particles

/// One vertex of a triangle batch, laid out exactly like `SDL_Vertex` so the backend can hand the array to
/// `SDL_RenderGeometry` without copying: position, colour (straight alpha, modulates the texture), texture coordinate.
public struct Vertex: Equatable {
    public var x: Float, y: Float
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8
    public var u: Float, v: Float
    public init(_ p: Point, _ c: (UInt8, UInt8, UInt8, UInt8), u: Double = 0, v: Double = 0) {
        x = Float(p.x); y = Float(p.y); r = c.0; g = c.1; b = c.2; a = c.3; self.u = Float(u); self.v = Float(v)
    }
}

/// How a batch combines with what is beneath it (spec 05 §1.8 for the particle modes).
public enum BlendMode: String, Sendable, CaseIterable {
    case alpha, add, subtract, multiply, multiplyX2, screen, replace
}

/// Text style: a size in points, a weight and a design, resolved by the backend to an installed font; `lineHeight` is
/// the height of one laid-out line (spec README §3.11: the text styles' own, else round(1.2·size)).
public struct Font: Hashable, Sendable {
    public enum Weight: String, Sendable { case regular, semibold, bold, heavy }
    public enum Design: String, Sendable { case sans, serif, rounded, monospaced }
    public var size: Double
    public var weight: Weight
    public var design: Design
    public var lineHeight: Double
    public init(size: Double, weight: Weight = .regular, design: Design = .sans, lineHeight: Double? = nil) {
        self.size = size; self.weight = weight; self.design = design
        self.lineHeight = lineHeight ?? (1.2 * size).rounded()
    }
    public static func system(_ size: Double, weight: Weight = .regular) -> Font { Font(size: size, weight: weight) }
    /// A rough size of one line in this font, where no font file is at hand (recording renderer, tests).
    public func estimatedSize(of text: String) -> Size { Size(Double(text.count) * size * 0.6, lineHeight) }
    // The text styles (size / line height, spec README §3.11).
    public static let largeTitle = Font(size: 34, lineHeight: 41)
    public static let title = Font(size: 28, lineHeight: 34)
    public static let title2 = Font(size: 22, lineHeight: 28)
    public static let title3 = Font(size: 20, lineHeight: 25)
    public static let headline = Font(size: 17, weight: .semibold, lineHeight: 22)
    public static let body = Font(size: 17, lineHeight: 22)
    public static let callout = Font(size: 16, lineHeight: 21)
    public static let subheadline = Font(size: 15, lineHeight: 20)
    public static let footnote = Font(size: 13, lineHeight: 18)
    public static let caption = Font(size: 12, lineHeight: 16)
    public static let caption2 = Font(size: 11, lineHeight: 13)
}

/// Where a textured batch takes its pixels from. The backend creates and caches each texture on first use.
public enum TextureSource: Hashable, Sendable {
    /// An image asset by name (a missing one is drawn as a placeholder, with one warning).
    case image(String)
    /// The alpha silhouette of an image asset, blurred with a Gaussian of `sigma` image pixels and padded by
    /// `ShadowGeometry.padding(sigma)` pixels on every side; white, so vertex colour tints it.
    case shadow(image: String, sigma: Double)
    /// An image asset with its colours premultiplied by alpha (for the screen, multiply and subtract blends).
    case premultipliedImage(String)
    /// A line of text, white on transparent, tinted by vertex colour.
    case text(String, Font)
}

/// What the Stage needs from a graphics backend. Coordinates are logical pixels of the output.
public protocol Renderer: AnyObject {
    /// Pixel size of an image asset (the placeholder's size when it cannot be loaded).
    func imageSize(_ name: String) -> Size
    /// Size in logical pixels of one line of text.
    func measure(_ text: String, font: Font) -> Size
    func clear(_ color: Color)
    /// Limits drawing to an axis-aligned rect, or lifts the limit.
    func setClip(_ rect: Rect?)
    /// Draws triangles; `indices` index into `vertices` three at a time.
    func drawTriangles(_ vertices: [Vertex], indices: [Int32], texture: TextureSource?, blend: BlendMode)
    /// Draws one emitter's particles as one batch; an emitter with none at the moment draws an empty batch, so a
    /// renderer that keeps a frame's unchanging start as a picture knows where things come and go (a wisp of smoke
    /// appearing in the third frame would otherwise make it take the picture again).
    func drawParticles(_ batch: ParticleBatch, texture: TextureSource?, blend: BlendMode)
    /// Draws one emitter's particles inside `clip` (output pixels), within any clip already in force (a view's
    /// particle layer masked to its frame). Without clips of its own, a renderer draws them as clipped triangles.
    func drawParticles(_ batch: ParticleBatch, texture: TextureSource?, blend: BlendMode, within clip: Rect)
    /// Draws batches through an offscreen layer (blur, shadow, group opacity); see `Layer`.
    func drawLayer(_ layer: Layer)
}

public enum ShadowGeometry {
    /// How far a blurred silhouette reaches beyond the image, in image pixels: 3σ holds 99.7 % of the Gaussian.
    public static func padding(_ sigma: Double) -> Int { Int((3 * sigma).rounded(.up)) }

    /// Where an image drawn in `rect` puts its shadow texture, and the texture's σ in image pixels: σ is given in
    /// points at the drawn size, the silhouette is blurred in image pixels (rounded to halves, so it is cached).
    public static func quad(for shadow: Shadow, imageIn rect: Rect, imageSize: Size) -> (rect: Rect, sigma: Double) {
        let sigma = (shadow.radius * imageSize.width / rect.width * 2).rounded() / 2
        let pad = Double(padding(sigma))
        let padX = pad * rect.width / imageSize.width, padY = pad * rect.height / imageSize.height
        return (Rect(x: rect.minX - padX + shadow.x, y: rect.minY - padY + shadow.y,
                     width: rect.width + 2 * padX, height: rect.height + 2 * padY), sigma)
    }
}

public extension Renderer {
    func drawParticles(_ batch: ParticleBatch, texture: TextureSource?, blend: BlendMode, within clip: Rect) {
        guard let b = TriangleBatch(particles: batch, texture: texture, blend: blend, clippedTo: clip.corners) else { return }
        drawTriangles(b.vertices, indices: b.indices, texture: b.texture, blend: b.blend)
    }
}

public extension TriangleBatch {
    /// Particle quads as triangles (the two share one vertex layout), clipped to the convex outline `clip` (output
    /// pixels, antialiased as any clip is) when there is one; nil when nothing is left.
    init?(particles batch: ParticleBatch, texture: TextureSource?, blend: BlendMode, clippedTo clip: [Point]?) {
        precondition(MemoryLayout<ParticleVertex>.stride == MemoryLayout<Vertex>.stride)
        // Copied as they are, not field by field through Double.
        let vertices = batch.vertices.withUnsafeBufferPointer { $0.withMemoryRebound(to: Vertex.self) { Array($0) } }
        let kept = clip.map { ConvexClip.clip(vertices: vertices, indices: batch.indices, to: $0) } ?? (vertices: vertices, indices: batch.indices)
        guard !kept.indices.isEmpty else { return nil }
        self.init(vertices: kept.vertices, indices: kept.indices, texture: texture, blend: blend)
    }
}
