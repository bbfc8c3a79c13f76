import Stage

/// The sizes a scene may be drawn at, from `--size WxH` and the script's `resize WxH` alike. Each frame is a picture
/// of that many pixels (four bytes each), kept two or three times over (the canvas, the kept unchanging start of the
/// frame, offscreen layers), and the software renderer draws every pixel of it each frame: 16384x16384 took 3.2 GB
/// and 26 s a frame. So a side is at most 16,384 pixels (the largest texture OpenGL renderers make, llvmpipe's too;
/// a window is shrunk to fit its screen anyway) and the area at most 4096x4096 = 16,777,216 pixels, 64 MB a picture
/// (a 5K screen, 5120x2880, fits).
nonisolated enum CanvasSize {
    static let maxSide = 16_384
    static let maxPixels = 4_096 * 4_096

    struct Refusal: Error, CustomStringConvertible { let description: String }

    /// `WxH` in whole logical pixels, or why it is refused.
    static func parse(_ text: String) throws -> Size {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (1...maxSide).contains(w),
              (1...maxSide).contains(h) else {
            throw Refusal(description: "expected WxH such as 393x759, two whole numbers from 1 to \(maxSide)")
        }
        guard w * h <= maxPixels else {
            throw Refusal(description: "\(w)x\(h) is \(w * h) pixels, more than the \(maxPixels) (4096x4096) a frame may have")
        }
        return Size(Double(w), Double(h))
    }
}
