import CSDL2
import Diagnostics
import Dispatch
import Foundation
import Stage

/// The CPU side of making textures: decoding image files (with their edges bled) and blurring shadow silhouettes.
/// A job runs on every core at once and on any thread; only the texture cache turns its results into textures,
/// on the renderer's thread.
struct PictureJob: @unchecked Sendable {
    struct Image { let name: String; let url: URL?; let keepPixels: Bool }
    /// A shadow to blur from its image's pixels; `url` is the image's file, for the store.
    struct Shadow { let source: TextureSource; let name: String; let sigma: Double; let url: URL? }

    var images: [Image] = []
    var shadows: [Shadow] = []
    /// Shadows blurred by an earlier run, read back from the store: no decode or blur for them.
    var storedShadows: [(source: TextureSource, pixels: Framebuffer)] = []
    /// Pixels decoded before, which shadows may use.
    var known: [String: Framebuffer] = [:]
    /// Where pictures decoded before are read back from, and new ones kept (a window's; none headless).
    var store: DecodedPictureStore?

    var isEmpty: Bool { images.isEmpty && shadows.isEmpty && storedShadows.isEmpty }

    /// A shadow's entry in the store, beside its image's.
    static func shadowVariant(sigma: Double) -> String { "shadow\(sigma)" }

    /// What a job made. Surfaces are owned: the texture cache frees them when it adopts the result. A picture whose
    /// pixels are kept (`pixels`) has no surface: its texture is made from those pixels.
    final class Result: @unchecked Sendable {
        var decoded: [(name: String, surface: UnsafeMutablePointer<SDL_Surface>?, problem: String?, coverage: TextureCache.Coverage?)] = []
        var pixels: [String: Framebuffer] = [:]
        var blurred: [(source: TextureSource, pixels: [UInt8], width: Int, height: Int)] = []
        var sources: Set<TextureSource> = []

        func freeSurfaces() {
            for d in decoded { if let s = d.surface { SDL_FreeSurface(s) } }
            decoded.removeAll()
        }
    }

    func run() -> Result {
        let result = Result()
        var decoded = [(UnsafeMutablePointer<SDL_Surface>?, problem: String?, coverage: TextureCache.Coverage?)](
            repeating: (nil, nil, nil), count: images.count)
        decoded.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let out = buffer   // each iteration writes only its own element
            DispatchQueue.concurrentPerform(iterations: images.count) { i in
                guard let url = images[i].url else { return }
                if let kept = store?.load(url) {
                    out[i] = (kept.surface, nil, kept.coverage)
                    return
                }
                let (surface, problem) = PictureJob.decodeFile(url, name: images[i].name)
                let coverage = surface.map { TextureCache.coverage($0, opaqueParts: true) }
                if let store, let surface, let coverage { store.save(surface, coverage: coverage, for: url) }
                out[i] = (surface, problem, coverage)
            }
        }
        var pixels = known
        for (image, (surface, problem, coverage)) in zip(images, decoded) {
            if image.keepPixels, let surface {
                // The pixels are kept for shadows: the texture is made from them too, and the surface goes now, so
                // a big picture is not held three times at once (surface, pixels, texture; issue 24).
                let fb = Framebuffer(rgba32: surface)
                SDL_FreeSurface(surface)
                pixels[image.name] = fb
                result.pixels[image.name] = fb
                result.decoded.append((image.name, nil, problem, coverage))
            } else {
                result.decoded.append((image.name, surface, problem, coverage))
            }
        }
        let blurrable = shadows.filter { pixels[$0.name] != nil }
        var blurred = [(pixels: [UInt8], width: Int, height: Int)?](repeating: nil, count: blurrable.count)
        let sharp = pixels
        blurred.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let out = buffer   // each iteration writes only its own element
            DispatchQueue.concurrentPerform(iterations: blurrable.count) { i in
                let image = sharp[blurrable[i].name]!
                out[i] = GaussianBlur.shadowTexture(rgba: image.pixels, width: image.width, height: image.height,
                                                    sigma: blurrable[i].sigma)
            }
        }
        for (shadow, made) in zip(blurrable, blurred) {
            guard let made else { continue }
            result.blurred.append((shadow.source, made.pixels, made.width, made.height))
            if let store, let url = shadow.url {
                store.save(Framebuffer(width: made.width, height: made.height, pixels: made.pixels), for: url,
                           variant: PictureJob.shadowVariant(sigma: shadow.sigma))
            }
        }
        for kept in storedShadows {
            result.blurred.append((kept.source, kept.pixels.pixels, kept.pixels.width, kept.pixels.height))
        }
        return result
    }

    /// Decodes an image file to RGBA32 with its edges bled (safe on any thread), or says why it could not. Without
    /// SDL_image (`library`: the process's unless a test hands in another) every picture gets the same sentence, so
    /// it is said once.
    static func decodeFile(_ url: URL, name: String,
                           library: Swift.Result<SDLImageLibrary, SharedLibrary.LoadError> = SDLImageLibrary.shared)
        -> (UnsafeMutablePointer<SDL_Surface>?, problem: String?) {
        if let problem = PNGIntegrity.problem(url) {
            return (nil, "image \"\(name)\" (\(url.path)) could not be read: the PNG file is \(problem); drawing a placeholder")
        }
        let image: SDLImageLibrary
        switch library {
        case .success(let loaded): image = loaded
        case .failure(let error): return (nil, "pictures cannot be decoded: \(error); drawing placeholders")
        }
        guard let raw = image.IMG_Load(url.path) else {
            return (nil, "image \"\(name)\" (\(url.path)) could not be read: \(String(cString: SDL_GetError())); drawing a placeholder")
        }
        // No alpha channel and no colour key (an RGB PNG, a JPEG): opaque, nothing to bleed.
        let opaque = raw.pointee.format.pointee.Amask == 0 && SDL_HasColorKey(raw) == SDL_FALSE
        // An RGBA PNG comes as RGBA32 already: no converted copy (issue 24: a copy of each big picture at once).
        let rgba: UnsafeMutablePointer<SDL_Surface>
        if raw.pointee.format.pointee.format == SDL_PIXELFORMAT_RGBA32.rawValue && SDL_HasColorKey(raw) == SDL_FALSE {
            rgba = raw
        } else {
            defer { SDL_FreeSurface(raw) }
            guard let converted = SDL_ConvertSurfaceFormat(raw, SDL_PIXELFORMAT_RGBA32.rawValue, 0) else {
                return (nil, "image \"\(name)\" (\(url.path)) could not be converted: \(String(cString: SDL_GetError())); drawing a placeholder")
            }
            rgba = converted
        }
        if !opaque, let px = rgba.pointee.pixels?.assumingMemoryBound(to: UInt8.self) {
            AlphaBleed.apply(px, width: Int(rgba.pointee.w), height: Int(rgba.pointee.h), pitch: Int(rgba.pointee.pitch))
        }
        return (rgba, nil)
    }
}

/// Jobs run in the background for pictures a frame does not show yet (the people behind the elevator's closed
/// doors), so they are ready, or nearly, when they come into view.
final class PictureBackground: @unchecked Sendable {
    private let queue = DispatchQueue(label: "zoetrope.pictures", qos: .utility)
    private let group = DispatchGroup()
    private let lock = NSLock()
    private var finished: [PictureJob.Result] = []
    /// Sources a job is working on.
    private(set) var inFlight = Set<TextureSource>()

    func start(_ job: PictureJob, for sources: Set<TextureSource>) {
        inFlight.formUnion(sources)
        group.enter()
        queue.async { [self] in
            let result = job.run()
            result.sources = sources
            lock.lock(); finished.append(result); lock.unlock()
            group.leave()
        }
    }

    /// The results finished so far (all of them, after waiting, when `wait`).
    func take(waiting wait: Bool) -> [PictureJob.Result] {
        if wait { group.wait() }
        lock.lock(); defer { lock.unlock() }
        let done = finished
        finished.removeAll()
        for r in done { inFlight.subtract(r.sources) }
        return done
    }
}
