import Backend
import Foundation
import Stage
@testable import Views
import XCTest

/// A real render of a test scene (SDL's software renderer, real fonts: the scene measures with them).
@MainActor
final class RenderedScene {
    let s: TestScene
    let canvas: HeadlessCanvas

    init<V: View>(size: Size = Size(390, 844), _ content: @escaping () -> V) throws {
        let canvas = try HeadlessCanvas(width: Int(size.width), height: Int(size.height), assets: AssetResolver(roots: []))
        self.canvas = canvas
        s = TestScene(size: size, content)
        s.context.measure = { canvas.renderer.measure($0, font: $1) }
        s.scene.layout(size: size, time: s.now)
    }

    /// The frame at the current time; saved to $ZOETROPE_TEST_SHOTS/name.png when that is set.
    func capture(_ name: String? = nil) throws -> Framebuffer {
        s.scene.layout(size: s.size, time: s.now)
        canvas.renderer.clear(.white)
        s.scene.root.drawCustom(transform: .identity, opacity: 1, renderer: canvas.renderer)
        let fb = canvas.renderer.readFramebuffer()
        if let dir = ProcessInfo.processInfo.environment["ZOETROPE_TEST_SHOTS"], let name {
            try fb.savePNG(to: URL(fileURLWithPath: dir + "/" + name + ".png"))
        }
        return fb
    }
}

@MainActor
func assertRGB(_ p: (r: Int, g: Int, b: Int, a: Int), _ rgb: (Int, Int, Int), tolerance: Int = 12, _ what: String = "",
               file: StaticString = #filePath, line: UInt = #line) {
    XCTAssert(abs(p.r - rgb.0) <= tolerance && abs(p.g - rgb.1) <= tolerance && abs(p.b - rgb.2) <= tolerance,
              "\(what): pixel \(p) is not \(rgb) ±\(tolerance)", file: file, line: line)
}

@MainActor
extension TestScene {
    /// The overlays (alerts, sheets) in the root now, leaving ones included.
    var overlays: [ModalOverlayElement] { host.root.children.compactMap { $0 as? ModalOverlayElement } }

    func bool(_ node: String, _ name: String) -> Bool? {
        guard case let .bool(b)? = state(node, name) else { return nil }
        return b
    }

    func number(_ node: String, _ name: String) -> Double? {
        guard case let .number(n)? = state(node, name) else { return nil }
        return n
    }
}
