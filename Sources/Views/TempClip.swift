import Stage
enum ConvexClip {
    static func clip(vertices: [Vertex], indices: [Int32], to polygon: [Point]) -> (vertices: [Vertex], indices: [Int32]) { (vertices, indices) }
    static func intersect(_ a: [Point], _ b: [Point]) -> [Point] { b }
}
