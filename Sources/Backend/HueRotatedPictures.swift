import CSDL2
import Stage

/// Pictures whose layer only turns their hue (the breathing flower's bouquets, the kaleidoscope's picture), drawn
/// from a hue-rotated copy of their texels rather than through a layer (issue 24). A layer is drawn into a target,
/// read back, turned on the CPU and uploaded: the read-back waits for all the frame drew before it, and in the
/// flower's breath its two bouquets took half of each frame. A hue rotation is a matrix on each colour, and drawing
/// a picture mixes its texels linearly, so turning the texels first gives the same colours (to a level, and where
/// the matrix leaves the colour gamut, clamped before the mix rather than after).
///
/// The copy is made from the picture's pixels halved as many times as the picture is at least twice the size it is
/// drawn (`level`): the kaleidoscope's 800×800 ornament drawn at 341 pixels is turned on 400×400 texels. A copy is
/// kept for each angle drawn in the frame before, so a hold costs nothing. Only on the GPU renderers,
/// where a read-back waits for the GPU: the software renderer keeps the layer, so headless pictures stay as they are
/// (`ZOETROPE_HUE_TEXELS=0` keeps it in a window too, to compare the two).
final class HueRotatedPictures {
    private struct Key: Hashable {
        var name: String
        var level: Int
        var degrees: Double
    }

    private let renderer: OpaquePointer
    /// The copies by picture, level and angle, and the frame each was last drawn in: the flower's two bouquets are
    /// one picture at two angles.
    private var copies: [Key: (texture: OpaquePointer, used: Int)] = [:]
    private var frame = 0

    init(renderer: OpaquePointer) { self.renderer = renderer }

    deinit { copies.values.forEach { SDL_DestroyTexture($0.texture) } }

    /// The picture `layer` draws, when it draws one picture alone and only turns its hue: every batch textured with
    /// that picture, white, blended normally, and (unless the layer is opaque) one quad, so that the layer's opacity
    /// may go on its vertices.
    static func picture(of layer: Layer) -> String? {
        guard layer.hueRotation != 0, layer.blur == 0, layer.shadow == nil, layer.mask == nil, !layer.shadowOnly,
              case let .image(name)? = layer.batches.first?.texture else { return nil }
        for b in layer.batches {
            guard b.texture == .image(name), b.blend == .alpha,
                  b.vertices.allSatisfy({ $0.r == 255 && $0.g == 255 && $0.b == 255 }) else { return nil }
        }
        if layer.opacity < 1 {
            guard layer.batches.count == 1, layer.batches[0].vertices.count == 4, layer.batches[0].indices.count == 6 else { return nil }
        }
        return name
    }

    /// How many times to halve a picture of `imageSide` texels drawn on `drawnSide` pixels: while it stays at least
    /// as big as it is drawn.
    static func level(imageSide: Double, drawnSide: Double) -> Int {
        ReducedImage.level(imageSide: imageSide, drawnSide: drawnSide, from: 1)
    }

    /// The copy of `name` halved `level` times and turned by `degrees`, made if need be; nil when the picture's
    /// pixels or a texture cannot be had (draw the layer instead).
    func texture(of name: String, level: Int, degrees: Double, textures: TextureCache) -> OpaquePointer? {
        let key = Key(name: name, level: level, degrees: degrees)
        if let c = copies[key] {
            copies[key]?.used = frame
            return c.texture
        }
        guard let pixels = level == 0 ? textures.cpuPixels(of: name) : textures.reduced(name, level: level)?.pixels,
              pixels.width > 0, pixels.height > 0 else { return nil }
        let turned = LayerEffects.hueRotated(straight: pixels.pixels, count: pixels.width * pixels.height, degrees: degrees)
        // A copy of this picture at this level not drawn yet in this frame is turned again: a bouquet whose hue is on
        // the move makes a new angle every frame.
        var texture: OpaquePointer?
        if let stale = copies.first(where: { $0.key.name == name && $0.key.level == level && $0.value.used < frame }) {
            texture = stale.value.texture
            copies[stale.key] = nil
        } else {
            texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGBA32.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                        Int32(pixels.width), Int32(pixels.height))
        }
        guard let texture else { return nil }
        turned.withUnsafeBytes { _ = SDL_UpdateTexture(texture, nil, $0.baseAddress, Int32(pixels.width * 4)) }
        DrawCounters.count { $0.uploads += 1; $0.uploadBytes += Double(turned.count) }
        copies[key] = (texture, frame)
        return texture
    }

    /// A frame was presented: copies drawn neither in it nor in the one before go.
    func frameEnded() {
        for (key, c) in copies where c.used < frame - 1 {
            SDL_DestroyTexture(c.texture)
            copies[key] = nil
        }
        frame += 1
    }
}

extension SDLRenderer {
    /// Draws `layer` from a hue-rotated copy of its picture (`HueRotatedPictures`) when it is one for that; false
    /// otherwise (draw it as a layer).
    func drawHueRotatedPicture(_ layer: Layer) -> Bool {
        guard turnsHueOnTexels, let name = HueRotatedPictures.picture(of: layer) else { return false }
        guard let first = layer.batches.first,
              let sides = ReducedImage.sides(ofFirstTriangleOf: first, texels: textures.imageSize(name), scale: scale) else { return false }
        let level = HueRotatedPictures.level(imageSide: sides.image, drawnSide: sides.drawn)
        guard let copy = hueRotated.texture(of: name, level: level, degrees: layer.hueRotation, textures: textures) else { return false }
        let alpha = max(0, min(1, layer.opacity))
        for var batch in layer.batches {
            if alpha < 1 { for i in batch.vertices.indices { batch.vertices[i].a = UInt8((Double(batch.vertices[i].a) * alpha).rounded()) } }
            submit(batch, texture: copy)
        }
        DrawCounters.count { $0.hueRotatedDraws += 1 }
        return true
    }
}
