/// The largest wholly opaque rectangles of a picture, such as the jambs and header of the elevator's door frame:
/// a quad drawing the picture certainly covers what lies under them, so what is there need not be drawn.
enum OpaqueRegions {
    /// At most this many rectangles, each at least `minimumShare` of the picture (smaller ones save too little).
    static let maxRects = 4
    static let minimumShare = 0.02

    /// Rects of texels (x0, y0, x1, y1, half-open) where every alpha byte is 255, largest first, not overlapping.
    static func find(_ pixels: UnsafePointer<UInt8>, width: Int, height: Int, pitch: Int) -> [(x0: Int, y0: Int, x1: Int, y1: Int)] {
        guard width > 0, height > 0 else { return [] }
        var opaque = [Bool](repeating: false, count: width * height)
        for y in 0..<height {
            let row = pixels + y * pitch
            for x in 0..<width { opaque[y * width + x] = row[x * 4 + 3] == 255 }
        }
        var found: [(x0: Int, y0: Int, x1: Int, y1: Int)] = []
        let minimum = Int(Double(width * height) * minimumShare)
        while found.count < maxRects, let r = largest(in: opaque, width: width, height: height),
              (r.x1 - r.x0) * (r.y1 - r.y0) >= max(1, minimum) {
            found.append(r)
            for y in r.y0..<r.y1 { for x in r.x0..<r.x1 { opaque[y * width + x] = false } }
        }
        return found
    }

    /// The largest all-true rectangle of a mask: per row, the column heights of true cells above, and the largest
    /// rectangle under that histogram with a stack (O(width·height)).
    static func largest(in mask: [Bool], width: Int, height: Int) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        var heights = [Int](repeating: 0, count: width + 1)   // a 0 at the end empties the stack
        var best: (area: Int, rect: (x0: Int, y0: Int, x1: Int, y1: Int))?
        var stack: [Int] = []
        stack.reserveCapacity(width + 1)
        for y in 0..<height {
            for x in 0..<width { heights[x] = mask[y * width + x] ? heights[x] + 1 : 0 }
            stack.removeAll(keepingCapacity: true)
            for x in 0...width {
                while let top = stack.last, heights[top] >= heights[x] {
                    stack.removeLast()
                    let h = heights[top], left = stack.last.map { $0 + 1 } ?? 0
                    let area = h * (x - left)
                    if area > (best?.area ?? 0) { best = (area, (left, y + 1 - h, x, y + 1)) }
                }
                stack.append(x)
            }
        }
        return best?.rect
    }
}
