import Foundation
import XCTest
import ZoetropeHarness

/// An RGB image read from a screenshot (through ImageMagick's PPM output).
struct E2EImage {
    let width: Int
    let height: Int
    /// RGB, 3 bytes per pixel, rows top to bottom.
    let rgb: [UInt8]

    /// Parses a binary PPM (P6, maxval 255).
    init(ppm data: Data) throws {
        let bytes = [UInt8](data)
        var at = 0
        func token() throws -> String {
            while at < bytes.count {
                if bytes[at] == UInt8(ascii: "#") { while at < bytes.count && bytes[at] != 10 { at += 1 } }
                else if bytes[at] == 32 || (9...13).contains(bytes[at]) { at += 1 } else { break }
            }
            let start = at
            while at < bytes.count, !(bytes[at] == 32 || (9...13).contains(bytes[at])) { at += 1 }
            guard at > start else { throw E2E.Failure("truncated PPM header") }
            return String(decoding: bytes[start..<at], as: UTF8.self)
        }
        guard try token() == "P6", let w = Int(try token()), let h = Int(try token()), try token() == "255" else {
            throw E2E.Failure("not an 8-bit binary PPM")
        }
        at += 1  // the single whitespace after maxval
        guard bytes.count - at >= w * h * 3 else { throw E2E.Failure("short PPM data") }
        width = w; height = h
        rgb = Array(bytes[at..<at + w * h * 3])
    }

    func pixel(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let i = (y * width + x) * 3
        return (Int(rgb[i]), Int(rgb[i + 1]), Int(rgb[i + 2]))
    }

    /// True when pixel (x, y) is within `tolerance` of `hex` (0xRRGGBB) in every channel.
    func pixel(_ x: Int, _ y: Int, is hex: Int, tolerance: Int = 4) -> Bool {
        let p = pixel(x, y)
        return abs(p.r - (hex >> 16 & 255)) <= tolerance && abs(p.g - (hex >> 8 & 255)) <= tolerance
            && abs(p.b - (hex & 255)) <= tolerance
    }

    func describe(_ x: Int, _ y: Int) -> String {
        let p = pixel(x, y)
        return String(format: "#%02X%02X%02X", p.r, p.g, p.b)
    }

    /// Statistics of the pixels with x in xs, y in ys.
    struct RegionStats { var meanLuma: Double; var saturatedFraction: Double; var nonWhiteFraction: Double }
    func stats(x xs: Range<Int>, y ys: Range<Int>) -> RegionStats {
        var luma = 0.0, saturated = 0, nonWhite = 0, n = 0
        for y in ys.clamped(to: 0..<height) {
            for x in xs.clamped(to: 0..<width) {
                let p = pixel(x, y)
                luma += 0.299 * Double(p.r) + 0.587 * Double(p.g) + 0.114 * Double(p.b)
                if max(p.r, p.g, p.b) - min(p.r, p.g, p.b) > 60 { saturated += 1 }
                if min(p.r, p.g, p.b) < 235 { nonWhite += 1 }
                n += 1
            }
        }
        let d = Double(max(n, 1))
        return RegionStats(meanLuma: luma / d, saturatedFraction: Double(saturated) / d, nonWhiteFraction: Double(nonWhite) / d)
    }

    /// Mean absolute difference per channel (0…255) between two images of the same size over a region.
    func meanDifference(to other: E2EImage, x xs: Range<Int>, y ys: Range<Int>) -> Double {
        var sum = 0, n = 0
        for y in ys.clamped(to: 0..<min(height, other.height)) {
            for x in xs.clamped(to: 0..<min(width, other.width)) {
                let p = pixel(x, y), q = other.pixel(x, y)
                sum += abs(p.r - q.r) + abs(p.g - q.g) + abs(p.b - q.b)
                n += 3
            }
        }
        return Double(sum) / Double(max(n, 1))
    }

    /// How many pixels of a region differ from `other`'s by more than `levels` in some channel: motion that a mean
    /// would average away (a few thin raindrops in a card) still counts pixel by pixel.
    func changedPixels(to other: E2EImage, x xs: Range<Int>, y ys: Range<Int>, byMoreThan levels: Int = 16) -> Int {
        var changed = 0
        for y in ys.clamped(to: 0..<min(height, other.height)) {
            for x in xs.clamped(to: 0..<min(width, other.width)) {
                let p = pixel(x, y), q = other.pixel(x, y)
                if max(abs(p.r - q.r), abs(p.g - q.g), abs(p.b - q.b)) > levels { changed += 1 }
            }
        }
        return changed
    }
}

/// A private X server (Xvfb) on a free display number, for the window test.
final class E2EXvfb {
    let display: String
    private let child: E2EChild

    /// Starts `Xvfb :N -screen 0 <screen>` on the first free N in 99…140 and waits until it answers.
    init(screen: String = "1280x1024x24") throws {
        try E2E.requireTools(["Xvfb", "xdotool"])
        var lastError = "no free display number in 99…140"
        for n in 99...140 {
            if FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(n)")
                || FileManager.default.fileExists(atPath: "/tmp/.X\(n)-lock") { continue }
            let child = try E2EChild(E2E.which("Xvfb")!, [":\(n)", "-screen", "0", screen, "-nolisten", "tcp"])
            let deadline = Date().addingTimeInterval(15)
            var ready = false
            while Date() < deadline && child.isRunning {
                let probe = try E2E.run(E2E.which("xdotool")!, ["getdisplaygeometry"],
                                        environment: E2E.environment(setting: ["DISPLAY": ":\(n)"]), timeout: 5)
                if probe.exitedNormally && probe.status == 0 { ready = true; break }
                usleep(100_000)
            }
            if ready {
                display = ":\(n)"
                self.child = child
                return
            }
            // Taken by someone else in the meantime, or broken: try the next number.
            child.stop()
            lastError = "Xvfb :\(n) did not start: \(child.result(timedOut: false).summary)"
        }
        throw E2E.Failure(lastError)
    }

    func stop() { child.stop() }
    deinit { child.stop() }

    /// Environment for programs on this display: no Wayland, no SDL video driver override.
    func environment(setting extra: [String: String] = [:]) -> [String: String] {
        E2E.environment(removing: ["WAYLAND_DISPLAY", "SDL_VIDEODRIVER"], setting: ["DISPLAY": display].merging(extra) { $1 })
    }

    /// Runs `xdotool ARGS…` on this display; throws when it fails.
    @discardableResult
    func xdotool(_ arguments: [String], timeout: Double = 20) throws -> String {
        let r = try E2E.run(E2E.which("xdotool")!, arguments, environment: environment(), timeout: timeout)
        guard r.exitedNormally, r.status == 0 else { throw E2E.Failure("xdotool failed: \(r.summary)") }
        return r.stdout
    }

    /// The first visible window whose title contains `name`, looked for until `timeout`: a search can fail while
    /// windows come and go (X's BadWindow when one goes during the search), so failures only mean "not yet".
    func window(named name: String, timeout: Double) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let found = try? xdotool(["search", "--onlyvisible", "--name", name], timeout: 10),
               let window = found.split(separator: "\n").first {
                return String(window)
            }
            if Date() >= deadline { throw E2E.Failure("no visible window named \(name) after \(Int(timeout)) s") }
            Thread.sleep(forTimeInterval: 0.2)
        }
    }

    /// The window's geometry from `xdotool getwindowgeometry --shell`.
    func geometry(of window: String) throws -> (x: Int, y: Int, width: Int, height: Int) {
        var values: [String: Int] = [:]
        for line in try xdotool(["getwindowgeometry", "--shell", window]).split(separator: "\n") {
            let kv = line.split(separator: "=", maxSplits: 1)
            if kv.count == 2, let v = Int(kv[1]) { values[String(kv[0])] = v }
        }
        guard let x = values["X"], let y = values["Y"], let w = values["WIDTH"], let h = values["HEIGHT"] else {
            throw E2E.Failure("cannot read the geometry of window \(window)")
        }
        return (x, y, w, h)
    }

    /// Screenshot of one window with ImageMagick's `import`, saved as PNG and read back.
    func screenshot(window: String, to url: URL) throws -> E2EImage {
        try? FileManager.default.removeItem(at: url)
        let r = try E2E.run("/usr/bin/env", ["import", "-silent", "-window", window, "png:" + url.path],
                            environment: environment(), timeout: 30)
        guard r.exitedNormally, r.status == 0, FileManager.default.fileExists(atPath: url.path) else {
            throw E2E.Failure("screenshot of window \(window) failed: \(r.summary)")
        }
        return try E2EImage(png: url)
    }
}

extension E2EImage {
    /// Reads a PNG (or anything ImageMagick reads) by converting it to a PPM file next to it.
    init(png url: URL) throws {
        let ppm = url.deletingPathExtension().appendingPathExtension("ppm")
        defer { try? FileManager.default.removeItem(at: ppm) }
        let r = try E2E.run("/usr/bin/env", ["convert", url.path, "-depth", "8", "ppm:" + ppm.path], timeout: 30)
        guard r.exitedNormally, r.status == 0 else { throw E2E.Failure("cannot convert \(url.path): \(r.summary)") }
        try self.init(ppm: Data(contentsOf: ppm))
    }
}

@MainActor
extension XCTestCase {
    /// Repeats `check` until it returns true or `timeout` seconds pass (then records a failure).
    func poll(_ what: String, timeout: Double, interval: Double = 0.25, file: StaticString = #filePath,
              line: UInt = #line, _ check: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if try check() { return }
            if Date() >= deadline { XCTFail("timed out waiting for \(what)", file: file, line: line); return }
            Thread.sleep(forTimeInterval: interval)
        }
    }
}
