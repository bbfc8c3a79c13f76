import CSDL2
import Foundation
import Stage

/// Wide blurs made cheaply, like wide shadows (`WideShadow`): content blurred with σ ≥ `wideShadowSigma` pixels (the
/// breathing flower's σ 60 haze, re-shaped every frame) is rendered at 1/⌊σ/8⌋ of the resolution, blurred there
/// with a σ still ≥ 8 px, and stretched onto the output with linear filtering — a blur that wide has no detail the
/// lower resolution could lose (WideBlurTests compares it with the full path). Under σ 16 px, where ⌊σ/8⌋ is 1, the
/// content is rendered at full resolution, antialiased as drawn, and its 2×2 blocks are averaged on the CPU: the
/// blur and the upload then run on a quarter of the pixels, at σ/2 ≥ 4 texels, which hides the blocks (the flower's
/// haze passes through 8–16 px twice a breath; those frames took 22–26 ms against 14–16, issue 24). Rendering at
/// half resolution instead would lose the antialiasing: edges moved by up to half a coarse texel, about 51·f/σ
/// levels of error.
extension LayerCompositor {
    /// Draws `layer` when it is a wide blur and nothing else, not kept already (true: drawn; false: failed, draw it
    /// plainly); nil when the layer is not for this path.
    func drawWideBlur(_ layer: Layer, scale: Double, drawBatch: (TriangleBatch) -> Void) -> Bool? {
        let sigma = layer.blur * scale
        guard reducesWideShadows, layer.shadow == nil, layer.hueRotation == 0, layer.mask == nil,
              !layer.shadowOnly, sigma >= LayerCompositor.wideShadowSigma else { return nil }
        let m = layer.margin
        let reach = layer.bounds.insetBy(dx: -m, dy: -m)
        let f = max(1, (sigma / LayerCompositor.wideShadowSigma).rounded(.down))
        let averaged = f < 2
        let low = averaged ? scale : scale / f
        var lw = Int((reach.width * low).rounded(.up)) + 1, lh = Int((reach.height * low).rounded(.up)) + 1
        // Whole blocks, when they are averaged (the margin's last column or row is transparent anyway).
        if averaged { lw += lw & 1; lh += lh & 1 }
        guard lw * lh <= LayerCompositor.maxPixels,
              let content = renderAt(layer.batches, origin: reach.origin, scale: low, w: lw, h: lh, drawBatch: drawBatch)
        else { return false }
        let (pixels, tw, th) = averaged ? (LayerCompositor.halvedBlocks(content, width: lw, height: lh), lw / 2, lh / 2) : (content, lw, lh)
        // The same blur as the full path's, at the lower resolution (straight colour out, for normal blending).
        let texels = LayerEffects.apply(pixels, width: tw, height: th, blur: sigma / (averaged ? 2 : f), shadow: nil)
        guard let tex = upload(texels, tw, th) else { return false }
        SDL_SetTextureScaleMode(tex, SDL_ScaleModeLinear)
        let rect = Rect(x: reach.minX, y: reach.minY, width: Double(lw) / low, height: Double(lh) / low)
        keep(layer.key, tex, rect, bytes: tw * th * 4)
        quad(tex, rect, opacity: layer.opacity)
        return true
    }

    /// Premultiplied RGBA8 `pixels` (`width`×`height`, both even) with each 2×2 block averaged: half each way.
    static func halvedBlocks(_ pixels: [UInt8], width: Int, height: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: (width / 2) * (height / 2) * 4)
        pixels.withUnsafeBytes { raw in
            out.withUnsafeMutableBufferPointer { dst in
                BlockAverage.reduce(raw.bindMemory(to: UInt32.self), width: width, blockRows: height / 2, block: 2,
                                    into: dst, outWidth: width / 2)
            }
        }
        return out
    }
}
