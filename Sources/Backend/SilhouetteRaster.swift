import Stage

/// A wide shadow's silhouette rasterised on the CPU (WideShadow, OpenGL renderer): the alpha of untextured batches
/// over transparent black, at the shadow's low resolution. Drawn on the GPU and read back, each silhouette made the
/// frame wait for llvmpipe to finish everything drawn before it (six times a frame in the ocean, whose waves are
/// re-shaped every frame), while these are a few thousand pixels, blurred by σ ≥ 8 of them afterwards.
///
/// As OpenGL samples a triangle: at pixel centres, an edge through a centre filled by the triangle on its top or
/// left side only (so a mesh's shared edges are filled once), the vertices' alpha interpolated across it, and each
/// triangle composited over what is there (`.alpha`) or put in its place (`.replace`).
enum SilhouetteRaster {
    /// RGBA bytes of `w`×`h` pixels (colour 0, the silhouette's alpha in the fourth byte), the batches placed with
    /// logical `origin` at the top-left corner at `scale` pixels per logical pixel; nil when a batch is textured or
    /// blended otherwise (the caller then draws it on the GPU).
    static func alpha(of batches: [TriangleBatch], origin: Point, scale: Double, w: Int, h: Int) -> [UInt8]? {
        guard w > 0, h > 0, batches.allSatisfy({ $0.texture == nil && ($0.blend == .alpha || $0.blend == .replace) }) else {
            return nil
        }
        var coverage = [Float](repeating: 0, count: w * h)
        let ox = Float(origin.x), oy = Float(origin.y), s = Float(scale)
        coverage.withUnsafeMutableBufferPointer { dst in
            for b in batches {
                let v = b.vertices
                // No indices: the vertices in threes, as SDL_RenderGeometry takes them.
                let count = b.indices.isEmpty ? v.count : b.indices.count
                func index(_ k: Int) -> Int { b.indices.isEmpty ? k : Int(b.indices[k]) }
                var t = 0
                while t + 2 < count {
                    let i0 = index(t), i1 = index(t + 1), i2 = index(t + 2)
                    t += 3
                    guard i0 < v.count, i1 < v.count, i2 < v.count else { continue }
                    func point(_ i: Int) -> (x: Float, y: Float, a: Float) {
                        ((v[i].x - ox) * s, (v[i].y - oy) * s, Float(v[i].a) / 255)
                    }
                    fill(point(i0), point(i1), point(i2), replacing: b.blend == .replace, into: dst, w: w, h: h)
                }
            }
        }
        var out = [UInt8](repeating: 0, count: w * h * 4)
        for i in 0..<(w * h) { out[i * 4 + 3] = UInt8(max(0, min(255, (coverage[i] * 255).rounded()))) }
        return out
    }

    private typealias Corner = (x: Float, y: Float, a: Float)

    private static func fill(_ p0: Corner, _ p1: Corner, _ p2: Corner, replacing: Bool,
                             into dst: UnsafeMutableBufferPointer<Float>, w: Int, h: Int) {
        // Wound one way (y down: clockwise on screen), so that inside is where every edge function is positive.
        var (a, b, c) = (p0, p1, p2)
        var area = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
        guard area != 0, area.isFinite else { return }
        if area < 0 { swap(&b, &c); area = -area }
        let x0 = max(0, Int((min(a.x, b.x, c.x) - 0.5).rounded(.up))), x1 = min(w - 1, Int((max(a.x, b.x, c.x) - 0.5).rounded(.down)))
        let y0 = max(0, Int((min(a.y, b.y, c.y) - 0.5).rounded(.up))), y1 = min(h - 1, Int((max(a.y, b.y, c.y) - 0.5).rounded(.down)))
        guard x0 <= x1, y0 <= y1 else { return }
        // An edge from e to f; a centre exactly on it is inside only on a top edge (horizontal, the triangle below it)
        // or a left one (y down, wound as above: the edge goes up the screen).
        func owns(_ e: Corner, _ f: Corner) -> Bool { (e.y == f.y && f.x > e.x) || f.y < e.y }
        let ownsBC = owns(b, c), ownsCA = owns(c, a), ownsAB = owns(a, b)
        func edge(_ e: Corner, _ f: Corner, _ x: Float, _ y: Float) -> Float { (f.x - e.x) * (y - e.y) - (f.y - e.y) * (x - e.x) }
        for y in y0...y1 {
            let py = Float(y) + 0.5
            // The row's span inside all three edges (each edge function is linear in x along the row), widened by a
            // pixel so that the exact test below decides its ends.
            var lo = Float(x0), hi = Float(x1)
            func narrow(_ e: Corner, _ f: Corner) {
                let slope = e.y - f.y, at0 = (f.x - e.x) * (py - e.y) + (f.y - e.y) * e.x
                if slope > 0 { lo = max(lo, (-at0 / slope - 0.5).rounded(.down) - 1) }
                else if slope < 0 { hi = min(hi, (-at0 / slope - 0.5).rounded(.up) + 1) }
                else if at0 < 0 { hi = -1 }
            }
            narrow(b, c); narrow(c, a); narrow(a, b)
            guard lo <= hi else { continue }
            for x in Int(lo)...Int(hi) {
                let px = Float(x) + 0.5
                let wa = edge(b, c, px, py), wb = edge(c, a, px, py), wc = edge(a, b, px, py)
                guard wa > 0 || (wa == 0 && ownsBC), wb > 0 || (wb == 0 && ownsCA), wc > 0 || (wc == 0 && ownsAB) else { continue }
                let alpha = min(1, max(0, (wa * a.a + wb * b.a + wc * c.a) / area))
                let i = y * w + x
                dst[i] = replacing ? alpha : alpha + dst[i] * (1 - alpha)
            }
        }
    }
}
