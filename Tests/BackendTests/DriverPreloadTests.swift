import Foundation
import XCTest
@testable import Backend

/// Mesa's OpenGL driver is loaded ahead of the window only where the window will use it (issue 24: the first frame).
final class DriverPreloadTests: XCTestCase {
    func testNothingIsPreloadedWithoutADisplayOrWithSDLsDummyDrivers() {
        XCTAssertNil(Window.driverPreloads(environment: [:]), "no display")
        XCTAssertNil(Window.driverPreloads(environment: ["DISPLAY": ""]))
        XCTAssertNil(Window.driverPreloads(environment: ["DISPLAY": ":99", "SDL_VIDEODRIVER": "dummy"]))
        XCTAssertNil(Window.driverPreloads(environment: ["DISPLAY": ":99", "SDL_VIDEODRIVER": "offscreen"]))
    }

    func testWithADisplayTheDriverIsOpenedAsMesaOpensIt() throws {
        guard Window.rendersWithOpenGL, !FileManager.default.fileExists(atPath: "/proc/driver/nvidia") else {
            throw XCTSkip("this machine's windows do not use Mesa's OpenGL")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dri-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data().write(to: folder.appendingPathComponent("swrast_dri.so"))
        let paths = try XCTUnwrap(Window.driverPreloads(environment: ["DISPLAY": ":99", "LIBGL_DRIVERS_PATH": folder.path]))
        XCTAssertEqual(paths.map(\.0), ["libGL.so.1", "libGLX_mesa.so.0", folder.path + "/swrast_dri.so"])
        XCTAssertEqual(paths.last?.1, RTLD_NOW | RTLD_GLOBAL)
    }
}
