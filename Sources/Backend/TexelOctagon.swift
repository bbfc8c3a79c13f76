import Stage

/// The eight-sided part of a picture outside which every texel is transparent, bounded by x, y, x + y and x − y (in
/// texels, on texel corners) and grown by a margin. A quad that draws the whole picture need only fill this part of
/// itself: the rest samples nothing but transparent texels, even linearly filtered, and draws nothing. On llvmpipe
/// every pixel a quad covers costs the same whether it draws anything or not, and the blizzard's branches, the magic
/// wand's skeletons or the swing's rope leave a fifth to four fifths of their quads empty (issue 24).
struct TexelOctagon: Equatable, Sendable {
    var x0: Int, y0: Int, x1: Int, y1: Int
    /// The least and greatest x + y, and x − y, of the corners of the texels it holds.
    var sumMin: Int, sumMax: Int, diffMin: Int, diffMax: Int

    init(x0: Int, y0: Int, x1: Int, y1: Int, sumMin: Int, sumMax: Int, diffMin: Int, diffMax: Int) {
        self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1
        self.sumMin = sumMin; self.sumMax = sumMax; self.diffMin = diffMin; self.diffMax = diffMax
    }

    /// The octagon of texels `minX…maxX` of each row that has any (`rows[y]`, nil for an empty row), grown by
    /// `margin` texels each way, within a `width`×`height` picture; nil when no row has any.
    init?(rows: [(minX: Int, maxX: Int)?], width: Int, height: Int, margin: Int) {
        var x0 = Int.max, x1 = Int.min, y0 = Int.max, y1 = Int.min
        var sMin = Int.max, sMax = Int.min, dMin = Int.max, dMax = Int.min
        for (y, row) in rows.enumerated() {
            guard let row else { continue }
            x0 = min(x0, row.minX); x1 = max(x1, row.maxX + 1); y0 = min(y0, y); y1 = max(y1, y + 1)
            sMin = min(sMin, row.minX + y); sMax = max(sMax, row.maxX + 1 + y + 1)
            dMin = min(dMin, row.minX - (y + 1)); dMax = max(dMax, row.maxX + 1 - y)
        }
        guard x0 <= x1 else { return nil }
        // Grown by `margin` texels in x and y: x + y and x − y move by twice that.
        self.x0 = max(0, x0 - margin); self.x1 = min(width, x1 + margin)
        self.y0 = max(0, y0 - margin); self.y1 = min(height, y1 + margin)
        sumMin = sMin - 2 * margin; sumMax = sMax + 2 * margin
        diffMin = dMin - 2 * margin; diffMax = dMax + 2 * margin
    }

    /// Its corners clockwise (y down) from the left end of its top edge, in texels; where a diagonal side is cut
    /// away by the box, two corners coincide.
    var corners: [(x: Double, y: Double)] {
        [(max(x0, sumMin - y0), y0), (min(x1, diffMax + y0), y0),
         (x1, max(y0, x1 - diffMax)), (x1, min(y1, sumMax - x1)),
         (min(x1, sumMax - y1), y1), (max(x0, diffMin + y1), y1),
         (x0, min(y1, x0 - diffMin)), (x0, max(y0, sumMin - x0))].map { (Double($0.0), Double($0.1)) }
    }

    /// Its area (shoelace over its corners), in texels.
    var area: Double {
        let c = corners
        var twice = 0.0
        for i in c.indices {
            let a = c[i], b = c[(i + 1) % c.count]
            twice += a.x * b.y - b.x * a.y
        }
        return abs(twice) / 2
    }

    /// `batch` filling only this part of its picture (`width`×`height` texels): the same texture coordinates at every
    /// pixel it fills, eight corners, six triangles. Nil unless `batch` is a quad of one colour drawing the whole
    /// picture through an affine map (as every sprite, turned or not, does).
    func outline(of batch: TriangleBatch, width: Int, height: Int) -> TriangleBatch? {
        let v = batch.vertices
        guard v.count == 4, batch.indices.count == 6, width > 0, height > 0 else { return nil }
        // Called for every textured quad of every frame: the checks allocate nothing.
        var u0 = v[0].u, u1 = v[0].u, w0 = v[0].v, w1 = v[0].v
        for p in v {
            guard p.r == v[0].r, p.g == v[0].g, p.b == v[0].b, p.a == v[0].a else { return nil }
            u0 = min(u0, p.u); u1 = max(u1, p.u); w0 = min(w0, p.v); w1 = max(w1, p.v)
        }
        guard abs(u0) < 1e-6, abs(u1 - 1) < 1e-6, abs(w0) < 1e-6, abs(w1 - 1) < 1e-6,
              let place = FramePlan.textureMap(of: batch) else { return nil }
        var corners: [Vertex] = []
        corners.reserveCapacity(8)
        for c in self.corners {
            let u = c.x / Double(width), w = c.y / Double(height)
            let p = place(u, w)
            var corner = v[0]
            corner.x = Float(p.x); corner.y = Float(p.y); corner.u = Float(u); corner.v = Float(w)
            corners.append(corner)
        }
        return TriangleBatch(vertices: corners, indices: TexelOctagon.fan, texture: batch.texture, blend: batch.blend)
    }

    /// Six triangles round the first of eight corners.
    private static let fan: [Int32] = (1..<7).flatMap { [0, Int32($0), Int32($0 + 1)] }
}
