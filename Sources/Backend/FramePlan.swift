import Particles
import Stage

/// One drawing command of a frame, recorded between `clear` and `present` so the frame can be planned as a whole.
enum DrawCommand {
    case clear(Color)
    case clip(Rect?)
    case triangles(TriangleBatch)
    case particles(ParticleBatch, TextureSource?, BlendMode, ParticleExtent)
    case layer(Layer)

    /// Commands whose pixels depend only on themselves and what was drawn before: a run of them at the start of a
    /// frame can be kept as a picture (particles step with time). A layer is one too where the picture is taken
    /// from the window (`keepsLayers`); a picture drawn into a texture cannot hold one (it is drawn upside down
    /// there, and a layer's effects are made the right way up).
    func isCacheable(keepsLayers: Bool) -> Bool {
        switch self {
        case .clear, .clip, .triangles: return true
        case .layer: return keepsLayers
        case .particles: return false
        }
    }

    func isSame(as other: DrawCommand) -> Bool {
        switch (self, other) {
        case let (.clear(a), .clear(b)): return a == b
        case let (.clip(a), .clip(b)): return a == b
        case let (.triangles(a), .triangles(b)): return a == b
        // The key stands for the content and its effects; opacity and bounds are apart from it.
        case let (.layer(a), .layer(b)): return a.key == b.key && a.opacity == b.opacity && a.bounds == b.bounds
        default: return false
        }
    }
}

/// The box a particle batch's vertices span (logical pixels) and how big its largest quad is, found once when it
/// is recorded: it decides whether the batch is on screen at all, which region the splatter fills, and which path
/// and filter the batch may take (`ParticleSplatter.suits`, `ParticleFiltering`).
struct ParticleExtent {
    var x0 = Float.infinity, y0 = Float.infinity, x1 = -Float.infinity, y1 = -Float.infinity
    /// Over every quad (corners a, b, d: a's top and left edges), the longest edge as |dx| + |dy|, and its length
    /// squared; infinite where a corner is not a number.
    var largestSpan: Float = 0, largestSideSquared: Float = 0

    init(_ batch: ParticleBatch) {
        batch.vertices.withUnsafeBufferPointer { vs in
            for v in vs { x0 = min(x0, v.x); y0 = min(y0, v.y); x1 = max(x1, v.x); y1 = max(y1, v.y) }
            for q in stride(from: 0, to: vs.count - 3, by: 4) {
                let a = vs[q], b = vs[q + 1], d = vs[q + 3]
                let across = (x: b.x - a.x, y: b.y - a.y), down = (x: d.x - a.x, y: d.y - a.y)
                let span = max(abs(across.x) + abs(across.y), abs(down.x) + abs(down.y))
                let squared = max(across.x * across.x + across.y * across.y, down.x * down.x + down.y * down.y)
                // `max` keeps a NaN only when it is the first argument: test the corners themselves.
                let finite = !(across.x + across.y + down.x + down.y).isNaN
                largestSpan = finite ? max(largestSpan, span) : .infinity
                largestSideSquared = finite ? max(largestSideSquared, squared) : .infinity
                if !finite { break }
            }
        }
    }

    func meets(_ r: PixelRect) -> Bool {
        x1 >= Float(r.x0) && y1 >= Float(r.y0) && x0 <= Float(r.x1) && y0 <= Float(r.y1)
    }
}

/// A rectangle of whole pixels, half-open: x0 ≤ x < x1, y0 ≤ y < y1.
struct PixelRect: Equatable {
    var x0, y0, x1, y1: Int

    var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    var area: Int { isEmpty ? 0 : (x1 - x0) * (y1 - y0) }
    var rect: Rect { Rect(x: Double(x0), y: Double(y0), width: Double(x1 - x0), height: Double(y1 - y0)) }

    /// The pixels any part of `r` touches.
    init(covering r: Rect) {
        x0 = PixelRect.int(r.minX.rounded(.down)); y0 = PixelRect.int(r.minY.rounded(.down))
        x1 = PixelRect.int(r.maxX.rounded(.up)); y1 = PixelRect.int(r.maxY.rounded(.up))
    }
    /// The pixels wholly inside `r`.
    init(inside r: Rect) {
        x0 = PixelRect.int(r.minX.rounded(.up)); y0 = PixelRect.int(r.minY.rounded(.up))
        x1 = PixelRect.int(r.maxX.rounded(.down)); y1 = PixelRect.int(r.maxY.rounded(.down))
    }
    init(x0: Int, y0: Int, x1: Int, y1: Int) { self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1 }

    private static func int(_ v: Double) -> Int { v.isFinite ? Int(max(-1e9, min(1e9, v))) : (v > 0 ? 1_000_000_000 : -1_000_000_000) }

    /// The smallest rect holding both (an empty one holds nothing).
    func union(_ o: PixelRect) -> PixelRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        return PixelRect(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1))
    }

    /// Whether every pixel of `o` is in this rect (an empty `o` is in any).
    func contains(_ o: PixelRect) -> Bool {
        o.isEmpty || (x0 <= o.x0 && y0 <= o.y0 && o.x1 <= x1 && o.y1 <= y1)
    }

    func intersection(_ o: PixelRect) -> PixelRect {
        PixelRect(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
    }

    /// What is left of this rect outside `o`: at most four bands (above, below, left, right).
    func subtracting(_ o: PixelRect) -> [PixelRect] {
        let cut = intersection(o)
        guard !cut.isEmpty else { return [self] }
        return [PixelRect(x0: x0, y0: y0, x1: x1, y1: cut.y0),
                PixelRect(x0: x0, y0: cut.y1, x1: x1, y1: y1),
                PixelRect(x0: x0, y0: cut.y0, x1: cut.x0, y1: cut.y1),
                PixelRect(x0: cut.x1, y0: cut.y0, x1: x1, y1: cut.y1)].filter { !$0.isEmpty }
    }
}

/// Which parts of a frame's commands can be seen: a command wholly under opaque rectangles drawn after it is not
/// drawn at all, and one mostly under them is drawn only inside the few rectangles left uncovered. The elevator's
/// car and people behind the closed doors cost nothing this way; a frame looks exactly the same.
enum FramePlan {
    /// How much of a command to draw.
    enum Visibility: Equatable {
        case hidden
        case whole
        /// Only inside these rects (each within the command's bounds and clip).
        case only([PixelRect])
    }

    /// One command as the plan sees it.
    struct Item {
        /// The pixels the command may touch (clip and output applied); nil when it cannot be culled.
        var bounds: PixelRect?
        /// Pixels the command certainly paints over with opaque colour.
        var occludes: [PixelRect] = []
        /// The bounds are smaller than the command's geometry (its texture is transparent around them): it is drawn
        /// inside them only.
        var isTrimmed = false
    }

    /// Bounds on the work: rectangles kept as occluders, and pieces a command may be split into.
    static let maxOccluders = 16
    static let maxPieces = 8

    static func visibility(of items: [Item]) -> [Visibility] {
        var result = [Visibility](repeating: .whole, count: items.count)
        var occluders: [PixelRect] = []
        for i in items.indices.reversed() {
            if let bounds = items[i].bounds {
                result[i] = visibility(of: bounds, under: occluders)
                if items[i].isTrimmed, result[i] == .whole { result[i] = .only([bounds]) }
            }
            for o in items[i].occludes where !o.isEmpty {
                occluders.append(o)
                if occluders.count > maxOccluders {
                    occluders.remove(at: occluders.indices.min { occluders[$0].area < occluders[$1].area }!)
                }
            }
        }
        return result
    }

    private static func visibility(of bounds: PixelRect, under occluders: [PixelRect]) -> Visibility {
        guard !bounds.isEmpty else { return .hidden }
        var left = [bounds]
        for o in occluders {
            left = left.flatMap { $0.subtracting(o) }
            if left.isEmpty { return .hidden }
            // Too many pieces cost more in draw calls than they save in pixels.
            if left.count > maxPieces * 2 { return .whole }
        }
        if left == [bounds] || left.count > maxPieces { return .whole }
        // Splitting pays only when a good part is hidden.
        let visible = left.reduce(0) { $0 + $1.area }
        return visible * 10 <= bounds.area * 9 ? .only(left) : .whole
    }

    /// The rect an axis-aligned quad of `batch` covers, when it is one: four corners, two triangles that tile it.
    /// Called for every batch of every frame: no allocation.
    static func quadRect(_ batch: TriangleBatch) -> Rect? {
        let v = batch.vertices, ix = batch.indices
        guard v.count == 4, ix.count == 6 else { return nil }
        let x0 = min(v[0].x, v[1].x, v[2].x, v[3].x), x1 = max(v[0].x, v[1].x, v[2].x, v[3].x)
        let y0 = min(v[0].y, v[1].y, v[2].y, v[3].y), y1 = max(v[0].y, v[1].y, v[2].y, v[3].y)
        guard x0 < x1, y0 < y1 else { return nil }
        // Each vertex is a corner, and each corner is taken once (a bit per corner).
        var corners = 0
        for p in v {
            guard p.x == x0 || p.x == x1, p.y == y0 || p.y == y1 else { return nil }
            corners |= 1 << ((p.x == x0 ? 0 : 1) + (p.y == y0 ? 0 : 2))
        }
        guard corners == 0b1111 else { return nil }
        // Two triangles of its corners tile the rect when each has three corners and they share only a diagonal.
        guard ix.allSatisfy({ $0 >= 0 && $0 < 4 }) else { return nil }
        let first: Int = 1 << ix[0] | 1 << ix[1] | 1 << ix[2], second: Int = 1 << ix[3] | 1 << ix[4] | 1 << ix[5]
        guard first.nonzeroBitCount == 3, second.nonzeroBitCount == 3, first | second == 0b1111 else { return nil }
        let shared = first & second
        let a = v[shared.trailingZeroBitCount], b = v[Int.bitWidth - 1 - shared.leadingZeroBitCount]
        guard a.x != b.x, a.y != b.y else { return nil }
        return Rect(x: Double(x0), y: Double(y0), width: Double(x1 - x0), height: Double(y1 - y0))
    }

    /// Where a textured quad draws the texture's region `uv` (texture coordinates), when its four corners map the
    /// texture affinely (as every picture, sprite and rotated sprite does): the region's box on the output.
    static func bounds(of batch: TriangleBatch, inside uv: Rect) -> Rect? {
        guard let at = textureMap(of: batch) else { return nil }
        let corners = [at(uv.minX, uv.minY), at(uv.maxX, uv.minY), at(uv.minX, uv.maxY), at(uv.maxX, uv.maxY)]
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// The point on the output where a quad draws texture coordinates (u, v), when its four corners map the texture
    /// affinely: P(u, v) = o + u·e + v·f, solved from three corners, the fourth agreeing.
    static func textureMap(of batch: TriangleBatch) -> ((Double, Double) -> (x: Double, y: Double))? {
        let v = batch.vertices
        guard v.count == 4 else { return nil }
        let (p, q, r) = (v[0], v[1], v[2])
        let du1 = Double(q.u - p.u), dv1 = Double(q.v - p.v), du2 = Double(r.u - p.u), dv2 = Double(r.v - p.v)
        let det = du1 * dv2 - du2 * dv1
        guard abs(det) > 1e-9 else { return nil }
        let dx1 = Double(q.x - p.x), dy1 = Double(q.y - p.y), dx2 = Double(r.x - p.x), dy2 = Double(r.y - p.y)
        let ex = (dx1 * dv2 - dx2 * dv1) / det, ey = (dy1 * dv2 - dy2 * dv1) / det
        let fx = (dx2 * du1 - dx1 * du2) / det, fy = (dy2 * du1 - dy1 * du2) / det
        let ox = Double(p.x) - ex * Double(p.u) - fx * Double(p.v), oy = Double(p.y) - ey * Double(p.u) - fy * Double(p.v)
        let at = { (u: Double, w: Double) in (x: ox + ex * u + fx * w, y: oy + ey * u + fy * w) }
        let s = v[3], fourth = at(Double(s.u), Double(s.v))
        guard abs(fourth.x - Double(s.x)) < 0.01, abs(fourth.y - Double(s.y)) < 0.01 else { return nil }
        return at
    }

    /// Whether every pixel `batch` draws is opaque: opaque vertex colours and a texture with no transparent pixel.
    static func isOpaque(_ batch: TriangleBatch, textureIsOpaque: (TextureSource) -> Bool) -> Bool {
        hasOpaqueColours(batch) && (batch.texture.map(textureIsOpaque) ?? true)
    }

    /// Whether the batch replaces what is beneath wherever its texture is opaque (opaque vertex colours, a blend
    /// that does not add).
    static func hasOpaqueColours(_ batch: TriangleBatch) -> Bool {
        (batch.blend == .alpha || batch.blend == .replace) && batch.vertices.allSatisfy { $0.a == 255 }
    }

    /// How many leading commands `a` and `b` share, counting only a run of cacheable commands.
    static func commonPrefix(_ a: [DrawCommand], _ b: [DrawCommand], keepsLayers: Bool = false) -> Int {
        var n = 0
        while n < a.count, n < b.count, a[n].isCacheable(keepsLayers: keepsLayers), a[n].isSame(as: b[n]) { n += 1 }
        return n
    }

    /// Where a frame's start `now` differs from the commands a picture was kept of, when it is the same commands in
    /// the same places but for some batches of triangles (a slider's knob and its reading while it is dragged): the
    /// pixels the old and the new batches may touch. Nil when anything else differs (a clear, a clip, a layer, one
    /// command fewer) or a layer meets that damage (it would have to be made again in part). `box`: the pixels a
    /// batch or a layer may touch within a clip.
    static func damage(from kept: [DrawCommand], to now: ArraySlice<DrawCommand>,
                       box: (DrawCommand, Rect?) -> PixelRect) -> PixelRect? {
        guard now.count >= kept.count else { return nil }
        var damage = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
        var layers: [PixelRect] = []
        var clip: Rect?
        for (old, new) in zip(kept, now) {
            if old.isSame(as: new) {
                switch new {
                case let .clip(r): clip = r
                case .layer: layers.append(box(new, clip))
                default: break
                }
                continue
            }
            guard case .triangles = old, case .triangles = new else { return nil }
            damage = damage.union(box(old, clip)).union(box(new, clip))
        }
        guard layers.allSatisfy({ $0.intersection(damage).isEmpty }) else { return nil }
        return damage
    }

    /// Whether keeping `commands` as a picture pays: a layer, at least two batches of triangles, or one picture drawn other
    /// than texel for texel (stretched or turned, it is sampled linearly, ≈ 10 ms a million pixels on llvmpipe; the
    /// kept copy is sampled nearest, ≈ 4: the blizzard's stretched background).
    static func isWorthCaching(_ commands: ArraySlice<DrawCommand>, isTexelExact: (TriangleBatch) -> Bool) -> Bool {
        var batches = 0
        var lone: TriangleBatch?
        for c in commands {
            switch c {
            case let .triangles(b):
                batches += 1
                lone = b
                if batches >= 2 { return true }
            case .layer: return true  // made offscreen, then drawn: more than a copy costs
            default: break
            }
        }
        guard let lone, lone.texture != nil else { return false }
        return !isTexelExact(lone)
    }
}
