import Foundation

/// One vertex of a particle quad, laid out exactly like SDL_Vertex (position, 8-bit colour, texture coordinate):
/// 20 bytes, no padding. The backend reinterprets `[ParticleVertex]` as `SDL_Vertex*`; do not reorder the fields.
public struct ParticleVertex: Equatable, Sendable {
    public var x: Float, y: Float
    /// Straight (not premultiplied) alpha colour; rgb is the tint that multiplies the texture.
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8
    public var u: Float, v: Float

    public init(x: Float, y: Float, r: UInt8, g: UInt8, b: UInt8, a: UInt8, u: Float, v: Float) {
        self.x = x; self.y = y; self.r = r; self.g = g; self.b = b; self.a = a; self.u = u; self.v = v
    }
    public static let zero = ParticleVertex(x: 0, y: 0, r: 0, g: 0, b: 0, a: 0, u: 0, v: 0)
}

/// One emitter's quads, ready for one geometry call: 4 vertices and 6 indices (two triangles) per particle.
/// Reuse one batch across frames: `removeAll()` keeps the storage, so steady-state drawing allocates nothing.
public struct ParticleBatch: Sendable {
    public var vertices: [ParticleVertex]
    public var indices: [Int32]

    public init() { vertices = []; indices = [] }

    public mutating func removeAll() {
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
    }

    /// Appends the two triangles (0-1-2, 0-2-3) of each of `quads` quads whose vertices start at `firstVertex`.
    public mutating func appendQuadIndices(firstVertex: Int, quads: Int) {
        let start = indices.count
        indices.append(contentsOf: repeatElement(0, count: 6 * quads))
        indices.withUnsafeMutableBufferPointer { ix in
            var vi = Int32(truncatingIfNeeded: firstVertex)
            for q in 0..<quads {
                let i = start + 6 * q
                ix[i] = vi; ix[i + 1] = vi + 1; ix[i + 2] = vi + 2; ix[i + 3] = vi; ix[i + 4] = vi + 2; ix[i + 5] = vi + 3
                vi &+= 4
            }
        }
    }

    public var quadCount: Int { vertices.count / 4 }
    public var isEmpty: Bool { indices.isEmpty }
}

/// One live particle as the harness reads it (spec 05 §0.3). Values are unclamped (as integrated, §1.6) and in the
/// particle's space: the emitter's local space, or the target node's space when it was emitted with
/// `emitterToTarget` set. `initial…` are the values sampled at birth (§1.4), after any target hand-over.
public struct ParticleState: Equatable, Sendable {
    public var age: Double
    public var lifetime: Double
    /// Emitter simulation time of birth (sub-frame accurate).
    public var birthTime: Double
    public var position: Vector2
    public var velocity: Vector2
    public var alpha: Double
    public var scale: Double
    /// Radians, counter-clockwise.
    public var rotation: Double
    public var color: RGBA
    public var colorBlendFactor: Double

    public var initialPosition: Vector2
    public var initialVelocity: Vector2
    public var initialAlpha: Double
    public var initialScale: Double
    public var initialRotation: Double
    public var initialColor: RGBA
    public var initialColorBlendFactor: Double
    /// True when the particle was handed to a target node's space at birth.
    public var isInTargetSpace: Bool

    /// Initial speed |v0| and direction atan2 (radians, (−π, π]) of the initial velocity.
    public var initialSpeed: Double { (initialVelocity.x * initialVelocity.x + initialVelocity.y * initialVelocity.y).squareRoot() }
    public var initialDirection: Double { atan2(initialVelocity.y, initialVelocity.x) }
}
