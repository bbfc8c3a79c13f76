import Foundation
import Player
@testable import Scenes
import Stage
import XCTest
import ZoetropeHarness

/// Shared steps for the RoadTrip checks (spec 06 §4.6–§4.8): a harness on the 320 × 568 canvas (or another window
/// size, the canvas scaled and centred), input in canvas coordinates, and the car, the button and the sounds read
/// back with the spec's tolerances (±0.5 pt, ±0.5°; times exact on the virtual clock).
@MainActor
class RoadTripTestCase: XCTestCase {
    var h: Harness!
    static let W = 320.0, H = 568.0
    /// Positions ±0.5 pt, angles ±0.5° (spec 06 §4).
    let pt = 0.5
    let deg = 0.5 * Double.pi / 180

    override func tearDown() async throws {
        h = nil
    }

    func open(size: Size = Size(320, 568), render: Bool = false, assets: AssetResolver? = nil) throws {
        h = try Harness(scene: "roadtrip-test-drive", size: size, render: render, assets: assets)
    }

    var scene: RoadTripTestDrive { h.scene as! RoadTripTestDrive }
    var controller: TestDriveController { scene.controller }
    var engine: AVAudioPlayer? { controller.carSound }
    /// The system-sound log: (asset name, scene time).
    var systemSounds: [(name: String, time: Double)] { h.systemSounds }

    // MARK: Input in canvas coordinates (mapped onto the window like the player's)

    func window(_ x: Double, _ y: Double) -> Point { h.session.host.sceneToWindow.apply(Point(x, y)) }
    func press(_ x: Double, _ y: Double) { let p = window(x, y); h.press(p.x, p.y) }
    func move(_ x: Double, _ y: Double) { let p = window(x, y); h.move(p.x, p.y) }
    func release(_ x: Double, _ y: Double) { let p = window(x, y); h.release(p.x, p.y) }
    func click(_ x: Double, _ y: Double) { press(x, y); release(x, y) }

    /// Taps Test Drive at scene time `t` (release inside the button).
    func tapTestDrive(at t: Double) {
        h.advance(to: t)
        click(160, 284)
    }

    /// Drags the car from (x1, y1) to (x2, y2) now: press, one move, release.
    func drag(_ x1: Double, _ y1: Double, to x2: Double, _ y2: Double) {
        press(x1, y1); move(x2, y2); release(x2, y2)
    }

    // MARK: Reading

    func value(_ node: String, _ key: String) -> (model: Double, presented: Double) {
        guard let v = h.value(node, key) else { XCTFail("\(node) has no \(key)"); return (.nan, .nan) }
        return v
    }

    /// The car's centre as drawn now (presentation).
    var carCenter: Point { Point(value("car", "position.x").presented, value("car", "position.y").presented) }
    /// The car's centre as set (model).
    var carModelCenter: Point { Point(value("car", "position.x").model, value("car", "position.y").model) }
    /// The car's rotation as drawn now, radians clockwise on screen.
    var carRotation: Double { value("car", "rotation").presented }
    var carFrame: Rect { h.probe("car")!.frame }
    var blinkFrame: Int? {
        guard case let .state(.number(n))? = h.probe("testDrive")?.value("state.blinkFrame") else { return nil }
        return Int(n)
    }

    func assertCar(_ x: Double?, _ y: Double?, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let c = carCenter
        if let x { XCTAssertEqual(c.x, x, accuracy: pt, "\(what): x at t = \(h.time)", file: file, line: line) }
        if let y { XCTAssertEqual(c.y, y, accuracy: pt, "\(what): y at t = \(h.time)", file: file, line: line) }
    }

    func assertRotation(degrees: Double, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(carRotation, degrees * .pi / 180, accuracy: deg, "\(what) at t = \(h.time)", file: file, line: line)
    }

    func assertRect(_ r: Rect, _ x: Double, _ y: Double, _ w: Double, _ hgt: Double, _ what: String,
                    file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(r.minX, x, accuracy: pt, "\(what) x", file: file, line: line)
        XCTAssertEqual(r.minY, y, accuracy: pt, "\(what) y", file: file, line: line)
        XCTAssertEqual(r.width, w, accuracy: pt, "\(what) width", file: file, line: line)
        XCTAssertEqual(r.height, hgt, accuracy: pt, "\(what) height", file: file, line: line)
    }

    /// A pixel of the real headless render (window coordinates).
    func pixel(_ x: Double, _ y: Double) -> (r: Int, g: Int, b: Int, a: Int) {
        h.capture()!.pixel(Int(x.rounded(.down)), Int(y.rounded(.down)))
    }

    /// A copy of the bundled RoadTrip images and sounds without the files named in `leaving` (spec 06 §4.8).
    func assets(leaving out: [String]) throws -> AssetResolver {
        let fm = FileManager.default
        let dir = fm.temporaryDirectory.appendingPathComponent("zoetrope-roadtrip-\(UUID().uuidString)")
        addTeardownBlock { try? fm.removeItem(at: dir) }
        let bundled = try XCTUnwrap(AssetResolver.bundledRoot())
        for folder in ["Images/roadtrip", "Sounds/roadtrip"] {
            let from = bundled.appendingPathComponent(folder), to = dir.appendingPathComponent(folder)
            try fm.createDirectory(at: to, withIntermediateDirectories: true)
            for file in try fm.contentsOfDirectory(atPath: from.path) where !out.contains(file) {
                try fm.copyItem(at: from.appendingPathComponent(file), to: to.appendingPathComponent(file))
            }
        }
        return AssetResolver(roots: [dir])
    }
}
