import Backend
import Stage

/// Reading colours out of a real render, for the view layer's and the scenes' pixel checks.
public extension Framebuffer {
    /// The pixel at logical (x, y), rounded down to the pixel that holds it.
    func px(_ x: Double, _ y: Double) -> (r: Int, g: Int, b: Int, a: Int) { pixel(Int(x.rounded(.down)), Int(y.rounded(.down))) }

    /// How many pixels in `r` are within ±tol of `rgb` in every channel.
    func count(_ rgb: (Int, Int, Int), in r: Rect, tolerance tol: Int = 40) -> Int {
        var n = 0
        for y in Int(r.minY)..<Int(r.maxY) { for x in Int(r.minX)..<Int(r.maxX) {
            let p = pixel(x, y)
            if abs(p.r - rgb.0) <= tol && abs(p.g - rgb.1) <= tol && abs(p.b - rgb.2) <= tol { n += 1 }
        } }
        return n
    }
}
