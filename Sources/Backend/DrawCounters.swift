import Foundation
import Synchronization

/// What one frame sends to the GPU, counted while `ZOETROPE_DRAW_LOG=1` is set: the work a software-rendered
/// window (llvmpipe) pays for by the pixel. Every 60 frames `SDLRenderer.present` (and once more as the renderer goes) prints the averages
/// per frame on standard error, e.g. `draw: batches 14 (1.9 Mpx) layers 6 (4.1 Mpx) renders 6 (2.0 Mpx) readback 0.5 Mpx
/// uploads 7 (3.2 MB) layer-textures-made 0 kept-picture 1 (as memory 1) taken 0.02 (mended 0) picture-texture 0.30 Mpx prescaled 4 (made 0) hue-rotated 2`. Pixel figures are the bounding boxes of what is drawn
/// (an upper bound for shapes that are not rectangles), in output pixels. Off, it costs one branch per counted call; on, the counts are
/// behind a lock (any thread may count: the particle splatter's uploads come from its own code path).
struct DrawCounters {
    static let enabled = ProcessInfo.processInfo.environment["ZOETROPE_DRAW_LOG"] == "1"
    /// This frame's counts, the total since the last print, and the frames in it.
    private static let counts = Mutex((frame: DrawCounters(), total: DrawCounters(), frames: 0))

    /// Triangle batches drawn on the output or a target, and the pixels their boxes cover.
    var batches = 0, batchPixels = 0.0, triangles = 0
    /// Layer pictures drawn as one quad (kept or just made), and their pixels.
    var layerQuads = 0, layerPixels = 0.0
    /// Offscreen renders of a layer's content (a target texture drawn, then read back) and their pixels.
    var renders = 0, renderPixels = 0.0
    /// Pixels read back from the GPU (layers, screenshots, scrub pictures).
    var readbackPixels = 0.0
    /// Textures filled from the CPU, and their bytes.
    var uploads = 0, uploadBytes = 0.0
    /// Textures made for layers (render targets and results) the texture pool could not hand out again.
    var layerTexturesMade = 0
    /// Times the frame's kept unchanging start was copied, and of those the copies made as memory (a blit, no
    /// pixels filled: GLPictureCopy).
    var keptPictures = 0, keptPicturesAsMemory = 0
    /// Times the kept picture was taken from the window (GLPictureCopy), and of those the times only where the kept
    /// start changed (a slider dragged).
    var picturesTaken = 0, picturesMended = 0
    /// Copies made of pictures drawn smaller than they are (`PrescaledPictures`), and batches drawn from them.
    var picturesPrescaled = 0, prescaledDraws = 0
    /// Layers that only turn a picture's hue, drawn from a turned copy of it (`HueRotatedPictures`).
    var hueRotatedDraws = 0
    /// The largest kept picture's texture used in these frames, in pixels (a size, not a sum).
    var picturePixels = 0.0
    /// Particle batches drawn as triangles, their quads, and the pixels the quads cover (overlaps counted each time).
    var particleBatches = 0, particleQuads = 0, particlePixels = 0.0
    /// Stacks of pictures drawn on the CPU (`PictureStack`), and the pictures in them.
    var stacks = 0, stackedPictures = 0

    static func count(_ change: (inout DrawCounters) -> Void) {
        guard enabled else { return }
        counts.withLock { change(&$0.frame) }
    }

    /// Ends a frame: adds it to the running total, and prints and resets the total every 60 frames.
    static func frameEnded() {
        guard enabled else { return }
        let sixty: (total: DrawCounters, frames: Int)? = counts.withLock { c in
            c.total.add(c.frame)
            c.frame = DrawCounters()
            c.frames += 1
            guard c.frames == 60 else { return nil }
            defer { c.total = DrawCounters(); c.frames = 0 }
            return (c.total, c.frames)
        }
        if let (t, frames) = sixty { print(t, frames: frames) }
    }

    /// Prints what is left of the total (the frames since the last print), as the renderer goes: a short or slow
    /// run is counted too.
    static func rendererEnded() {
        guard enabled else { return }
        let rest: (total: DrawCounters, frames: Int) = counts.withLock { c in
            defer { c.total = DrawCounters(); c.frames = 0 }
            return (c.total, c.frames)
        }
        if rest.frames > 0 { print(rest.total, frames: rest.frames) }
    }

    private static func print(_ t: DrawCounters, frames: Int) {
        let n = Double(frames)
        let line = String(format: "draw: batches %.0f (%.0f triangles, %.2f Mpx) particles %.1f batches %.0f quads (%.2f Mpx) layers %.1f (%.2f Mpx) renders %.1f (%.2f Mpx) readback %.2f Mpx uploads %.1f (%.2f MB) layer-textures-made %.2f kept-picture %.2f (as memory %.2f) taken %.2f (mended %.2f) picture-texture %.2f Mpx prescaled %.2f (made %.2f) hue-rotated %.2f stacks %.2f (%.1f pictures)\n",
                          Double(t.batches) / n, Double(t.triangles) / n, t.batchPixels / n / 1e6,
                          Double(t.particleBatches) / n, Double(t.particleQuads) / n, t.particlePixels / n / 1e6,
                          Double(t.layerQuads) / n, t.layerPixels / n / 1e6,
                          Double(t.renders) / n, t.renderPixels / n / 1e6, t.readbackPixels / n / 1e6,
                          Double(t.uploads) / n, t.uploadBytes / n / 1e6, Double(t.layerTexturesMade) / n, Double(t.keptPictures) / n,
                          Double(t.keptPicturesAsMemory) / n, Double(t.picturesTaken) / n, Double(t.picturesMended) / n,
                          t.picturePixels / 1e6, Double(t.prescaledDraws) / n, Double(t.picturesPrescaled) / n,
                          Double(t.hueRotatedDraws) / n, Double(t.stacks) / n, Double(t.stackedPictures) / n)
        FileHandle.standardError.write(Data(line.utf8))
    }

    private mutating func add(_ o: DrawCounters) {
        batches += o.batches; batchPixels += o.batchPixels; layerQuads += o.layerQuads; layerPixels += o.layerPixels
        renders += o.renders; renderPixels += o.renderPixels; readbackPixels += o.readbackPixels
        uploads += o.uploads; uploadBytes += o.uploadBytes; keptPictures += o.keptPictures
        keptPicturesAsMemory += o.keptPicturesAsMemory
        picturesTaken += o.picturesTaken; picturesMended += o.picturesMended; picturePixels = max(picturePixels, o.picturePixels)
        picturesPrescaled += o.picturesPrescaled; prescaledDraws += o.prescaledDraws; hueRotatedDraws += o.hueRotatedDraws
        layerTexturesMade += o.layerTexturesMade
        triangles += o.triangles
        particleBatches += o.particleBatches; particleQuads += o.particleQuads; particlePixels += o.particlePixels
        stacks += o.stacks; stackedPictures += o.stackedPictures
    }
}
