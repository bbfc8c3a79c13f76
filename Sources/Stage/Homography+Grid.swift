import Foundation

extension Homography {
    /// The cell counts a textured grid is tried with, fewest first.
    static let gridSteps = [1, 2, 3, 4, 6, 8, 12, 16]

    /// How many cells a side a textured grid over `rect` needs under this map. The renderer maps a texture affinely
    /// across each triangle, so a picture in perspective is drawn as a grid of cells that are each nearly affine. A
    /// fixed 16×16 grid (512 triangles) paid that for a picture a few pixels wide or barely tilted as for a large steep
    /// one; this is the fewest cells (of `gridSteps`, at most `maximum`) for which no cell's edges or diagonal bow more
    /// than `tolerance` output pixels at their middles between the drawn chord and the projection. The maximum keeps
    /// what a large steep picture drew before (its cells may bow more than the tolerance, as they did).
    public func gridCells(over rect: Rect, tolerance: Double = 0.3, maximum: Int = 16) -> Int {
        guard !isAffine, rect.width > 0, rect.height > 0 else { return 1 }
        for n in Homography.gridSteps where n < maximum {
            if gridBow(over: rect, cells: n) <= tolerance { return n }
        }
        return maximum
    }

    /// The largest distance, over every cell of a `n`×`n` grid over `rect`, between the projection of the midpoint of a
    /// cell's edge or diagonal (the one its two triangles share) and the midpoint of its drawn chord. A projective map
    /// bends a segment most near its middle, so the midpoints measure it.
    func gridBow(over rect: Rect, cells n: Int) -> Double {
        func at(_ i: Double, _ j: Double) -> Point {
            apply(Point(rect.minX + rect.width * i / Double(n), rect.minY + rect.height * j / Double(n)))
        }
        func bow(_ a: Point, _ b: Point, _ mid: Point) -> Double {
            let d = hypot(mid.x - (a.x + b.x) / 2, mid.y - (a.y + b.y) / 2)
            // A point at or behind the eye has no place on screen: no grid is fine enough.
            return d.isFinite ? d : .infinity
        }
        var worst = 0.0
        for j in 0..<n {
            for i in 0..<n {
                let (x, y) = (Double(i), Double(j))
                let a = at(x, y), b = at(x + 1, y), d = at(x, y + 1), e = at(x + 1, y + 1)
                worst = max(worst, bow(a, e, at(x + 0.5, y + 0.5)), bow(a, b, at(x + 0.5, y)), bow(a, d, at(x, y + 0.5)))
                // The far edges are shared with the next cell; only the grid's last row and column own theirs.
                if i == n - 1 { worst = max(worst, bow(b, e, at(x + 1, y + 0.5))) }
                if j == n - 1 { worst = max(worst, bow(d, e, at(x + 0.5, y + 1))) }
            }
        }
        return worst
    }
}

extension Tessellator {
    /// `rect` (local space) textured with `uv` of the texture, mapped by `h`: one quad when `h` is affine, else a grid
    /// of `h.gridCells` cells a side (at most `maximum`).
    public mutating func texturedRect(_ rect: Rect, under h: Homography, color: Color, uv: Rect = Rect(x: 0, y: 0, width: 1, height: 1),
                                      maximum: Int = 16) {
        let n = h.gridCells(over: rect, maximum: maximum)
        texturedGrid(cols: n, rows: n, color: color, uv: uv) { s, t in h.apply(Point(rect.minX + s * rect.width, rect.minY + t * rect.height)) }
    }
}
