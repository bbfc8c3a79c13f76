/// The largest wholly opaque rectangles of a picture, such as the jambs and header of the elevator's door frame:
/// a quad drawing the picture certainly covers what lies under them, so what is there need not be drawn.
enum OpaqueRegions {
    /// At most this many rectangles, each at least `minimumShare` of the picture (smaller ones save too little).
    static let maxRects = 4
    static let minimumShare = 0.02

    /// Searched in blocks of this many texels a side (a block counts when all its texels are opaque): 16 times less
    /// work on a big picture, for rects at most a block smaller on each side.
    static let block = 4

    /// Rects of texels (x0, y0, x1, y1, half-open) where every alpha byte is 255, largest first, not overlapping.
    static func find(_ pixels: UnsafePointer<UInt8>, width: Int, height: Int, pitch: Int) -> [(x0: Int, y0: Int, x1: Int, y1: Int)] {
        guard width > 0, height > 0 else { return [] }
        let bw = (width + block - 1) / block, bh = (height + block - 1) / block
        var opaque = [Bool](repeating: true, count: bw * bh)
        for y in 0..<height {
            let row = pixels + y * pitch, b = y / block * bw
            for x in 0..<width where row[x * 4 + 3] != 255 { opaque[b + x / block] = false }
        }
        var found: [(x0: Int, y0: Int, x1: Int, y1: Int)] = []
        let minimum = Double(bw * bh) * minimumShare
        while found.count < maxRects, let r = largest(in: opaque, width: bw, height: bh),
              Double((r.x1 - r.x0) * (r.y1 - r.y0)) >= max(1, minimum) {
            found.append((r.x0 * block, r.y0 * block, min(width, r.x1 * block), min(height, r.y1 * block)))
            for y in r.y0..<r.y1 { for x in r.x0..<r.x1 { opaque[y * bw + x] = false } }
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
