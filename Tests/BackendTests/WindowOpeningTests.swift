import XCTest
@testable import Backend

/// On X11 the window opens on another thread while the scene is made (issue 24: the first frame); elsewhere on the
/// caller's.
final class WindowOpeningTests: XCTestCase {
    func testOnlyAnX11WindowOpensOnAnotherThread() {
        XCTAssertTrue(WindowOpening.opensElsewhere(environment: ["DISPLAY": ":0"]))
        XCTAssertTrue(WindowOpening.opensElsewhere(environment: ["DISPLAY": ":0", "SDL_VIDEODRIVER": "x11"]))
        XCTAssertFalse(WindowOpening.opensElsewhere(environment: [:]), "no display")
        XCTAssertFalse(WindowOpening.opensElsewhere(environment: ["DISPLAY": ""]))
        XCTAssertFalse(WindowOpening.opensElsewhere(environment: ["WAYLAND_DISPLAY": "wayland-0"]))
        XCTAssertFalse(WindowOpening.opensElsewhere(environment: ["DISPLAY": ":0", "SDL_VIDEODRIVER": "wayland"]))
        XCTAssertFalse(WindowOpening.opensElsewhere(environment: ["DISPLAY": ":0", "SDL_VIDEODRIVER": "dummy"]))
    }
}
