import CSDL2

/// The textures layers are made in and kept as, given back when done and handed out again instead of made anew.
/// A layer re-shaped every frame (a wave's shadow, a breath of haze, a bouquet whose hue turns) rendered its content
/// into a new target texture and uploaded its result into another, every frame: Mesa allocated, zeroed and freed
/// their memory each time (27 MB of Mesa's memory at the breathing flower's peak, which the pool brought from
/// 170–186 to 153 MB; the page faults were a tenth of the ocean's process; issue 24).
///
/// Render targets are handed out at least as large as asked, on a 64-pixel grid, so one target serves content whose
/// box grows and shrinks by a few pixels from frame to frame; what is drawn into one is limited to the asked size by
/// the viewport (`LayerCompositor.renderAt`), which gives the same pixels as a target of exactly that size. Uploaded
/// textures are sampled up to their edges (linear filtering clamps there), so they are handed out only at their
/// exact size. A texture given back and not handed out again within `idleFrames` presented frames is destroyed, so a
/// still scene holds none.
final class TexturePool {
    enum Kind { case target, upload }

    private struct Free {
        var texture: OpaquePointer
        var kind: Kind
        var width: Int, height: Int
        /// The frame it was given back in.
        var since: Int
        var bytes: Int { width * height * 4 }
    }

    private let renderer: OpaquePointer
    private var free: [Free] = []
    private var sizes: [OpaquePointer: (kind: Kind, width: Int, height: Int)] = [:]
    private var frame = 0
    /// Free textures kept at most this many presented frames, and at most `budgetBytes` of them.
    static let idleFrames = 2
    static let budgetBytes = 16 << 20
    /// Render targets are made on this grid (llvmpipe's tile size).
    static let targetGrid = 64

    /// Textures the pool has made (for tests: a layer re-made every frame makes none once warm).
    private(set) var made = 0
    /// Bytes of the free textures held.
    var freeBytes: Int { free.reduce(0) { $0 + $1.bytes } }

    init(renderer: OpaquePointer) { self.renderer = renderer }

    deinit { free.forEach { SDL_DestroyTexture($0.texture) } }

    /// A render target at least `width`×`height` (the smallest free one that holds it, else a new one on the grid).
    func target(width: Int, height: Int) -> OpaquePointer? {
        let fitting = free.indices.filter { free[$0].kind == .target && free[$0].width >= width && free[$0].height >= height }
        if let i = fitting.min(by: { free[$0].bytes < free[$1].bytes }) { return free.remove(at: i).texture }
        let grid = TexturePool.targetGrid
        return make(.target, width: (width + grid - 1) / grid * grid, height: (height + grid - 1) / grid * grid)
    }

    /// A static RGBA32 texture of exactly `width`×`height`, for `SDL_UpdateTexture` to fill whole.
    func upload(width: Int, height: Int) -> OpaquePointer? {
        if let i = free.firstIndex(where: { $0.kind == .upload && $0.width == width && $0.height == height }) {
            return free.remove(at: i).texture
        }
        return make(.upload, width: width, height: height)
    }

    /// `texture` (one of the pool's) is no longer drawn from or into; draws of it already queued still see its
    /// content (SDL and GL send or wait for them before it is filled again).
    func giveBack(_ texture: OpaquePointer) {
        guard let s = sizes[texture] else { SDL_DestroyTexture(texture); return }
        free.append(Free(texture: texture, kind: s.kind, width: s.width, height: s.height, since: frame))
        while freeBytes > TexturePool.budgetBytes, let oldest = free.indices.min(by: { free[$0].since < free[$1].since }) {
            destroy(at: oldest)
        }
    }

    /// A frame was presented: free textures not handed out again for `idleFrames` frames go.
    func frameEnded() {
        frame += 1
        while let i = free.firstIndex(where: { $0.since < frame - TexturePool.idleFrames }) { destroy(at: i) }
    }

    private func make(_ kind: Kind, width: Int, height: Int) -> OpaquePointer? {
        let access = kind == .target ? SDL_TEXTUREACCESS_TARGET : SDL_TEXTUREACCESS_STATIC
        guard let t = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGBA32.rawValue, Int32(access.rawValue),
                                        Int32(width), Int32(height)) else { return nil }
        made += 1
        DrawCounters.count { $0.layerTexturesMade += 1 }
        sizes[t] = (kind, width, height)
        return t
    }

    private func destroy(at i: Int) {
        let t = free.remove(at: i).texture
        sizes[t] = nil
        SDL_DestroyTexture(t)
    }
}
