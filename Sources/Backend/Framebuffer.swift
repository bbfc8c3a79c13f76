import CSDL2
import Foundation

/// RGBA8 pixels read back from a renderer: screenshots and pixel tests.
public struct Framebuffer: Sendable {
    public let width: Int
    public let height: Int
    /// Row-major R, G, B, A bytes.
    public let pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) { self.width = width; self.height = height; self.pixels = pixels }

    /// The pixel at (x, y) in pixels, as (r, g, b, a).
    public func pixel(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int, a: Int) {
        let i = (max(0, min(height - 1, y)) * width + max(0, min(width - 1, x))) * 4
        return (Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2]), Int(pixels[i + 3]))
    }

    /// Writes a PNG (through SDL_image); throws saying why when SDL_image cannot be loaded.
    public func savePNG(to url: URL) throws {
        let image: SDLImageLibrary
        do { image = try SDLImageLibrary.shared.get() } catch { throw BackendError("cannot write \(url.path): \(error)") }
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        var copy = pixels
        let status: Int32 = copy.withUnsafeMutableBytes { buf in
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(buf.baseAddress, Int32(width), Int32(height), 32,
                                                                   Int32(width * 4), SDL_PIXELFORMAT_RGBA32.rawValue) else { return -1 }
            defer { SDL_FreeSurface(surface) }
            return image.IMG_SavePNG(surface, url.path)
        }
        if status != 0 { throw BackendError.sdl("could not write screenshot \(url.path)") }
    }
}

extension Framebuffer {
    /// Reads a PNG (or JPEG) file into RGBA8 pixels.
    public static func loadPNG(_ url: URL) throws -> Framebuffer {
        let image: SDLImageLibrary
        do { image = try SDLImageLibrary.shared.get() } catch { throw BackendError("cannot read \(url.path): \(error)") }
        guard let raw = image.IMG_Load(url.path) else { throw BackendError.sdl("cannot read \(url.path)") }
        defer { SDL_FreeSurface(raw) }
        guard let s = SDL_ConvertSurfaceFormat(raw, SDL_PIXELFORMAT_RGBA32.rawValue, 0) else {
            throw BackendError.sdl("cannot convert \(url.path)")
        }
        defer { SDL_FreeSurface(s) }
        return Framebuffer(rgba32: s)
    }

    /// The pixels of an RGBA32 surface, rows packed (the surface's pitch may pad them).
    init(rgba32 surface: UnsafeMutablePointer<SDL_Surface>) {
        let s = surface.pointee
        let w = Int(s.w), h = Int(s.h), pitch = Int(s.pitch)
        var px = [UInt8](repeating: 0, count: w * h * 4)
        if let base = s.pixels?.assumingMemoryBound(to: UInt8.self) {
            px.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h { (dst.baseAddress! + y * w * 4).update(from: base + y * pitch, count: w * 4) }
            }
        }
        self.init(width: w, height: h, pixels: px)
    }
}

extension Framebuffer {
    /// Half the size each way, each pixel the plain average of a 2×2 block (an odd last row or column is dropped):
    /// `reduced(levels: 1)`.
    public func halved() -> Framebuffer { reduced(levels: 1) }

    /// Reduced `levels` times by half each way, each pixel the rounded average of its block (a last partial row or
    /// column of blocks is dropped; the levels are lowered until the picture is at least a pixel each way): for
    /// pictures kept only to be glanced at, such as the scrub bar's previews, which are stretched back over the
    /// output. `SDLRenderer.readFramebufferReduced(levels:)` gives the same pixels without reading the whole output.
    public func reduced(levels: Int) -> Framebuffer {
        var levels = max(0, levels)
        while levels > 0 && (width >> levels == 0 || height >> levels == 0) { levels -= 1 }
        let block = 1 << levels
        let w = width / block, h = height / block
        guard levels > 0, w > 0, h > 0 else { return self }
        var out = [UInt8](repeating: 0, count: w * h * 4)
        pixels.withUnsafeBytes { bytes in
            out.withUnsafeMutableBufferPointer { dst in
                BlockAverage.reduce(bytes.bindMemory(to: UInt32.self), width: width, blockRows: h, block: block,
                                    into: dst, outWidth: w)
            }
        }
        return Framebuffer(width: w, height: h, pixels: out)
    }
}
