import Foundation

extension Tessellator {
    /// Fills flattened subpaths (device pixels) with `paint`, each with a one-pixel antialiasing fringe.
    ///
    /// Each subpath is filled on its own as a simple polygon (ear clipping), so overlapping subpaths are drawn twice
    /// and a subpath inside another is not a hole: `evenOdd` and the winding rule only matter for overlaps, which
    /// this filler does not resolve. Use separate, non-overlapping subpaths.
    public mutating func fill(_ subpaths: [Path.Subpath], paint: Paint, evenOdd: Bool = false) {
        var mesh = PaintMesh()
        for sub in subpaths { Tessellator.addFill(sub.points, to: &mesh) }
        emit(mesh, paint: paint)
    }

    /// A path filled in one call: flattened at quarter-pixel accuracy under `transform`.
    public mutating func fill(_ path: Path, transform: Homography = .identity, paint: Paint, evenOdd: Bool = false) {
        fill(path.flattened(tolerance: 0.25, transform: transform), paint: paint, evenOdd: evenOdd)
    }

    /// Solid interior half a pixel inside the outline, clear ring half a pixel outside (as `fill(_:color:)`).
    static func addFill(_ polygon: [Point], to mesh: inout PaintMesh) {
        let pts = cleaned(polygon)
        guard pts.count >= 3, abs(signedArea(pts)) > 1e-12 else { return }
        let orientation: Double = signedArea(pts) >= 0 ? 1 : -1
        let normals = vertexNormals(pts, orientation: orientation)
        let n = pts.count
        let inner = (0..<n).map { mesh.add(PaintMath.madd(pts[$0], normals[$0], -0.5), 1) }
        let outer = (0..<n).map { mesh.add(PaintMath.madd(pts[$0], normals[$0], 0.5), 0) }
        for (a, b, c) in triangulate(pts) { mesh.triangle(inner[a], inner[b], inner[c]) }
        for i in 0..<n {
            let j = (i + 1) % n
            mesh.quad(inner[i], inner[j], outer[j], outer[i])
        }
    }
}
