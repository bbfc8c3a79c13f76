@testable import Backend
import XCTest

/// Which OpenGL renderers rasterise on the CPU (a window there turns vsync off: Window.init).
final class OpenGLInfoTests: XCTestCase {
    func testMesasCPURasterisersAreSoftware() {
        XCTAssertTrue(OpenGLInfo.isSoftwareRasterizer("llvmpipe (LLVM 15.0.6, 256 bits)"))
        XCTAssertTrue(OpenGLInfo.isSoftwareRasterizer("softpipe"))
        XCTAssertTrue(OpenGLInfo.isSoftwareRasterizer("Mesa X11 Software Rasterizer"))
    }

    func testGPUsAreNot() {
        XCTAssertFalse(OpenGLInfo.isSoftwareRasterizer("Mesa Intel(R) UHD Graphics 620 (KBL GT2)"))
        XCTAssertFalse(OpenGLInfo.isSoftwareRasterizer("AMD Radeon RX 6600 (navi23, LLVM 15.0.6, DRM 3.49, 6.1.0-13-amd64)"))
        XCTAssertFalse(OpenGLInfo.isSoftwareRasterizer("NVIDIA GeForce GTX 1060 6GB/PCIe/SSE2"))
        XCTAssertFalse(OpenGLInfo.isSoftwareRasterizer("virgl (llvmpipe)"))
    }
}
