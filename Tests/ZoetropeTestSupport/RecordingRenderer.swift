import Particles
import Stage

/// A renderer that records what it is asked to draw, for tests: no pixels, just the batches.
public final class RecordingRenderer: Renderer {
    public struct Batch {
        public var vertices: [Vertex]
        public var indices: [Int32]
        public var texture: TextureSource?
        public var blend: BlendMode
        public var clip: Rect?
    }
    public private(set) var batches: [Batch] = []
    public private(set) var clearColor: Color?
    private var clip: Rect?
    /// Image sizes by name; unknown names get `fallbackImageSize`.
    public var imageSizes: [String: Size] = [:]
    public var fallbackImageSize = Size(64, 64)

    /// Where sizes of images not in `imageSizes` are read from (their file headers).
    public var assets: AssetResolver?

    public init(imageSizes: [String: Size] = [:], assets: AssetResolver? = nil) {
        self.imageSizes = imageSizes
        self.assets = assets
    }

    public func imageSize(_ name: String) -> Size {
        if let s = imageSizes[name] { return s }
        let s = assets?.imageURL(named: name).flatMap(ImageHeader.size) ?? fallbackImageSize
        imageSizes[name] = s
        return s
    }
    public func measure(_ text: String, font: Font) -> Size {
        font.estimatedSize(of: text)
    }
    public func clear(_ color: Color) {
        batches.removeAll(); particleDraws.removeAll(); layers.removeAll(); drawOrder.removeAll(); clearColor = color
    }

    /// One thing drawn: a triangle batch or a particle draw, by its index in `batches` or `particleDraws`.
    public enum Drawn: Equatable { case batch(Int), particles(Int) }
    /// Everything the frame drew, in order (the two lists above, interleaved as drawn).
    public private(set) var drawOrder: [Drawn] = []
    public func setClip(_ rect: Rect?) { clip = rect }
    /// Layers drawn (blur, shadow, group opacity); their batches are recorded as drawn too, unless they are only a
    /// shadow's silhouette.
    public private(set) var layers: [Layer] = []

    public func drawLayer(_ layer: Layer) {
        layers.append(layer)
        guard !layer.shadowOnly else { return }
        for b in layer.batches { drawTriangles(b.vertices, indices: b.indices, texture: b.texture, blend: b.blend) }
    }

    public func drawTriangles(_ vertices: [Vertex], indices: [Int32], texture: TextureSource?, blend: BlendMode) {
        drawOrder.append(.batch(batches.count))
        batches.append(Batch(vertices: vertices, indices: indices, texture: texture, blend: blend, clip: clip))
    }

    public struct ParticleDraw {
        public var vertexCount: Int
        public var texture: TextureSource?
        public var blend: BlendMode
        public var clip: Rect?
        public var vertices: [ParticleVertex]
        /// Canvas positions of the quads' vertices.
        public var positions: [Point] { vertices.map { Point(Double($0.x), Double($0.y)) } }
    }
    public private(set) var particleDraws: [ParticleDraw] = []

    public func drawParticles(_ batch: ParticleBatch, texture: TextureSource?, blend: BlendMode) {
        drawOrder.append(.particles(particleDraws.count))
        particleDraws.append(ParticleDraw(vertexCount: batch.vertices.count, texture: texture, blend: blend, clip: clip,
                                          vertices: batch.vertices))
    }

    /// Where in `drawOrder` a batch or particle draw came.
    public func position(of drawn: Drawn) -> Int? { drawOrder.firstIndex(of: drawn) }

    /// Batches drawn with a texture of this image.
    public func batches(ofImage name: String) -> [Batch] {
        batches.filter { $0.texture == .image(name) }
    }
}

public extension RecordingRenderer.Batch {
    /// Axis-aligned bounds of the batch's vertices.
    var bounds: Rect {
        let xs = vertices.map { Double($0.x) }, ys = vertices.map { Double($0.y) }
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return .zero }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
