import Backend
import Foundation

/// Reading screenshots of the book test apps: the box and count of pixels that pass a test.
@MainActor
extension Framebuffer {
    /// The bounding box (minX, minY, maxX, maxY, inclusive) and the number of the pixels for which `test` holds.
    func pixels(where test: ((r: Int, g: Int, b: Int, a: Int)) -> Bool) -> (box: (Int, Int, Int, Int), count: Int)? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1, n = 0
        for y in 0..<height { for x in 0..<width where test(pixel(x, y)) {
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y); n += 1
        } }
        return n == 0 ? nil : ((minX, minY, maxX, maxY), n)
    }

    /// The pixels where this picture and `other` differ by more than `tolerance` in some channel.
    func differences(from other: Framebuffer, tolerance: Int) -> [(x: Int, y: Int)] {
        var out: [(Int, Int)] = []
        for y in 0..<min(height, other.height) { for x in 0..<min(width, other.width) {
            let a = pixel(x, y), b = other.pixel(x, y)
            if abs(a.r - b.r) > tolerance || abs(a.g - b.g) > tolerance || abs(a.b - b.b) > tolerance { out.append((x, y)) }
        } }
        return out
    }
}

@MainActor
extension BookApp {
    /// Screenshots named `names` taken by a run of `script` (which writes them as `{name}` placeholders).
    static func shots(_ test: String, _ names: [String]) -> [String: String] {
        let out = outputs(test)
        return Dictionary(uniqueKeysWithValues: names.map { ($0, out.appendingPathComponent("\($0).png").path) })
    }
}
