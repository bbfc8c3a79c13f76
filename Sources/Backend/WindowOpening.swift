import CSDL2
import Foundation
import Stage

/// A window opened on another thread while the caller goes on (issue 24: the first frame). Opening an X window with
/// its OpenGL renderer is 40–70 ms of the X connection, the input method's compose table and Mesa's context; making
/// the scene is 20–50 ms more, and the two need not wait for each other on a machine with two cores. Only on X11:
/// Xlib is used by one thread at a time (this one, then the caller's, never both), and a GLX context moves between
/// threads when it is released on one and made current on the other. Anywhere else (Wayland, SDL's dummy driver)
/// the window is opened on the caller's thread, in `open`, as before.
public final class WindowOpening: @unchecked Sendable {   // `result` is written before `done` is signalled, read after
    private let done = DispatchSemaphore(value: 0)
    private var result: Result<Window, Error>?

    /// Starts opening a window of `size` (`Window.init`).
    public static func open(title: String, size: Size, assets: AssetResolver,
                            environment: [String: String] = ProcessInfo.processInfo.environment) -> WindowOpening {
        let opening = WindowOpening()
        guard opensElsewhere(environment: environment) else {
            opening.finish(Result { try Window(title: title, size: size, assets: assets) }, releasing: false)
            return opening
        }
        Thread.detachNewThread {
            opening.finish(Result { try Window(title: title, size: size, assets: assets) }, releasing: true)
        }
        return opening
    }

    /// Whether the window is opened on another thread: on X11 (a display, and SDL's video driver X11 or its choice).
    static func opensElsewhere(environment: [String: String]) -> Bool {
        let video = environment["SDL_VIDEODRIVER"] ?? ""
        return environment["DISPLAY"].map { !$0.isEmpty } ?? false && (video.isEmpty || video == "x11")
    }

    private func finish(_ made: Result<Window, Error>, releasing: Bool) {
        // Released here, so that the caller's thread can make the context its own.
        if releasing, case let .success(window) = made { window.releaseContext() }
        result = made
        done.signal()
    }

    /// The window, once it is open, its OpenGL context current on this thread (the one that draws and pumps its
    /// events from now on); throws what opening it threw (no display, no renderer).
    public func window() throws -> Window {
        done.wait()
        done.signal()
        let window = try result!.get()
        window.takeContext()
        return window
    }
}
