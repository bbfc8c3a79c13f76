import CSDL2
import Foundation
import Stage

/// Wide shadows made cheaply: a shadow of σ ≥ `wideShadowSigma` pixels (the ocean's waves cast σ 30–100 pt from
/// bands as wide as the screen, re-shaped every frame) is blurred from a silhouette rendered at 1/⌊σ/8⌋ of the
/// resolution, so its blur is still ≥ 8 px there, and only where it can be seen: the output clipped to the layer's
/// reach, and the part of the content whose shadow can reach that. Not faded (or a shadow alone), the shadow is
/// stretched onto the output with linear filtering and the content drawn over it as it is; faded, content over
/// shadow is composited on the CPU at full resolution (sampling the shadow bilinearly) and drawn at the layer's
/// opacity as one group, as the full path does. Either way the frame is the full path's within a few levels of 255
/// where the shadow is, and the same elsewhere (WideShadowTests).
extension LayerCompositor {
    /// σ in output pixels from which a shadow takes this path; the silhouette is reduced by ⌊σ / this⌋.
    static let wideShadowSigma = 8.0
    /// Draws `layer` when it has a wide shadow and no other effect (true: drawn; false: failed, draw it plainly);
    /// nil when the layer is not for this path.
    func drawWideShadow(_ layer: Layer, scale: Double, drawBatch: (TriangleBatch) -> Void) -> Bool? {
        guard reducesWideShadows, let shadow = layer.shadow, layer.blur == 0, layer.hueRotation == 0, layer.mask == nil,
              shadow.radius * scale >= LayerCompositor.wideShadowSigma, let view = outputRect(scale: scale) else { return nil }
        // The result depends on what is on screen, so the output's size is part of its key.
        var hasher = Hasher()
        hasher.combine(layer.key); hasher.combine(view.width); hasher.combine(view.height); hasher.combine(scale)
        // A faded result is made only inside the clip (below), so the clip is part of the key too.
        if layer.opacity < 1, SDL_RenderIsClipEnabled(renderer) == SDL_TRUE {
            var c = SDL_Rect()
            SDL_RenderGetClipRect(renderer, &c)
            hasher.combine(c.x); hasher.combine(c.y); hasher.combine(c.w); hasher.combine(c.h)
        }
        let key = hasher.finalize()
        if let hit = cache[key] {
            touch(key)
            quad(hit.texture, hit.rect, opacity: layer.opacity)
            // Not faded, only the shadow is kept (below); the content is drawn over it.
            if layer.opacity >= 1 && !layer.shadowOnly { layer.batches.forEach(drawBatch) }
            return true
        }
        let m = layer.margin
        let reach = layer.bounds.insetBy(dx: -m, dy: -m)
        // The visible part of the result, on whole output pixels.
        let x0 = (max(reach.minX, view.minX) * scale).rounded(.down), x1 = (min(reach.maxX, view.maxX) * scale).rounded(.up)
        let y0 = (max(reach.minY, view.minY) * scale).rounded(.down), y1 = (min(reach.maxY, view.maxY) * scale).rounded(.up)
        guard x1 > x0, y1 > y0 else { return true }
        let w = Int(x1 - x0), h = Int(y1 - y0)
        guard w * h <= LayerCompositor.maxPixels else { return false }
        let out = Rect(x: x0 / scale, y: y0 / scale, width: Double(w) / scale, height: Double(h) / scale)

        // The silhouette wherever its shadow can reach `out`, at 1/f of the resolution.
        let sigma = shadow.radius * scale
        let f = max(1, (sigma / LayerCompositor.wideShadowSigma).rounded(.down))
        let low = scale / f
        let src = out.insetBy(dx: -m, dy: -m).intersection(reach)
        let lw = Int((src.width * low).rounded(.up)) + 1, lh = Int((src.height * low).rounded(.up)) + 1
        let onCPU = avoidsReadbacks ? SilhouetteRaster.alpha(of: layer.batches, origin: src.origin, scale: low, w: lw, h: lh) : nil
        guard let silhouette = onCPU ?? renderAt(layer.batches, origin: src.origin, scale: low, w: lw, h: lh, drawBatch: drawBatch) else {
            return false
        }
        var shade = [Float](repeating: 0, count: lw * lh)
        let alpha = Float(shadow.color.a)
        silhouette.withUnsafeBufferPointer { s in
            shade.withUnsafeMutableBufferPointer { d in for i in 0..<(lw * lh) { d[i] = Float(s[i * 4 + 3]) / 255 } }
        }
        GaussianBlur.blur(&shade, width: lw, height: lh, sigma: sigma / f)

        // The shadow's texture, stretched from its low resolution onto the output (linear filtering) at `quadRect`:
        // `rows` of its top rows.
        func shadowTexture(rows: Int) -> (texture: OpaquePointer, rect: Rect)? {
            var texels = [UInt8](repeating: 0, count: lw * rows * 4)
            let (r, g, b) = (UInt8((shadow.color.r * 255).rounded()), UInt8((shadow.color.g * 255).rounded()),
                             UInt8((shadow.color.b * 255).rounded()))
            for i in 0..<(lw * rows) {
                texels[i * 4] = r; texels[i * 4 + 1] = g; texels[i * 4 + 2] = b
                texels[i * 4 + 3] = UInt8(max(0, min(255, (shade[i] * alpha * 255).rounded())))
            }
            guard let tex = upload(texels, lw, rows) else { return nil }
            SDL_SetTextureScaleMode(tex, SDL_ScaleModeLinear)
            return (tex, Rect(x: src.minX + shadow.x, y: src.minY + shadow.y, width: Double(lw) / low, height: Double(rows) / low))
        }
        // Only the rows of the shadow that can show with the content drawn over it: those under opaque content or off
        // the output are left out (a wave's shadow under the wave itself was most of its quad).
        func rowsShown() -> Int {
            layer.shadowOnly ? lh
                : LayerCompositor.shadowRowsShown(silhouette: silhouette, lw: lw, lh: lh, batches: layer.batches,
                                                  offset: (shadow.x * low, shadow.y * low),
                                                  offOutputFrom: (view.maxY - (src.minY + shadow.y)) * low)
        }

        // Not faded, content over shadow is the shadow drawn first and the content over it.
        if layer.opacity >= 1 || layer.shadowOnly {
            let rows = rowsShown()
            guard let shadowQuad = shadowTexture(rows: rows) else { return false }
            keep(key, shadowQuad.texture, shadowQuad.rect, bytes: lw * rows * 4)
            quad(shadowQuad.texture, shadowQuad.rect, opacity: layer.opacity)
            if !layer.shadowOnly { layer.batches.forEach(drawBatch) }
            return true
        }

        // Faded, the composite is made only inside the clip in force (a phone-sized scene in a wide window is clipped
        // to its column): the same pixels there, and none made to be thrown away outside it.
        let (fout, fw, fh) = clipped(out, w: w, h: h, scale: scale)
        guard fw > 0, fh > 0 else { return true }
        if avoidsReadbacks {
            // On the GPU: shadow and content over it drawn into a target, drawn at the layer's opacity as one group.
            // Not kept: a faded wide shadow is re-made when drawn again.
            guard let shadowQuad = shadowTexture(rows: rowsShown()) else { return false }
            defer { pool.giveBack(shadowQuad.texture) }
            return composedInTarget(fout, w: fw, h: fh, scale: scale, opacity: layer.opacity) { origin in
                quad(shadowQuad.texture, shadowQuad.rect.offsetBy(dx: -origin.x, dy: -origin.y), opacity: 1)
                layer.batches.forEach { drawBatch($0.moved(by: origin)) }
            }
        }
        // The content at full resolution (premultiplied), then the shadow beneath it, sampled bilinearly.
        let content = layer.shadowOnly ? [UInt8](repeating: 0, count: fw * fh * 4)
            : renderAt(layer.batches, origin: fout.origin, scale: scale, w: fw, h: fh, drawBatch: drawBatch)
        guard let content else { return false }
        var pixels = [UInt8](repeating: 0, count: fw * fh * 4)
        let sc = (Float(shadow.color.r), Float(shadow.color.g), Float(shadow.color.b))
        // Output pixel (i, j) has its centre at logical fout.origin + (i + ½, j + ½)/scale; the shadow there is the
        // silhouette's at that point minus the offset, in low-resolution pixels (centres at + ½).
        let ax = Float(low / scale), bx = Float((fout.minX - shadow.x - src.minX) * low) + 0.5 * ax - 0.5
        let by = Float((fout.minY - shadow.y - src.minY) * low) + 0.5 * ax - 0.5
        // The columns' sample positions are the same on every row: the left neighbour (−1…lw−1, else no shadow)
        // and the weight of the right one.
        var column = [(index: Int, t: Float)](repeating: (-2, 0), count: fw)
        for i in 0..<fw {
            let x = Float(i) * ax + bx, fx = x.rounded(.down)
            if fx >= -1, fx <= Float(lw - 1) { column[i] = (Int(fx), x - fx) }
        }
        // One row of the shadow, interpolated between two low-resolution rows, with a zero on either side.
        var row = [Float](repeating: 0, count: lw + 2)
        shade.withUnsafeBufferPointer { sh in
            content.withUnsafeBufferPointer { c in
                pixels.withUnsafeMutableBufferPointer { o in
                    row.withUnsafeMutableBufferPointer { r in
                        for j in 0..<fh {
                            let y = Float(j) * ax + by, fy = y.rounded(.down), ty = y - fy, iy = Int(fy)
                            for x in 0..<lw {
                                let top = iy >= 0 && iy < lh ? sh[iy * lw + x] : 0
                                let bottom = iy + 1 >= 0 && iy + 1 < lh ? sh[(iy + 1) * lw + x] : 0
                                r[x + 1] = (top * (1 - ty) + bottom * ty) * alpha
                            }
                            for i in 0..<fw {
                                let k = (j * fw + i) * 4
                                // Opaque content hides its shadow.
                                if c[k + 3] == 255 { o[k] = c[k]; o[k + 1] = c[k + 1]; o[k + 2] = c[k + 2]; o[k + 3] = 255; continue }
                                let col = column[i]
                                let s = col.index < -1 ? 0 : r[col.index + 1] * (1 - col.t) + r[col.index + 2] * col.t
                                let ca = Float(c[k + 3]) / 255, sa = s * (1 - ca), a = ca + sa
                                guard a > 0.0001 else { continue }
                                // The values are never negative, so x + ½ truncated is x rounded (half away from
                                // zero, as `rounded()`), without a call per channel: this loop runs over every pixel
                                // of a faded wave, every frame.
                                let k255 = 255 / a
                                o[k] = UInt8(min(255, (Float(c[k]) / 255 + sc.0 * sa) * k255 + 0.5))
                                o[k + 1] = UInt8(min(255, (Float(c[k + 1]) / 255 + sc.1 * sa) * k255 + 0.5))
                                o[k + 2] = UInt8(min(255, (Float(c[k + 2]) / 255 + sc.2 * sa) * k255 + 0.5))
                                o[k + 3] = UInt8(min(255, a * 255 + 0.5))
                            }
                        }
                    }
                }
            }
        }
        guard let tex = upload(pixels, fw, fh) else { return false }
        keep(key, tex, fout, bytes: fw * fh * 4)
        quad(tex, fout, opacity: layer.opacity)
        return true
    }

    /// How many of the shadow texture's top rows (of `lh`) must be drawn when the content is drawn over it: a row can be
    /// left out, with every row below it, when it lies wholly under content that is opaque across the whole
    /// silhouette (two silhouette rows of margin each way, for the linear filter and the content's own resolution),
    /// or below the output. One more row than that is kept, so the filter's clamp at the cut is hidden too. Content
    /// that does not simply cover (another blend), a sideways offset, or no opaque rows at the bottom: all rows.
    /// `silhouette`: premultiplied RGBA at the shadow's resolution; `offset`: the shadow's, in its texels;
    /// `offOutputFrom`: the texture row from which the output ends.
    static func shadowRowsShown(silhouette: [UInt8], lw: Int, lh: Int, batches: [TriangleBatch], offset: (x: Double, y: Double),
                                offOutputFrom: Double) -> Int {
        guard offset.x == 0, batches.allSatisfy({ $0.blend == .alpha || $0.blend == .replace }) else { return lh }
        // Silhouette rows from `opaqueFrom` down are opaque in every texel.
        var opaqueFrom = lh
        silhouette.withUnsafeBufferPointer { s in
            rows: while opaqueFrom > 0 {
                let row = (opaqueFrom - 1) * lw * 4
                for x in 0..<lw where s[row + x * 4 + 3] != 255 { break rows }
                opaqueFrom -= 1
            }
        }
        func hidden(_ j: Int) -> Bool {
            let at = Double(j) + offset.y
            return Double(j) >= offOutputFrom || (at - 2 >= Double(opaqueFrom) && at + 3 <= Double(lh))
        }
        var shown = lh
        while shown > 0 && hidden(shown - 1) { shown -= 1 }
        return min(lh, shown + 1)
    }

    /// `rect` (`w`×`h` output pixels) cut to SDL's clip rect in force, on whole output pixels.
    private func clipped(_ rect: Rect, w: Int, h: Int, scale: Double) -> (Rect, Int, Int) {
        guard SDL_RenderIsClipEnabled(renderer) == SDL_TRUE else { return (rect, w, h) }
        var c = SDL_Rect()
        SDL_RenderGetClipRect(renderer, &c)
        let x0 = max(rect.minX * scale, (Double(c.x) * scale).rounded(.down)), y0 = max(rect.minY * scale, (Double(c.y) * scale).rounded(.down))
        let x1 = min(rect.maxX * scale, (Double(c.x + c.w) * scale).rounded(.up)), y1 = min(rect.maxY * scale, (Double(c.y + c.h) * scale).rounded(.up))
        guard x1 > x0, y1 > y0 else { return (rect, 0, 0) }
        let cw = Int((x1 - x0).rounded()), ch = Int((y1 - y0).rounded())
        return (Rect(x: x0 / scale, y: y0 / scale, width: Double(cw) / scale, height: Double(ch) / scale), cw, ch)
    }

    /// What is drawn into now (a target texture, else the output), in logical pixels.
    private func outputRect(scale: Double) -> Rect? {
        var w: Int32 = 0, h: Int32 = 0
        if let target = SDL_GetRenderTarget(renderer) {
            SDL_QueryTexture(target, nil, nil, &w, &h)
        } else {
            SDL_GetRendererOutputSize(renderer, &w, &h)
        }
        guard w > 0, h > 0 else { return nil }
        return Rect(x: 0, y: 0, width: Double(w) / scale, height: Double(h) / scale)
    }

    /// The batches over transparent black in a w × h target whose top-left is logical `origin`, at `scale` pixels
    /// per logical pixel; read back premultiplied. The renderer's target, scale and clip are as before afterwards.
    func renderAt(_ batches: [TriangleBatch], origin: Point, scale: Double, w: Int, h: Int,
                          drawBatch: (TriangleBatch) -> Void) -> [UInt8]? {
        guard let target = pool.target(width: w, height: h) else { return nil }
        // Read back before this returns: the next render may use the same target.
        defer { pool.giveBack(target) }
        return drawing(into: target, w: w, h: h, scale: scale) {
            batches.forEach { drawBatch($0.moved(by: origin)) }
            // Read in target pixels (as readFramebuffer does).
            SDL_RenderSetScale(renderer, 1, 1)
            var viewport = SDL_Rect(x: 0, y: 0, w: Int32(w), h: Int32(h))
            var px = [UInt8](repeating: 0, count: w * h * 4)
            DrawCounters.count { $0.renders += 1; $0.renderPixels += Double(w * h); $0.readbackPixels += Double(w * h) }
            let ok = px.withUnsafeMutableBytes {
                SDL_RenderReadPixels(renderer, &viewport, SDL_PIXELFORMAT_RGBA32.rawValue, $0.baseAddress, Int32(w * 4)) == 0
            }
            return ok ? px : nil
        } ?? nil
    }

    /// What `draw` draws (in logical pixels from `rect`'s top-left, which it is given) over transparent black in a
    /// target, then that target drawn over `rect` (`w`×`h` output pixels) at `opacity` as one group: the target
    /// holds premultiplied colour, drawn with premultiplied blending. Nothing is read back. False when no target.
    func composedInTarget(_ rect: Rect, w: Int, h: Int, scale: Double, opacity: Double, draw: (Point) -> Void) -> Bool {
        guard let target = pool.target(width: w, height: h) else { return false }
        defer { pool.giveBack(target) }
        guard drawing(into: target, w: w, h: h, scale: scale, { draw(rect.origin) }) != nil else { return false }
        let o = UInt8((max(0, min(1, opacity)) * 255).rounded())
        let premultipliedOver = SDL_ComposeCustomBlendMode(SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA, SDL_BLENDOPERATION_ADD,
                                                          SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA, SDL_BLENDOPERATION_ADD)
        SDL_SetTextureBlendMode(target, premultipliedOver)
        SDL_SetTextureColorMod(target, o, o, o)
        SDL_SetTextureAlphaMod(target, o)
        var sx: Float = 1, sy: Float = 1
        SDL_RenderGetScale(renderer, &sx, &sy)
        TexelExactFiltering.use(target, exact: sx == sy && TexelExactFiltering.isExact(width: w, height: h, over: rect, scale: Double(sx)),
                                renderer: renderer)
        var source = SDL_Rect(x: 0, y: 0, w: Int32(w), h: Int32(h))
        var dst = SDL_FRect(x: Float(rect.minX), y: Float(rect.minY), w: Float(rect.width), h: Float(rect.height))
        SDL_RenderCopyF(renderer, target, &source, &dst)
        DrawCounters.count { $0.layerQuads += 1; $0.layerPixels += Double(w * h) }
        // SDL took the blend and colour with the copy; the pool's next user of the target finds it plain.
        SDL_SetTextureBlendMode(target, SDL_BLENDMODE_BLEND)
        SDL_SetTextureColorMod(target, 255, 255, 255)
        SDL_SetTextureAlphaMod(target, 255)
        return true
    }

    /// Runs `body` with `target` (at least `w`×`h`) cleared to transparent black and drawn into at `scale`, through a
    /// viewport of `w`×`h` at its corner, no clip; the renderer's target, scale and clip are as before afterwards.
    /// Nil when SDL cannot draw into it.
    private func drawing<T>(into target: OpaquePointer, w: Int, h: Int, scale: Double, _ body: () -> T) -> T? {
        RenderTarget.drawing(renderer, into: target) {
            // The pool's target may be larger than w × h: the viewport, set in target pixels, is w × h at its corner,
            // which maps the content exactly as a target of that size does (SDL's projection is the viewport's).
            SDL_RenderSetScale(renderer, 1, 1)
            var viewport = SDL_Rect(x: 0, y: 0, w: Int32(w), h: Int32(h))
            SDL_RenderSetViewport(renderer, &viewport)
            SDL_RenderSetScale(renderer, Float(scale), Float(scale))
            SDL_RenderSetClipRect(renderer, nil)
            SDL_SetRenderDrawColor(renderer, 0, 0, 0, 0)
            SDL_RenderClear(renderer)
            return body()
        }
    }
}

extension TriangleBatch {
    /// The batch with `origin` moved to (0, 0).
    func moved(by origin: Point) -> TriangleBatch {
        var moved = self
        let ox = Float(origin.x), oy = Float(origin.y)
        for i in moved.vertices.indices { moved.vertices[i].x -= ox; moved.vertices[i].y -= oy }
        return moved
    }
}
