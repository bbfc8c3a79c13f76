import Foundation
import Stage
@testable import Backend

/// Draws one layer on a white 200 × 150 software canvas, with the reduced-resolution paths for wide shadows and
/// blurs on or off (the tests compare the two).
func drawLayerOnCanvas(_ layer: Layer, reduced: Bool) throws -> Framebuffer {
    let canvas = try HeadlessCanvas(width: 200, height: 150, assets: AssetResolver(roots: []))
    canvas.renderer.reducesWideShadows = reduced
    canvas.renderer.clear(.white)
    canvas.renderer.drawLayer(layer)
    canvas.renderer.present()
    return canvas.renderer.readFramebuffer()
}
