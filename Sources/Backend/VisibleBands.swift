import Foundation
import Stage

/// Where a picture with transparent parts draws anything, as a few horizontal bands of texels, and a picture's quad
/// cut down to them. llvmpipe pays for every pixel a triangle covers, transparent or not: the blizzard's 47 branches
/// are rotated quads three quarters transparent, so a quad per band (the band's texels that are not transparent,
/// grown by the texel linear filtering reaches) draws the same pixels over a third fewer of them.
enum VisibleBands {
    /// Bands a picture is cut into (16 triangles a quad at most).
    static let count = 8
    /// Cutting pays when the bands leave out at least this share of the picture.
    static let minimumSaving = 0.15

    typealias TexelRect = (x0: Int, y0: Int, x1: Int, y1: Int)

    /// The bands (half-open texel rects, top to bottom, empty ones left out) of an RGBA picture, or [] when they would
    /// not save `minimumSaving` of its area. Each band holds every texel whose alpha is not 0 in its rows and the rows
    /// next to them, grown by a texel on each side: outside the bands the picture samples only transparent texels.
    static func find(_ pixels: UnsafePointer<UInt8>, width w: Int, height h: Int, pitch: Int) -> [TexelRect] {
        guard w > 0, h >= count else { return [] }
        // Per row: the first and last texel that is not transparent (x1 < x0: none).
        var first = [Int](repeating: w, count: h), last = [Int](repeating: -1, count: h)
        for y in 0..<h {
            let row = pixels + y * pitch
            for x in 0..<w where row[x * 4 + 3] != 0 { first[y] = x; break }
            for x in stride(from: w - 1, through: 0, by: -1) where row[x * 4 + 3] != 0 { last[y] = x; break }
        }
        var bands: [TexelRect] = []
        var area = 0
        for b in 0..<count {
            let y0 = b * h / count, y1 = (b + 1) * h / count
            var x0 = w, x1 = -1
            for y in max(0, y0 - 1)..<min(h, y1 + 1) { x0 = min(x0, first[y]); x1 = max(x1, last[y]) }
            guard x1 >= x0 else { continue }
            let band = (x0: max(0, x0 - 1), y0: y0, x1: min(w, x1 + 2), y1: y1)
            bands.append(band)
            area += (band.x1 - band.x0) * (band.y1 - band.y0)
        }
        return Double(area) <= Double(w * h) * (1 - minimumSaving) ? bands : []
    }

    /// `batch` as one quad per band, when it is one quad drawing the whole picture (texture coordinates 0…1 at its
    /// corners) through an affine map, in one colour, blended so that transparent texels leave what is beneath as it
    /// is; nil otherwise.
    static func trimmed(_ batch: TriangleBatch, bands: [TexelRect], textureSize: Size) -> TriangleBatch? {
        let v = batch.vertices
        guard !bands.isEmpty, v.count == 4, batch.indices.count == 6, batch.blend == .alpha || batch.blend == .add,
              textureSize.width > 0, textureSize.height > 0,
              v.allSatisfy({ ($0.r, $0.g, $0.b, $0.a) == (v[0].r, v[0].g, v[0].b, v[0].a) && ($0.u == 0 || $0.u == 1) && ($0.v == 0 || $0.v == 1) })
        else { return nil }
        // Position = o + u·e + v·f from the corners at (0, 0), (1, 0), (0, 1); the fourth must agree.
        func corner(_ u: Float, _ w: Float) -> Vertex? { v.first { $0.u == u && $0.v == w } }
        guard let a = corner(0, 0), let b = corner(1, 0), let d = corner(0, 1), let c = corner(1, 1) else { return nil }
        let e = (x: Double(b.x - a.x), y: Double(b.y - a.y)), f = (x: Double(d.x - a.x), y: Double(d.y - a.y))
        guard abs(Double(a.x) + e.x + f.x - Double(c.x)) < 0.01, abs(Double(a.y) + e.y + f.y - Double(c.y)) < 0.01 else { return nil }
        var out = TriangleBatch(vertices: [], indices: [], texture: batch.texture, blend: batch.blend)
        out.vertices.reserveCapacity(bands.count * 4)
        out.indices.reserveCapacity(bands.count * 6)
        let colour = (a.r, a.g, a.b, a.a)
        for (i, band) in bands.enumerated() {
            // Bands that touch share their whole common edge (the union of both spans), with the very same corners: a
            // trapezoid each, no T-junction to crack along. It holds the band's rect.
            var top = (band.x0, band.x1), bottom = (band.x0, band.x1)
            if i > 0, bands[i - 1].y1 == band.y0 { top = (min(band.x0, bands[i - 1].x0), max(band.x1, bands[i - 1].x1)) }
            if i + 1 < bands.count, bands[i + 1].y0 == band.y1 {
                bottom = (min(band.x0, bands[i + 1].x0), max(band.x1, bands[i + 1].x1))
            }
            let base = Int32(out.vertices.count)
            for (tx, ty) in [(top.0, band.y0), (top.1, band.y0), (bottom.1, band.y1), (bottom.0, band.y1)] {
                let u = Double(tx) / textureSize.width, w = Double(ty) / textureSize.height
                let p = Point(Double(a.x) + u * e.x + w * f.x, Double(a.y) + u * e.y + w * f.y)
                out.vertices.append(Vertex(p, colour, u: u, v: w))
            }
            out.indices += [base, base + 1, base + 2, base, base + 2, base + 3]
        }
        return out
    }
}
