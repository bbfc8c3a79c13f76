import CSDL2

/// Moves the kept picture of a frame's start between the window and its texture as blits (`glBlitFramebuffer`),
/// where SDL would draw it as a textured quad (issue 24). On Mesa's llvmpipe a window-sized quad costs about 3 ms a
/// frame and a copy of memory about 0.4 ms; on a GPU both are cheap.
///
/// The picture is taken from the window (`take`) once the frame's start is drawn there, and copied back (`copy`) in
/// the frames after: it is the window's own pixels, whatever drew them (layers included). Mesa copies memory for a
/// blit only when the two framebuffers keep their rows in the same order and their pixels in compatible formats;
/// otherwise it draws a quad after all. So the picture's texture is stored BGRA (SDL allocates it RGBA8, which Mesa
/// stores RGBA) and read and written through a framebuffer flipped as the window's is (`GL_MESA_framebuffer_flip_y`),
/// which stores its rows in the window's order. The copy to the window is then memory, and so is a take when the
/// window has alpha too (`Window.wantsAlpha`); from a window without it (BGRX) Mesa draws the take, setting the
/// alpha, with a shader it compiles at every start.
///
/// Only on SDL's "opengl" renderer with that extension (`make`); elsewhere the picture is drawn into its texture and
/// copied as a quad.
final class GLPictureCopy {
    private typealias Integerv = @convention(c) (UInt32, UnsafeMutablePointer<Int32>) -> Void
    private typealias Capability = @convention(c) (UInt32) -> Void
    private typealias IsEnabled = @convention(c) (UInt32) -> UInt8
    private typealias BindFramebuffer = @convention(c) (UInt32, UInt32) -> Void
    private typealias Framebuffers = @convention(c) (Int32, UnsafeMutablePointer<UInt32>) -> Void
    private typealias FramebufferTexture2D = @convention(c) (UInt32, UInt32, UInt32, UInt32, Int32) -> Void
    private typealias FramebufferParameteri = @convention(c) (UInt32, UInt32, Int32) -> Void
    private typealias CheckFramebufferStatus = @convention(c) (UInt32) -> UInt32
    private typealias BlitFramebuffer = @convention(c) (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, UInt32, UInt32) -> Void
    private typealias TexImage2D = @convention(c) (UInt32, Int32, Int32, Int32, Int32, Int32, UInt32, UInt32, UnsafeRawPointer?) -> Void
    private typealias GetError = @convention(c) () -> UInt32

    // The GL names used (glext.h).
    private static let texture2D: UInt32 = 0x0DE1, textureBinding2D: UInt32 = 0x8069
    private static let rgba: UInt32 = 0x1908, bgra: UInt32 = 0x80E1, uint8888Rev: UInt32 = 0x8367
    private static let readFramebuffer: UInt32 = 0x8CA8, drawFramebuffer: UInt32 = 0x8CA9
    private static let readFramebufferBinding: UInt32 = 0x8CAA, drawFramebufferBinding: UInt32 = 0x8CA6
    private static let colorAttachment0: UInt32 = 0x8CE0, framebufferComplete: UInt32 = 0x8CD5
    private static let flipY: UInt32 = 0x8BBB, scissorTest: UInt32 = 0x0C11
    private static let colorBufferBit: UInt32 = 0x4000, nearest: UInt32 = 0x2600

    private let renderer: OpaquePointer
    private let getIntegerv: Integerv, enable: Capability, disable: Capability, isEnabled: IsEnabled
    private let bindFramebuffer: BindFramebuffer, genFramebuffers: Framebuffers, deleteFramebuffers: Framebuffers
    private let framebufferTexture2D: FramebufferTexture2D, framebufferParameteri: FramebufferParameteri
    private let checkFramebufferStatus: CheckFramebufferStatus, blitFramebuffer: BlitFramebuffer
    private let texImage2D: TexImage2D, getError: GetError

    /// The framebuffer the picture is read and written through (flipped as the window's).
    private var pictureBuffer: UInt32 = 0
    /// The window's pixels the picture holds (y down) and the window's height: a phone-sized scene in a wide window
    /// keeps only its own part (issue 24: a window-sized picture was 4 MB, 1.2 MB of it drawn).
    private var area = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
    private var windowHeight: Int32 = 0

    private init?(renderer: OpaquePointer) {
        func load<T>(_ name: String, as _: T.Type) -> T? {
            SDL_GL_GetProcAddress(name).map { unsafeBitCast($0, to: T.self) }
        }
        guard let getIntegerv = load("glGetIntegerv", as: Integerv.self), let enable = load("glEnable", as: Capability.self),
              let disable = load("glDisable", as: Capability.self), let isEnabled = load("glIsEnabled", as: IsEnabled.self),
              let bindFramebuffer = load("glBindFramebuffer", as: BindFramebuffer.self),
              let genFramebuffers = load("glGenFramebuffers", as: Framebuffers.self),
              let deleteFramebuffers = load("glDeleteFramebuffers", as: Framebuffers.self),
              let framebufferTexture2D = load("glFramebufferTexture2D", as: FramebufferTexture2D.self),
              let framebufferParameteri = load("glFramebufferParameteri", as: FramebufferParameteri.self),
              let checkFramebufferStatus = load("glCheckFramebufferStatus", as: CheckFramebufferStatus.self),
              let blitFramebuffer = load("glBlitFramebuffer", as: BlitFramebuffer.self),
              let texImage2D = load("glTexImage2D", as: TexImage2D.self), let getError = load("glGetError", as: GetError.self)
        else { return nil }
        self.renderer = renderer
        self.getIntegerv = getIntegerv; self.enable = enable; self.disable = disable; self.isEnabled = isEnabled
        self.bindFramebuffer = bindFramebuffer; self.genFramebuffers = genFramebuffers; self.deleteFramebuffers = deleteFramebuffers
        self.framebufferTexture2D = framebufferTexture2D; self.framebufferParameteri = framebufferParameteri
        self.checkFramebufferStatus = checkFramebufferStatus; self.blitFramebuffer = blitFramebuffer
        self.texImage2D = texImage2D; self.getError = getError
    }

    /// The copier for `renderer`, or nil where the picture is copied as a quad: not SDL's OpenGL renderer, no
    /// `GL_MESA_framebuffer_flip_y`, or `ZOETROPE_PICTURE_BLIT=0` (to compare the two).
    static func make(for renderer: OpaquePointer, environment: [String: String]) -> GLPictureCopy? {
        guard environment["ZOETROPE_PICTURE_BLIT"] != "0" else { return nil }
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &info) == 0, let name = info.name, String(cString: name) == "opengl",
              SDL_GL_GetCurrentContext() != nil, SDL_GL_ExtensionSupported("GL_MESA_framebuffer_flip_y") == SDL_TRUE
        else { return nil }
        return GLPictureCopy(renderer: renderer)
    }

    /// Makes `texture` (an SDL texture the size of `area`) the picture of the window's pixels in `area` (y down, in
    /// a window `windowHeight` pixels tall): its storage BGRA, a framebuffer to read and write it through. False (and
    /// nothing changed that matters) when GL refuses; the caller then copies as a quad.
    func adopt(_ texture: OpaquePointer, area: PixelRect, windowHeight: Int32) -> Bool {
        release()
        let width = Int32(area.x1 - area.x0), height = Int32(area.y1 - area.y0)
        _ = getError()
        guard SDL_GL_BindTexture(texture, nil, nil) == 0 else { return false }
        var name: Int32 = 0
        getIntegerv(Self.textureBinding2D, &name)
        // An unsized RGBA with BGRA data is stored BGRA; SDL's sized RGBA8 is stored RGBA.
        if name != 0 { texImage2D(Self.texture2D, 0, Int32(Self.rgba), width, height, 0, Self.bgra, Self.uint8888Rev, nil) }
        SDL_GL_UnbindTexture(texture)
        guard name != 0 else { return false }
        var previous: Int32 = 0
        getIntegerv(Self.readFramebufferBinding, &previous)
        var fbo: UInt32 = 0
        genFramebuffers(1, &fbo)
        bindFramebuffer(Self.readFramebuffer, fbo)
        framebufferTexture2D(Self.readFramebuffer, Self.colorAttachment0, Self.texture2D, UInt32(name), 0)
        framebufferParameteri(Self.readFramebuffer, Self.flipY, 1)
        let complete = checkFramebufferStatus(Self.readFramebuffer) == Self.framebufferComplete
        bindFramebuffer(Self.readFramebuffer, UInt32(previous))
        pictureBuffer = fbo
        self.area = area
        self.windowHeight = windowHeight
        guard complete, getError() == 0 else { release(); return false }
        return true
    }

    /// Copies `rects` (output pixels, y down; cut to the picture's area) of the picture to the same place in the
    /// framebuffer SDL draws into, after what SDL has queued. The scissor does not apply.
    func copy(_ rects: [PixelRect]) {
        blit(rects, binding: Self.readFramebuffer, Self.readFramebufferBinding)
    }

    /// Copies `rects` (output pixels, y down) of the framebuffer SDL draws into (the window) to the same place in
    /// the picture, after what SDL has queued: the reverse of `copy`.
    func take(_ rects: [PixelRect]) {
        blit(rects, binding: Self.drawFramebuffer, Self.drawFramebufferBinding)
    }

    /// Blits `rects` with the picture's framebuffer bound as `target` (read: the picture is copied out; draw: in),
    /// SDL's framebuffer on the other side.
    private func blit(_ rects: [PixelRect], binding target: UInt32, _ query: UInt32) {
        guard pictureBuffer != 0 else { return }
        SDL_RenderFlush(renderer)
        var previous: Int32 = 0
        getIntegerv(query, &previous)
        let scissored = isEnabled(Self.scissorTest) != 0
        if scissored { disable(Self.scissorTest) }
        bindFramebuffer(target, pictureBuffer)
        let pictureHeight = Int32(area.y1 - area.y0)
        for whole in rects {
            let r = whole.intersection(area)
            guard !r.isEmpty else { continue }
            // GL's y runs up from the bottom of each framebuffer; the picture's (0, 0) is the area's top-left.
            let x0 = Int32(r.x0), x1 = Int32(r.x1), y0 = windowHeight - Int32(r.y1), y1 = windowHeight - Int32(r.y0)
            let px0 = x0 - Int32(area.x0), px1 = x1 - Int32(area.x0)
            let py0 = pictureHeight - Int32(r.y1 - area.y0), py1 = pictureHeight - Int32(r.y0 - area.y0)
            if target == Self.readFramebuffer {
                blitFramebuffer(px0, py0, px1, py1, x0, y0, x1, y1, Self.colorBufferBit, Self.nearest)
            } else {
                blitFramebuffer(x0, y0, x1, y1, px0, py0, px1, py1, Self.colorBufferBit, Self.nearest)
            }
        }
        bindFramebuffer(target, UInt32(previous))
        if scissored { enable(Self.scissorTest) }
    }

    /// Lets go of the framebuffer (the picture's texture is going). Called while the GL context lives, before the
    /// renderer is destroyed, so not from a deinit.
    func release() {
        if pictureBuffer != 0 { deleteFramebuffers(1, &pictureBuffer) }
        pictureBuffer = 0
    }
}
