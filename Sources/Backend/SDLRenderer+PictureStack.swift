import CSDL2
import Foundation
import Stage

/// Stacks of overlapping pictures drawn on the CPU (`PictureStack`): only where OpenGL rasterises on the CPU too, and
/// only a run of consecutive whole pictures that covers its box several times over, where llvmpipe pays most for
/// pixels that are drawn over again.
extension SDLRenderer {
    /// A run of commands, up to `end` (an index of the commands), drawn as one stack.
    struct StackRun {
        var end: Int
        var items: [PictureStack.Item]
        var box: PixelRect
    }

    /// A run takes at least this many pictures…
    static let minimumStackedPictures = 8
    /// …covering at least this many pixels in all (a smaller stack costs llvmpipe little)…
    static let minimumStackedPixels = 256 * 1024
    /// …and their box this many times over: llvmpipe's ~8 ns a covered pixel against the stack's ~3 ns, plus ~5 ns a
    /// pixel of the box to clear, upload and draw it.
    static let minimumStackDepth = 3.0

    /// Whether stacks may be drawn on the CPU: OpenGL on llvmpipe (or another rasteriser on the CPU), drawing onto the
    /// window, unless `ZOETROPE_PICTURE_STACKS=0` (to compare the two).
    var stacksOnCPU: Bool { rasterizesOnCPU && SDL_GetRenderTarget(renderer) == nil }

    /// The longest run of commands from `first` that the CPU can draw as a stack, when it is one worth drawing so
    /// (`minimumStackedPictures`, `minimumStackedPixels`, `minimumStackDepth`); nil otherwise, and `scanned` is then
    /// where the run ended, so the commands before it are not scanned again. `clip(k)` is the clip in force at
    /// `commands[k]`, `visibility(k)` the plan's word on it: a hidden command draws nothing and stays in the run.
    func stackRun(_ commands: ArraySlice<DrawCommand>, from first: Int, clip: (Int) -> Rect?,
                  visibility: (Int) -> FramePlan.Visibility, scanned: inout Int) -> StackRun? {
        var k = first, pictures: [StackedPicture] = [], box = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0), covered = 0.0
        let output = outputRect
        // `k` ends at the first command the run does not take.
        loop: while k < commands.endIndex {
            switch (commands[k], visibility(k)) {
            case (_, .hidden), (.clip, _): break
            // A batch the plan draws only in parts is drawn whole: the parts left out are covered by what follows.
            case let (.triangles(b), .whole), let (.triangles(b), .only):
                let region = clip(k).map { PixelRect(covering: $0.scaled(by: scale)).intersection(output) } ?? output
                guard let picture = stackedPicture(b, clip: region) else { break loop }
                pictures.append(picture)
                box = box.union(picture.bounds.intersection(region))
                covered += picture.area
            default: break loop
            }
            k += 1
        }
        scanned = k
        guard pictures.count >= SDLRenderer.minimumStackedPictures, covered >= Double(SDLRenderer.minimumStackedPixels),
              covered >= SDLRenderer.minimumStackDepth * Double(box.area) else { return nil }
        // Only now are the pictures' texels made (once each): a run that is not a stack (the elevator's eight
        // layers) reads no picture's pixels.
        var items: [PictureStack.Item] = []
        for p in pictures {
            guard let t = stack.texels("\(p.name)@\(p.level)", {
                p.level == 0 ? textures.pixels(of: p.name) : textures.levelPixels(p.name, level: p.level)
            }) else { return nil }
            items.append(PictureStack.Item(texels: t, a: p.a, b: p.b, d: p.d, tint: p.tint, clip: p.clip))
        }
        return StackRun(end: k, items: items, box: box)
    }

    /// A picture a stack may take: which picture at which level, where (output pixels), in what colour; the pixels
    /// it may touch and those it covers.
    private struct StackedPicture {
        var name: String, level: Int
        var a: (x: Float, y: Float), b: (x: Float, y: Float), d: (x: Float, y: Float)
        var tint: SIMD4<UInt16>
        var clip: PixelRect, bounds: PixelRect
        var area: Double
    }

    /// A picture drawn whole through an affine map, of one colour, blended over. Nil for anything else, and for a
    /// picture with a copy at its drawn size (it is drawn from that copy, and its own pixels are not kept).
    private func stackedPicture(_ b: TriangleBatch, clip: PixelRect) -> StackedPicture? {
        guard b.blend == .alpha, case let .image(name)? = b.texture, b.vertices.count == 4, b.indices.count == 6,
              textures.copySize(of: name) == nil, let first = b.vertices.first else { return nil }
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
        let size = textures.imageSize(name)
        guard size.width * size.height <= Double(PictureStack.largestPicture) else { return nil }
        // The level OpenGL would draw it from (`PrescaledPictures`), so that the two look alike: a level nearer the
        // drawn size was no faster here (the fill is bound by its arithmetic, not by reading texels).
        let level = PrescaledPictures.level(of: b, texels: size, scale: s)
        let ca = UInt32(first.a)
        let tint = SIMD4<UInt16>(UInt16(PictureStack.divide255(UInt32(first.r) * ca)), UInt16(PictureStack.divide255(UInt32(first.g) * ca)),
                                 UInt16(PictureStack.divide255(UInt32(first.b) * ca)), UInt16(first.a))
        let bounds = PixelRect(x0: QuadSpans.floor(xs.min()!), y0: QuadSpans.floor(ys.min()!),
                               x1: QuadSpans.ceiling(xs.max()!) + 1, y1: QuadSpans.ceiling(ys.max()!) + 1)
        let area = Double(abs((right.x - a.x) * (down.y - a.y) - (right.y - a.y) * (down.x - a.x)))
        return StackedPicture(name: name, level: level, a: a, b: right, d: down, tint: tint, clip: clip, bounds: bounds, area: area)
    }
}

extension Rect {
    /// Every coordinate times `k`.
    func scaled(by k: Double) -> Rect { Rect(x: minX * k, y: minY * k, width: width * k, height: height * k) }
}
