import CSDL2
import Foundation
import Stage

/// Wide blurs made cheaply, like wide shadows (`WideShadow`): content blurred with σ ≥ `wideShadowSigma` pixels (the
/// breathing flower's σ 60 haze, re-shaped every frame) is rendered at 1/⌊σ/8⌋ of the resolution, blurred there
/// with a σ still ≥ 8 px, and stretched onto the output with linear filtering — a blur that wide has no detail the
/// lower resolution could lose (WideBlurTests compares it with the full path).
extension LayerCompositor {
    /// Draws `layer` when it is a wide blur and nothing else (true: drawn; false: failed, draw it plainly); nil when
    /// the layer is not for this path.
    func drawWideBlur(_ layer: Layer, scale: Double, drawBatch: (TriangleBatch) -> Void) -> Bool? {
        let sigma = layer.blur * scale
        guard LayerCompositor.reducesWideShadows, layer.shadow == nil, layer.hueRotation == 0, layer.mask == nil,
              !layer.shadowOnly, sigma >= LayerCompositor.wideShadowSigma else { return nil }
        if let hit = cache[layer.key] {
            touch(layer.key)
            quad(hit.texture, hit.rect, opacity: layer.opacity)
            return true
        }
        let m = layer.margin
        let reach = layer.bounds.insetBy(dx: -m, dy: -m)
        let f = max(1, (sigma / LayerCompositor.wideShadowSigma).rounded(.down))
        let low = scale / f
        let lw = Int((reach.width * low).rounded(.up)) + 1, lh = Int((reach.height * low).rounded(.up)) + 1
        guard lw * lh <= LayerCompositor.maxPixels,
              let content = renderAt(layer.batches, origin: reach.origin, scale: low, w: lw, h: lh, drawBatch: drawBatch)
        else { return false }
        // Premultiplied planes, blurred, then straight colour again for normal blending.
        let n = lw * lh
        var planes: [[Float]] = Array(repeating: [Float](repeating: 0, count: n), count: 4)
        for i in 0..<n { for c in 0..<4 { planes[c][i] = Float(content[i * 4 + c]) / 255 } }
        for c in 0..<4 { GaussianBlur.blur(&planes[c], width: lw, height: lh, sigma: sigma / f) }
        var texels = [UInt8](repeating: 0, count: n * 4)
        for i in 0..<n where planes[3][i] > 0.0001 {
            let a = min(1, planes[3][i])
            for c in 0..<3 { texels[i * 4 + c] = UInt8(max(0, min(255, (planes[c][i] / a * 255).rounded()))) }
            texels[i * 4 + 3] = UInt8(max(0, min(255, (a * 255).rounded())))
        }
        guard let tex = upload(texels, lw, lh) else { return false }
        SDL_SetTextureScaleMode(tex, SDL_ScaleModeLinear)
        let rect = Rect(x: reach.minX, y: reach.minY, width: Double(lw) / low, height: Double(lh) / low)
        keep(layer.key, tex, rect, bytes: n * 4)
        quad(tex, rect, opacity: layer.opacity)
        return true
    }
}
