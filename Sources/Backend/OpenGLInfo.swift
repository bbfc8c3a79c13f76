import CSDL2

/// What the current OpenGL context draws with, read through SDL (the project links no GL library).
enum OpenGLInfo {
    private typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?

    /// `GL_RENDERER` of the current context ("llvmpipe (LLVM 15.0.6, 256 bits)", a GPU's name), or nil without one.
    static func rendererName() -> String? {
        guard SDL_GL_GetCurrentContext() != nil, let p = SDL_GL_GetProcAddress("glGetString") else { return nil }
        let getString = unsafeBitCast(p, to: GetString.self)
        return getString(0x1F01).map { String(cString: $0) }
    }

    /// Whether `renderer` (a `GL_RENDERER`) rasterises on the CPU: Mesa's llvmpipe or softpipe, as in a VM, a remote
    /// desktop or Xvfb. There a swap copies the picture into the X server, in step with no screen refresh: waiting
    /// for one (vsync) only adds a wait, up to a frame, to every frame the window already paces itself
    /// (`WindowRun.waitOutFrame`).
    static func isSoftwareRasterizer(_ renderer: String) -> Bool {
        let name = renderer.lowercased()
        return name.hasPrefix("llvmpipe") || name.hasPrefix("softpipe") || name.contains("software rasterizer")
    }
}
