import Stage

extension Tessellator {
    /// A solid-colour stroke seen through a perspective map (a shape under `rotation3DEffect`, spec 02 §2.3–§2.4).
    /// Width, dash lengths and phase are lengths in the shape's own plane, so the line is built there, at `scale`
    /// pixels per point (its antialiasing fringe stays about a pixel wide), and every vertex is then projected. A
    /// homography keeps straight lines straight, so the outline and the dash ends land exactly; only the coverage
    /// inside each triangle is interpolated affinely. Stroking the projected path instead would give the line one
    /// width and one dash length all round (wrong where the plane is foreshortened).
    mutating func strokeInPlane(_ path: Path, style: StrokeStyle, transform: Homography, scale: Double, paint: Paint) {
        let k = max(scale, 0.01)
        let toPlane = Homography.scale(k, k, about: .zero)
        guard let fromPlane = toPlane.inverted else { return }
        var local = Tessellator(pixelScale: pixelScale)
        local.stroke(path.flattened(tolerance: 0.25 / k, transform: toPlane), style: style.scaled(by: k), paint: paint)
        let h = transform * fromPlane
        let base = Int32(vertices.count)
        for var v in local.vertices {
            let p = h.apply(Point(Double(v.x), Double(v.y)))
            v.x = Float(p.x); v.y = Float(p.y)
            vertices.append(v)
        }
        indices += local.indices.map { $0 + base }
    }
}
