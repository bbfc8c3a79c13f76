import CSDL2
import Foundation
import Stage

/// Something that happened in the window, already in Stage terms.
public enum WindowEvent {
    case pointer(PointerEvent)
    case key(Key)
    /// Text typed (SDL_TEXTINPUT, UTF-8, after the key that typed it).
    case text(String)
    case resized(Size)
    case droppedFile(String)
    /// The window's contents were lost (uncovered, restored): draw again.
    case exposed
    case quit
}

/// A resizable, HiDPI-aware SDL window with an accelerated renderer (software as a fallback).
public final class Window {
    private let window: OpaquePointer
    public let renderer: SDLRenderer
    /// The renderer's OpenGL context (nil for SDL's software renderer), current on the thread that draws.
    private let glContext: SDL_GLContext?
    public private(set) var isFullscreen = false

    /// Opens a window of `size` logical pixels, shrunk uniformly to fit the screen. Throws a clear error when there
    /// is no display.
    public init(title: String, size: Size, assets: AssetResolver) throws {
        let advice = "Run under a desktop session or xvfb-run, or use --headless."
        if SDL_WasInit(UInt32(SDL_INIT_VIDEO)) == 0 && SDL_InitSubSystem(UInt32(SDL_INIT_VIDEO | SDL_INIT_EVENTS)) != 0 {
            throw BackendError("no display: cannot open a window (\(String(cString: SDL_GetError()))). " + advice)
        }
        // With no display SDL quietly falls back to a driver that shows nothing; only accept one the user asked for.
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        let requested = ProcessInfo.processInfo.environment["SDL_VIDEODRIVER"] ?? ""
        if ["offscreen", "dummy"].contains(driver) && requested != driver {
            SDL_QuitSubSystem(UInt32(SDL_INIT_VIDEO))
            throw BackendError("no display: cannot open a window (no X11 or Wayland display found). " + advice)
        }
        let fitted = Window.fit(size)
        var flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        if Window.rendersWithOpenGL {
            // Made for OpenGL at once: SDL's OpenGL renderer otherwise destroys the window and makes it again. Its
            // renderer draws with neither a depth nor a stencil buffer; SDL asks for a 16-bit depth buffer by default,
            // which llvmpipe allocates at the window's size (issue 24: memory).
            flags |= SDL_WINDOW_OPENGL.rawValue
            SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0)
            SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 0)
            SDL_GL_SetAttribute(SDL_GL_ALPHA_SIZE, Window.wantsAlpha(driver: driver) ? 8 : 0)
        }
        func makeWindow(_ flags: UInt32) -> OpaquePointer? {
            SDL_CreateWindow(title, Int32(SDL_WINDOWPOS_CENTERED_MASK), Int32(SDL_WINDOWPOS_CENTERED_MASK),
                             Int32(fitted.width.rounded()), Int32(fitted.height.rounded()), flags)
        }
        // A display without OpenGL (no GLX) refuses an OpenGL window: then a plain one, drawn by the software renderer.
        guard let w = makeWindow(flags) ?? makeWindow(flags & ~SDL_WINDOW_OPENGL.rawValue) else {
            throw BackendError.sdl("cannot open a window")
        }
        var r = SDL_CreateRenderer(w, -1, SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue)
        if r == nil { r = SDL_CreateRenderer(w, -1, SDL_RENDERER_SOFTWARE.rawValue) }
        guard let r else {
            SDL_DestroyWindow(w)
            throw BackendError.sdl("cannot create a renderer for the window")
        }
        // A CPU rasteriser's vsync paces nothing the window does not pace already; it only makes each frame wait for
        // a refresh of a screen it is not in step with (issue 24: the frame's time then held up to a frame of waiting).
        if let gl = OpenGLInfo.rendererName(), OpenGLInfo.isSoftwareRasterizer(gl) { SDL_RenderSetVSync(r, 0) }
        window = w
        glContext = SDL_GL_GetCurrentContext()
        renderer = SDLRenderer(renderer: r, assets: assets)
        var alpha: Int32 = 0
        renderer.windowHasAlpha = glContext != nil && SDL_GL_GetAttribute(SDL_GL_ALPHA_SIZE, &alpha) == 0 && alpha > 0
        SDL_EventState(UInt32(SDL_DROPFILE.rawValue), Int32(SDL_ENABLE))
        updateScale()
    }

    deinit { SDL_DestroyWindow(window) }

    /// Lets go of the OpenGL context on this thread, so another can take it (`WindowOpening`).
    func releaseContext() {
        if glContext != nil { SDL_GL_MakeCurrent(window, nil) }
    }

    /// Makes the OpenGL context current on this thread (SDL's renderer does as much before it draws; the renderer's
    /// own OpenGL calls, `GLPictureCopy`, need it from the start).
    func takeContext() {
        if let glContext, SDL_GL_GetCurrentContext() != glContext { SDL_GL_MakeCurrent(window, glContext) }
    }

    /// Starts loading Mesa's OpenGL driver on another thread, so that it is (nearly) loaded when the window is made:
    /// Mesa's driver file pulls in libLLVM, ~35 ms of the dynamic loader's work that otherwise sits on the main
    /// thread between opening the X display and the first frame (issue 24). Call it before `Window(…)`; it returns at
    /// once. The later `dlopen`s by SDL and Mesa then find the libraries loaded (opened here with the same flags, so
    /// they have nothing left to bind). Skipped where the window would not use Mesa's OpenGL: no display, SDL's
    /// dummy or offscreen video driver, a renderer other than OpenGL asked for, or NVIDIA's own driver.
    public static func preloadDriver(environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let paths = driverPreloads(environment: environment) else { return }
        Thread.detachNewThread {
            for (path, flags) in paths { _ = dlopen(path, flags) }
        }
    }

    /// The libraries `preloadDriver` opens, with the flags their users open them with (SDL: libGL, RTLD_NOW |
    /// RTLD_LOCAL; Mesa's loader: the DRI driver, RTLD_NOW | RTLD_GLOBAL), or nil when it should not. Every Mesa
    /// driver for X is one file under several names (swrast, iris, radeonsi…: the same inode), so opening it by one
    /// name serves whichever Mesa picks.
    static func driverPreloads(environment: [String: String]) -> [(String, Int32)]? {
        let video = environment["SDL_VIDEODRIVER"] ?? ""
        guard environment["DISPLAY"].map({ !$0.isEmpty }) ?? false, !["dummy", "offscreen"].contains(video),
              rendersWithOpenGL, !FileManager.default.fileExists(atPath: "/proc/driver/nvidia") else { return nil }
        let folders = (environment["LIBGL_DRIVERS_PATH"].map { $0.split(separator: ":").map(String.init) } ?? [])
            + ["/usr/lib/x86_64-linux-gnu/dri", "/usr/lib/aarch64-linux-gnu/dri", "/usr/lib64/dri", "/usr/lib/dri"]
        guard let driver = folders.map({ $0 + "/swrast_dri.so" }).first(where: { FileManager.default.fileExists(atPath: $0) })
        else { return nil }
        return [("libGL.so.1", RTLD_NOW | RTLD_LOCAL), ("libGLX_mesa.so.0", RTLD_NOW | RTLD_LOCAL),
                (driver, RTLD_NOW | RTLD_GLOBAL)]
    }

    /// Whether the window's OpenGL framebuffer gets an alpha channel: on X11, where the window itself stays 24 bits
    /// deep (the alpha lives in OpenGL's buffers only: SDL asks for a DirectColor visual first, which X servers offer
    /// at depth 24, not at the 32 a compositor blends by; and were a 32-bit one chosen, the window's alpha is 1
    /// everywhere anyway), and not with `ZOETROPE_WINDOW_ALPHA=0`. Mesa copies the window's pixels into a texture
    /// that has alpha as memory only when the window has it too; without it, taking the kept picture from the
    /// window (`GLPictureCopy`) is a drawn quad, 3–4 ms of llvmpipe's time, and the first one compiles a shader,
    /// 30–40 ms of a frame at every start (issue 24). What is drawn keeps the window's alpha at 1 (clears are
    /// opaque on it: `SDLRenderer.windowHasAlpha`), so nothing the window shows changes. Not on Wayland, whose
    /// compositor would blend the window by it.
    static func wantsAlpha(driver: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        driver == "x11" && environment["ZOETROPE_WINDOW_ALPHA"] != "0"
    }

    /// Whether SDL will pick its OpenGL renderer: the one asked for (`SDL_RENDER_DRIVER`), or none asked for (SDL
    /// tries OpenGL first on Linux).
    static var rendersWithOpenGL: Bool {
        guard let hint = SDL_GetHint(SDL_HINT_RENDER_DRIVER) else { return true }
        let name = String(cString: hint).lowercased()
        return name.isEmpty || name == "opengl"
    }

    /// `size` scaled down (never up) to fit 90 % of the screen's usable area.
    static func fit(_ size: Size) -> Size {
        var bounds = SDL_Rect()
        guard SDL_GetDisplayUsableBounds(0, &bounds) == 0, bounds.w > 0, bounds.h > 0 else { return size }
        let s = min(1, 0.9 * Double(bounds.w) / size.width, 0.9 * Double(bounds.h) / size.height)
        return Size((size.width * s).rounded(), (size.height * s).rounded())
    }

    /// The content area in logical pixels.
    public var size: Size {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return Size(Double(w), Double(h))
    }

    public func setTitle(_ title: String) { SDL_SetWindowTitle(window, title) }

    public func setSize(_ size: Size) {
        let fitted = Window.fit(size)
        SDL_SetWindowSize(window, Int32(fitted.width), Int32(fitted.height))
        SDL_SetWindowPosition(window, Int32(SDL_WINDOWPOS_CENTERED_MASK), Int32(SDL_WINDOWPOS_CENTERED_MASK))
        updateScale()
    }

    public func toggleFullscreen() {
        isFullscreen.toggle()
        SDL_SetWindowFullscreen(window, isFullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue : 0)
        updateScale()
    }

    /// Pixels per logical point: 2 on a HiDPI screen.
    private func updateScale() {
        var pw: Int32 = 0
        SDL_GetRendererOutputSize(renderer.renderer, &pw, nil)
        if size.width > 0 { renderer.setScale(Double(pw) / size.width) }
    }

    /// Sleeps until an event arrives or `timeout` seconds pass, then returns everything that happened (an idle
    /// window costs nothing while it waits).
    public func waitEvents(timeout: Double) -> [WindowEvent] {
        var e = SDL_Event()
        guard SDL_WaitEventTimeout(&e, Int32(max(1, min(timeout, 1) * 1000).rounded(.up))) != 0 else { return [] }
        return events(first: e)
    }

    /// Everything that happened since the last call.
    public func pollEvents() -> [WindowEvent] { events(first: nil) }

    private func events(first: SDL_Event?) -> [WindowEvent] {
        var out: [WindowEvent] = []
        var e = first ?? SDL_Event()
        var have = first != nil
        while have || SDL_PollEvent(&e) != 0 {
            have = false
            switch SDL_EventType(e.type) {
            case SDL_QUIT:
                out.append(.quit)
            case SDL_MOUSEBUTTONDOWN where e.button.button == UInt8(SDL_BUTTON_LEFT):
                out.append(.pointer(.press(Point(Double(e.button.x), Double(e.button.y)))))
            case SDL_MOUSEBUTTONUP where e.button.button == UInt8(SDL_BUTTON_LEFT):
                out.append(.pointer(.release(Point(Double(e.button.x), Double(e.button.y)))))
            case SDL_MOUSEMOTION:
                out.append(.pointer(.move(Point(Double(e.motion.x), Double(e.motion.y)))))
            case SDL_MOUSEWHEEL:
                var x: Int32 = 0, y: Int32 = 0
                SDL_GetMouseState(&x, &y)
                out.append(.pointer(.wheel(Point(Double(x), Double(y)), Double(-e.wheel.y))))
            case SDL_KEYDOWN:
                if let key = Window.key(e.key.keysym) { out.append(.key(key)) }
            case SDL_TEXTINPUT:
                // A NUL-terminated UTF-8 buffer of 32 bytes (SDL enables text input by default on desktops).
                let text = withUnsafeBytes(of: e.text.text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if !text.isEmpty { out.append(.text(text)) }
            case SDL_WINDOWEVENT:
                switch SDL_WindowEventID(UInt32(e.window.event)) {
                case SDL_WINDOWEVENT_SIZE_CHANGED:
                    updateScale()
                    out.append(.resized(size))
                case SDL_WINDOWEVENT_FOCUS_LOST:
                    out.append(.pointer(.cancel))
                case SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_SHOWN, SDL_WINDOWEVENT_RESTORED:
                    out.append(.exposed)
                default: break
                }
            case SDL_DROPFILE:
                if let file = e.drop.file {
                    out.append(.droppedFile(String(cString: file)))
                    SDL_free(file)
                }
            default:
                break
            }
        }
        return out
    }

    static func key(_ sym: SDL_Keysym) -> Key? {
        let ctrl = (UInt32(sym.mod) & UInt32(KMOD_CTRL.rawValue)) != 0
        let shift = (UInt32(sym.mod) & UInt32(KMOD_SHIFT.rawValue)) != 0
        let names: [Int32: String] = [
            SDLK_ESCAPE: "escape", SDLK_SPACE: "space", SDLK_RETURN: "return", SDLK_KP_ENTER: "return",
            SDLK_TAB: "tab", SDLK_BACKSPACE: "backspace", SDLK_DELETE: "delete", SDLK_UP: "up", SDLK_DOWN: "down",
            SDLK_LEFT: "left", SDLK_RIGHT: "right", SDLK_PAGEUP: "pageup", SDLK_PAGEDOWN: "pagedown",
            SDLK_HOME: "home", SDLK_END: "end", SDLK_PERIOD: "period",
            SDLK_F1: "f1", SDLK_F2: "f2", SDLK_F3: "f3", SDLK_F4: "f4", SDLK_F5: "f5", SDLK_F6: "f6",
            SDLK_F7: "f7", SDLK_F8: "f8", SDLK_F9: "f9", SDLK_F10: "f10", SDLK_F11: "f11", SDLK_F12: "f12",
        ].reduce(into: [:]) { $0[Int32($1.key.rawValue)] = $1.value }
        if let n = names[sym.sym] { return Key(n, ctrl: ctrl, shift: shift) }
        if sym.sym >= 33 && sym.sym < 127, let scalar = Unicode.Scalar(UInt32(sym.sym)) {
            return Key(String(Character(scalar)), ctrl: ctrl, shift: shift)
        }
        return nil
    }
}

/// Real time for the window loop: seconds since creation, and sleeping off a frame's spare time.
public struct FrameClock {
    private let start = SDL_GetPerformanceCounter()
    private let frequency = Double(SDL_GetPerformanceFrequency())
    public init() {}
    public var seconds: Double { Double(SDL_GetPerformanceCounter() - start) / frequency }
    public func sleep(_ seconds: Double) { if seconds > 0.001 { SDL_Delay(UInt32(seconds * 1000)) } }
}
