import XCTest
@testable import Stage

@MainActor
func assertPoint(_ p: Point, _ x: Double, _ y: Double, accuracy: Double = 1e-9, _ message: String = "",
                 file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(p.x, x, accuracy: accuracy, "x \(message)", file: file, line: line)
    XCTAssertEqual(p.y, y, accuracy: accuracy, "y \(message)", file: file, line: line)
}

@MainActor
func assertRect(_ r: Rect, _ x: Double, _ y: Double, _ w: Double, _ h: Double, accuracy: Double = 1e-9,
                _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(r.minX, x, accuracy: accuracy, "minX \(message)", file: file, line: line)
    XCTAssertEqual(r.minY, y, accuracy: accuracy, "minY \(message)", file: file, line: line)
    XCTAssertEqual(r.width, w, accuracy: accuracy, "width \(message)", file: file, line: line)
    XCTAssertEqual(r.height, h, accuracy: accuracy, "height \(message)", file: file, line: line)
}

/// A scene with an empty root that tests fill in; responsive, 400×300.
@MainActor
final class BareScene: Scene {
    static let info = SceneInfo(id: "test-bare", chapter: "Tests", title: "Bare", referenceSize: Size(400, 300),
                                mapping: .responsive)
    let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 400, height: 300))
    var layouts = 0
    init(context: SceneContext) {}
    func layout(size: Size, time: Double) { layouts += 1 }
}

/// A fixed-canvas scene (200×100 reference) with an empty root.
@MainActor
final class CanvasScene: Scene {
    static let info = SceneInfo(id: "test-canvas", chapter: "Tests", title: "Canvas", referenceSize: Size(200, 100),
                                mapping: .fixedCanvas)
    let root = Node(name: "root", frame: Rect(x: 0, y: 0, width: 200, height: 100))
    init(context: SceneContext) {}
    func layout(size: Size, time: Double) {}
}

@MainActor
func makeHost<S: Scene>(_ type: S.Type, window: Size) -> (SceneHost, S) {
    let host = SceneHost(entry: SceneEntry(type), sound: SilentSoundPlayer(), windowSize: window)
    host.start()
    return (host, host.scene as! S)
}

/// Signed area of a triangle (positive clockwise on screen, y down).
@MainActor
func triangleArea(_ a: Point, _ b: Point, _ c: Point) -> Double {
    ((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)) / 2
}

@MainActor
extension Vertex {
    var point: Point { Point(Double(x), Double(y)) }
}
