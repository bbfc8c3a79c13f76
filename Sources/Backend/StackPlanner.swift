import Stage

/// Which runs of a frame's commands are drawn as a stack of pictures on the CPU (`PictureStack`), from the commands
/// alone: a run of at least `minimumPictures` consecutive whole pictures that covers at least `minimumPixels` pixels
/// and its box at least `minimumDepth` times over, where llvmpipe pays most for pixels drawn over again.
struct StackPlanner {
    /// A run takes at least this many pictures…
    static let minimumPictures = 8
    /// …covering at least this many pixels in all (a smaller stack costs llvmpipe little)…
    static let minimumPixels = 256 * 1024
    /// …and their box this many times over: llvmpipe's ~8 ns a covered pixel against the stack's few, plus ~5 ns a
    /// pixel of the box to clear, upload and draw it.
    static let minimumDepth = 3.0

    /// Output pixels a logical point.
    var scale: Double
    /// The output, in pixels.
    var output: PixelRect
    /// A picture's size in texels, and whether a copy at its drawn size stands in for it (`PrescaledPictures`).
    var imageSize: (String) -> Size
    var hasCopy: (String) -> Bool

    /// A run of commands, up to `end` (an index of the commands), to draw as one stack within `box` (output pixels).
    struct Run {
        var end: Int
        var pictures: [Picture]
        var box: PixelRect
    }

    /// A picture of a stack: which picture at which level (the level OpenGL would draw it from, so the two look
    /// alike), where (output pixels: texel (0, 0) at `a`, the far ends of its top and left edges at `b` and `d`), in
    /// what premultiplied colour, within which clip; the pixels it may touch and those it covers.
    struct Picture {
        var name: String, level: Int
        var a: (x: Float, y: Float), b: (x: Float, y: Float), d: (x: Float, y: Float)
        var tint: SIMD4<UInt16>
        var clip: PixelRect, bounds: PixelRect
        var area: Double
    }

    /// The longest run of commands from `first` that a stack can draw, when it is one worth drawing so; nil
    /// otherwise. Either way `scanned` is then where the run ended, so the commands before it are not scanned again.
    /// `clip(k)` is the clip in force at `commands[k]` (logical), `visibility(k)` the plan's word on it: a hidden
    /// command draws nothing and stays in the run, as do clips.
    func run(_ commands: ArraySlice<DrawCommand>, from first: Int, clip: (Int) -> Rect?,
             visibility: (Int) -> FramePlan.Visibility, scanned: inout Int) -> Run? {
        var k = first, pictures: [Picture] = [], box = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0), covered = 0.0
        // `k` ends at the first command the run does not take.
        loop: while k < commands.endIndex {
            switch (commands[k], visibility(k)) {
            case (_, .hidden), (.clip, _): break
            // A batch the plan draws only in parts is drawn whole: the parts left out are covered by what follows.
            case let (.triangles(b), .whole), let (.triangles(b), .only):
                let region = clip(k).map { PixelRect(covering: $0.scaled(by: scale)).intersection(output) } ?? output
                guard let picture = picture(b, clip: region) else { break loop }
                pictures.append(picture)
                box = box.union(picture.bounds.intersection(region))
                covered += picture.area
            default: break loop
            }
            k += 1
        }
        scanned = k
        guard pictures.count >= StackPlanner.minimumPictures, covered >= Double(StackPlanner.minimumPixels),
              covered >= StackPlanner.minimumDepth * Double(box.area) else { return nil }
        return Run(end: k, pictures: pictures, box: box)
    }

    /// A picture drawn whole through an affine map, of one colour, blended over. Nil for anything else, and for a
    /// picture with a copy at its drawn size (it is drawn from that copy, and its own pixels are not kept).
    func picture(_ b: TriangleBatch, clip: PixelRect) -> Picture? {
        guard b.blend == .alpha, case let .image(name)? = b.texture, b.vertices.count == 4, b.indices.count == 6,
              !hasCopy(name), let first = b.vertices.first else { return nil }
        for p in b.vertices {
            guard p.r == first.r, p.g == first.g, p.b == first.b, p.a == first.a,
                  p.u == 0 || p.u == 1, p.v == 0 || p.v == 1 else { return nil }
        }
        guard let place = FramePlan.textureMap(of: b) else { return nil }
        let s = scale
        func pixel(_ u: Double, _ v: Double) -> (x: Float, y: Float) {
            let p = place(u, v)
            return (Float(p.x * s), Float(p.y * s))
        }
        let a = pixel(0, 0), right = pixel(1, 0), down = pixel(0, 1)
        let far = (x: right.x + down.x - a.x, y: right.y + down.y - a.y)
        let xs = [a.x, right.x, down.x, far.x], ys = [a.y, right.y, down.y, far.y]
        // Also false for NaN.
        guard xs.allSatisfy({ abs($0) < 1e7 }), ys.allSatisfy({ abs($0) < 1e7 }) else { return nil }
        let size = imageSize(name)
        guard size.width * size.height <= Double(PictureStack.largestPicture) else { return nil }
        // A level nearer the drawn size was no faster (the fill is not bound by reading texels), and looked less like
        // OpenGL's picture.
        let level = PrescaledPictures.level(of: b, texels: size, scale: s)
        let ca = UInt32(first.a)
        func premultiplied(_ c: UInt8) -> UInt16 { UInt16(PictureStack.divide255(UInt32(c) * ca)) }
        let tint = SIMD4<UInt16>(premultiplied(first.r), premultiplied(first.g), premultiplied(first.b), UInt16(first.a))
        let bounds = PixelRect(x0: QuadSpans.floor(xs.min()!), y0: QuadSpans.floor(ys.min()!),
                               x1: QuadSpans.ceiling(xs.max()!) + 1, y1: QuadSpans.ceiling(ys.max()!) + 1)
        let area = Double(abs((right.x - a.x) * (down.y - a.y) - (right.y - a.y) * (down.x - a.x)))
        return Picture(name: name, level: level, a: a, b: right, d: down, tint: tint, clip: clip, bounds: bounds, area: area)
    }
}

extension Rect {
    /// Every coordinate times `k`.
    func scaled(by k: Double) -> Rect { Rect(x: minX * k, y: minY * k, width: width * k, height: height * k) }
}
