import CSDL2
import Stage

/// Pictures drawn upright on fewer pixels than they have texels, copied once at the size they are drawn, the copy
/// taking the picture's place (issue 24). On Mesa's llvmpipe a picture sampled linearly costs four texel fetches and
/// their blend for every pixel, and most pictures are drawn smaller than they are: the elevator's 600×2000 doors at
/// 636×800 and its 924×1284 frame over the whole window, every frame of a ride. Drawn from a copy of exactly its size
/// on whole pixels, a picture is sampled nearest, one fetch a pixel: the ride's CPU fell by a quarter.
///
/// The copy is made by the GPU: the picture drawn into a target of that size with the same linear filter, so it
/// holds the colours the picture drawn there would have (to a level: the copy keeps 8 bits). The quad moves to whole
/// pixels, at most half a pixel each edge. Which pictures are copied is decided from a frame's commands before it is
/// drawn (`prepare`), so the frame is the same whether its start is kept as a picture or drawn: a picture covering
/// `minPixels` or more, drawn upright at one size alone for `steadyFrames` frames before, is copied, one copy a
/// frame; the copy replaces its texture in the texture cache, which keeps the picture's own size and coverage
/// (`TextureCache.adoptCopy`), so memory falls too. A picture drawn at several sizes at once is not copied; one drawn
/// otherwise after it was copied is decoded again and drawn from its own texture for good
/// (`TextureCache.restoreOriginal`). Only on the GPU renderers: SDL's software renderer samples nearest anyway.
///
/// A picture drawn otherwise (turned, mirrored, a mesh) at a quarter of its size or less, at one level alone for as
/// many frames, is drawn from its pixels halved that many times instead (`ReducedImage`, its transparent texels bled;
/// `TextureCache.levelTexture`), sampled linearly as before: Belts and Gears' 1000×974 fan spinning at 190 pixels
/// holds 0.24 MB instead of 3.9, and its texels are read four to a pixel rather than scattered over five times as
/// many. The mipmap level SDL's renderers lack, and smoother too: a picture minified fivefold by a linear filter
/// skips most of its texels.
final class PrescaledPictures {
    /// How a picture has been drawn lately: at one size this frame and for how many frames before, or at several.
    struct Use {
        var frame: Int
        var width: Int, height: Int
        /// Drawn upright whole (a copy at its drawn size), not at a halved level.
        var upright: Bool
        /// Frames before this one drawn at this size alone.
        var steady: Int
        /// Drawn at another size too this frame (raindrops of one picture at many sizes).
        var mixed: Bool
    }

    private let renderer: OpaquePointer
    private var uses: [String: Use] = [:]
    /// Pictures whose copy was let go because they were drawn at another size: their size changes (a breathing
    /// flower), so they are drawn as they are from then on rather than copied again and again.
    private var restless = Set<String>()
    private var frame = 0
    private var lastCopyFrame = -1
    /// Frames a picture is drawn at one size alone before it is copied at that size: one that grows or shrinks
    /// every frame is not copied.
    static let steadyFrames = 2
    /// Pixels a picture must cover to be copied: making a copy costs a frame a few milliseconds, which a small
    /// picture (a puddle, a shaft) does not win back; the doors cover half a million.
    static let minPixels = 256 * 256

    init(renderer: OpaquePointer) { self.renderer = renderer }

    /// A frame was presented.
    func frameEnded() {
        frame += 1
        if uses.count > 256 { uses = uses.filter { $0.value.frame >= frame - 1 } }
    }

    /// The picture's box in `batch` (logical pixels) when it draws all of its texture upright: four corners, each
    /// with the texture coordinates of its corner (not mirrored).
    static func uprightBox(of batch: TriangleBatch) -> Rect? {
        guard batch.vertices.count == 4, batch.indices.count == 6 else { return nil }
        let v = batch.vertices
        var x0 = v[0].x, y0 = v[0].y, x1 = v[0].x, y1 = v[0].y
        for p in v { x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y) }
        guard x1 > x0, y1 > y0 else { return nil }
        for p in v {
            let left = p.x == x0, top = p.y == y0
            guard left || p.x == x1, top || p.y == y1,
                  abs(p.u - (left ? 0 : 1)) < 1e-4, abs(p.v - (top ? 0 : 1)) < 1e-4 else { return nil }
        }
        return Rect(x: Double(x0), y: Double(y0), width: Double(x1 - x0), height: Double(y1 - y0))
    }

    /// The pixel size `batch` draws its picture at when it draws all of it upright, covering `minPixels` or more and
    /// fewer pixels than the picture has texels; nil otherwise.
    static func copySize(for batch: TriangleBatch, texels: Size, scale: Double) -> (box: Rect, w: Int, h: Int)? {
        guard let box = uprightBox(of: batch) else { return nil }
        let w = Int((box.width * scale).rounded()), h = Int((box.height * scale).rounded())
        guard w * h >= minPixels, Double(w * h) < texels.width * texels.height else { return nil }
        return (box, w, h)
    }

    /// Goes through a frame's commands before any is drawn: notes the size each picture is drawn at, makes the
    /// copies of those drawn at one size alone for `steadyFrames` frames, and lets a copy go when its picture is
    /// drawn otherwise (for good). From the commands, not from what is drawn, so a frame makes the same copies whether
    /// its start is kept as a picture or drawn.
    /// Returns whether copies are pending: one was made in this frame, or a picture is to be copied in a coming one
    /// (it qualifies, was drawn at this size in the frame before too, and has no copy yet). The kept picture of the
    /// frame's start waits for them (`SDLRenderer.pictureStep`), so it is taken from the window once, with its
    /// copies, and not once before them and again after (each take redraws the start: 15–20 ms on llvmpipe).
    @discardableResult
    func prepare(_ commands: [DrawCommand], textures: TextureCache, scale: Double) -> Bool {
        // Each draw of a picture: upright whole (a copy at the drawn size), or else a quarter of its size or less (a
        // halved level), or otherwise (larger, or turned and not much smaller: it has no stand-in).
        var draws: [(name: String, size: (w: Int, h: Int), upright: Bool, level: Int)] = []
        var drawnOtherwise = Set<String>()
        for case let .triangles(b) in commands {
            guard case let .image(name)? = b.texture, !restless.contains(name) else { continue }
            let texels = textures.imageSize(name)
            let upright = PrescaledPictures.copySize(for: b, texels: texels, scale: scale)
            let level = upright == nil ? PrescaledPictures.level(of: b, texels: texels, scale: scale) : 0
            if let upright {
                draws.append((name, (upright.w, upright.h), true, 0))
            } else if level > 0 {
                // A level's size as `ReducedImage.halved` makes it.
                draws.append((name, (max(1, Int(texels.width) >> level), max(1, Int(texels.height) >> level)), false, level))
            } else {
                drawnOtherwise.insert(name)
            }
        }
        // A copy stands in for its picture in all of a frame's draws (it takes the picture's place in the texture
        // cache), so a picture this frame draws otherwise too is not copied in it, whichever draw comes first (the
        // find-words background, filling the window and on a button, was drawn blurred from its button's level).
        lastDrawnOtherwise = drawnOtherwise
        var copiesDue = false
        // One copy a frame: the textures a copy replaces are freed once the frames drawn with them are done, so
        // copies made together would all be held beside their pictures for a moment (a peak of 8 MB in the elevator).
        for d in draws where !drawnOtherwise.contains(d.name) {
            let use = noteUse(of: d.name, width: d.size.w, height: d.size.h, upright: d.upright)
            let size: (w: Int, h: Int)? = d.upright ? d.size : nil
            if let made = textures.copySize(of: d.name) {
                if made != d.size { drawnOtherwise.insert(d.name) }
            } else if textures.adoptStoredCopy(of: d.name, size: size, level: d.level) {
                // A copy an earlier run kept, drawn from the picture's first frame; its picture is not read, so it
                // holds no more than the copy and is not one of the frame's copies.
            } else if use.steady >= PrescaledPictures.steadyFrames, !use.mixed, lastCopyFrame < frame {
                if let copy = makeCopy(of: d.name, size, level: d.level, textures: textures) {
                    textures.adoptCopy(copy.texture, of: d.name, width: copy.w, height: copy.h)
                    lastCopyFrame = frame
                } else {
                    // Not tried again every frame (nor waited for): drawn as it is.
                    restless.insert(d.name)
                }
            } else if use.steady >= 1, !use.mixed {
                copiesDue = true
            }
        }
        for name in drawnOtherwise where textures.copySize(of: name) != nil {
            restless.insert(name)
            textures.restoreOriginal(name)
        }
        return copiesDue || lastCopyFrame == frame
    }
    /// The pictures the last frame drew otherwise (not kept as copies for later runs).
    private var lastDrawnOtherwise = Set<String>()

    /// The window has nothing to draw for a while: keeps for later runs the copies of the pictures the last frame
    /// drew upright at one size alone and that have none, made and let go at once (this run goes on drawing them as
    /// it did). A still scene draws a frame or two, so its pictures are hardly ever steady long enough to be copied, and its
    /// next run would read and upload them whole for its first frame; that run draws them from these instead
    /// (`TextureCache.adoptStoredCopy`). Once a frame at most; only with a picture store.
    func keepCopiesForLaterRuns(textures: TextureCache) {
        guard lastKeptFrame < frame else { return }
        lastKeptFrame = frame
        for (name, use) in uses where use.frame == frame - 1 && use.upright && !use.mixed && !restless.contains(name)
            && !lastDrawnOtherwise.contains(name) {
            let size = (w: use.width, h: use.height)
            guard textures.copySize(of: name) == nil, textures.wantsCopyKept(of: name, size: size),
                  let original = textures.texture(.image(name)),
                  let copy = copy(original.texture, width: size.w, height: size.h) else { continue }
            keepForLaterRuns(copy, of: name, size: size, textures: textures)
            SDL_DestroyTexture(copy)
        }
    }
    private var lastKeptFrame = -1

    /// The quad on whole output pixels and the copy to draw it with (its size, sampled nearest), when `batch` draws
    /// all of picture `name` upright at the size of the copy made of it; nil otherwise (draw it as it is).
    func standIn(for batch: TriangleBatch, name: String, textures: TextureCache, scale: Double) -> (quad: TriangleBatch, copy: OpaquePointer)? {
        guard let made = textures.copySize(of: name),
              let size = PrescaledPictures.copySize(for: batch, texels: textures.imageSize(name), scale: scale),
              made == (size.w, size.h), let copy = textures.texture(.image(name))?.texture else { return nil }
        let box = size.box
        let x0 = (box.minX * scale).rounded() / scale, y0 = (box.minY * scale).rounded() / scale
        let x1 = x0 + Double(size.w) / scale, y1 = y0 + Double(size.h) / scale
        var quad = batch
        for i in quad.vertices.indices {
            quad.vertices[i].x = Float(quad.vertices[i].x == Float(box.minX) ? x0 : x1)
            quad.vertices[i].y = Float(quad.vertices[i].y == Float(box.minY) ? y0 : y1)
        }
        return (quad, copy)
    }

    /// Notes that `name` is drawn at `width`×`height` now: how it has been drawn lately, this included.
    private func noteUse(of name: String, width: Int, height: Int, upright: Bool) -> Use {
        guard var use = uses[name] else {
            let first = Use(frame: frame, width: width, height: height, upright: upright, steady: 0, mixed: false)
            uses[name] = first
            return first
        }
        let same = use.width == width && use.height == height && use.upright == upright
        if use.frame == frame {
            if !same { use.mixed = true }
        } else {
            let held = use.frame == frame - 1 && !use.mixed && same
            use = Use(frame: frame, width: width, height: height, upright: upright, steady: held ? use.steady + 1 : 0, mixed: false)
        }
        uses[name] = use
        return use
    }

    /// The copy to stand in for `name`: drawn by the GPU at `size`, or else its pixels halved `level` times.
    private func makeCopy(of name: String, _ size: (w: Int, h: Int)?, level: Int,
                          textures: TextureCache) -> (texture: OpaquePointer, w: Int, h: Int)? {
        if let size {
            guard let original = textures.texture(.image(name)), let copy = copy(original.texture, width: size.w, height: size.h) else { return nil }
            DrawCounters.count { $0.picturesPrescaled += 1 }
            if textures.wantsCopyKept(of: name, size: size) { keepForLaterRuns(copy, of: name, size: size, textures: textures) }
            return (copy, size.w, size.h)
        }
        guard let made = textures.levelTexture(name, level: level) else { return nil }
        DrawCounters.count { $0.picturesPrescaled += 1 }
        return (made.texture, made.width, made.height)
    }

    /// How many times to halve a picture that `batch` does not draw upright whole (turned, mirrored, a mesh), judged
    /// by its first triangle as the particles' levels are (`ReducedImage.level`: from a quarter of its size down);
    /// 0 when it is drawn larger than that.
    static func level(of batch: TriangleBatch, texels: Size, scale: Double) -> Int {
        guard let sides = ReducedImage.sides(ofFirstTriangleOf: batch, texels: texels, scale: scale) else { return 0 }
        return ReducedImage.level(imageSide: sides.image, drawnSide: sides.drawn)
    }

    /// Reads target `copy` (`size`) back and keeps it in the picture store for later runs (callers ask
    /// `TextureCache.wantsCopyKept` first).
    private func keepForLaterRuns(_ copy: OpaquePointer, of name: String, size: (w: Int, h: Int), textures: TextureCache) {
        var px = [UInt8](repeating: 0, count: size.w * size.h * 4)
        let read: Int32? = RenderTarget.drawing(renderer, into: copy) {
            SDL_RenderSetScale(renderer, 1, 1)
            return px.withUnsafeMutableBytes { SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_RGBA32.rawValue, $0.baseAddress, Int32(size.w * 4)) }
        }
        guard read == 0 else { return }
        DrawCounters.count { $0.readbackPixels += Double(size.w * size.h) }
        textures.keepCopy(Framebuffer(width: size.w, height: size.h, pixels: px), of: name)
    }

    /// `original` drawn into a new target of `width`×`height`, linearly, replacing what is there; the renderer's
    /// target, scale and clip and the texture's modes are as before afterwards.
    private func copy(_ original: OpaquePointer, width: Int, height: Int) -> OpaquePointer? {
        guard let target = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGBA32.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
                                             Int32(width), Int32(height)) else { return nil }
        var mode = SDL_BLENDMODE_NONE, r: UInt8 = 255, g: UInt8 = 255, b: UInt8 = 255, a: UInt8 = 255
        SDL_GetTextureBlendMode(original, &mode)
        SDL_GetTextureColorMod(original, &r, &g, &b)
        SDL_GetTextureAlphaMod(original, &a)
        defer {
            SDL_SetTextureBlendMode(original, mode)
            SDL_SetTextureColorMod(original, r, g, b)
            SDL_SetTextureAlphaMod(original, a)
        }
        let drawn: Void? = RenderTarget.drawing(renderer, into: target) {
            SDL_RenderSetScale(renderer, 1, 1)
            SDL_RenderSetClipRect(renderer, nil)
            // The picture's own texels, straight alpha, as the linear filter samples them at each pixel's centre.
            SDL_SetTextureBlendMode(original, SDL_BLENDMODE_NONE)
            SDL_SetTextureColorMod(original, 255, 255, 255)
            SDL_SetTextureAlphaMod(original, 255)
            TexelExactFiltering.use(original, exact: false, renderer: renderer)
            var whole = SDL_Rect(x: 0, y: 0, w: Int32(width), h: Int32(height))
            SDL_RenderCopy(renderer, original, nil, &whole)
        }
        guard drawn != nil else { SDL_DestroyTexture(target); return nil }
        return target
    }
}
