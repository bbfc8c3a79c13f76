import Foundation

/// The confetti of one `confettiCannon` (spec 05 §3.6): its live bursts, each a closed-form function of the time
/// since it fired, so nothing is integrated per frame and any step size gives the same pieces. Pieces are written
/// as filled shapes into one triangle batch: bursts in firing order (later ones on top), pieces in index order.
public final class ConfettiCannonModel {
    public var config: ConfettiConfig
    public private(set) var bursts: [ConfettiBurst] = []

    public init(config: ConfettiConfig) { self.config = config }

    /// Starts a burst at `time` (scene seconds), its pieces drawn from `random`.
    @discardableResult
    public func fire(at time: Double, random: inout SeededRandom) -> ConfettiBurst {
        let b = ConfettiBurst(start: time, config: config, random: &random)
        bursts.append(b)
        return b
    }

    /// Drops the bursts that have ended by `time` (a burst and its pieces go 11.8846 s after it fired, with the
    /// book's call).
    public func prune(at time: Double) { bursts.removeAll { time >= $0.end } }

    /// Bursts alive at `time`.
    public func liveBursts(at time: Double) -> [ConfettiBurst] { bursts.filter { $0.isAlive(at: time) } }

    /// Pieces alive at `time` (the probe's `particles`).
    public func pieceCount(at time: Double) -> Int { liveBursts(at: time).reduce(0) { $0 + $1.pieces.count } }

    /// When the last burst ends (nil: none).
    public var end: Double? { bursts.map(\.end).max() }

    /// Every live piece at `time`, burst by burst, in index order.
    public func states(at time: Double) -> [[ConfettiPieceState]] {
        liveBursts(at: time).map { b in b.pieces.map { $0.state(at: time - b.start, config: b.config) } }
    }

    /// Appends the live pieces at `time` as filled triangles (fans) to `batch`: each shape in its size × size box
    /// centred on `origin` + its offset, squashed vertically by cos(flip) about the box centre, then turned by its
    /// spin about its pivot corner; then mapped to the output by `transform`. Alpha = opacity·`alpha`; pieces that
    /// would be fully transparent are skipped.
    public func writeTriangles(into batch: inout ParticleBatch, origin: Vector2, at time: Double,
                               transform: Affine2 = .identity, alpha: Double = 1) {
        let na = min(1, max(0, alpha))
        guard na > 0 else { return }
        for b in bursts where b.isAlive(at: time) {
            let t = time - b.start
            for piece in b.pieces {
                let s = piece.state(at: t, config: b.config)
                let a = UInt8((min(1, max(0, s.opacity * piece.color.a)) * na * 255).rounded())
                guard a > 0 else { continue }
                let (hub, points) = piece.shape.outline
                let place = Self.placement(piece, s, origin: origin, size: b.config.confettiSize)
                let c = piece.color
                func vertex(_ p: Vector2) -> ParticleVertex {
                    ParticleVertex(x: Float(p.x), y: Float(p.y), r: Self.byte(c.r), g: Self.byte(c.g), b: Self.byte(c.b),
                                   a: a, u: 0, v: 0)
                }
                let first = Int32(batch.vertices.count)
                batch.vertices.append(vertex(transform.apply(place(hub))))
                for p in points { batch.vertices.append(vertex(transform.apply(place(p)))) }
                let n = Int32(points.count)
                for i in 0..<n {
                    batch.indices.append(first)
                    batch.indices.append(first + 1 + i)
                    batch.indices.append(first + 1 + (i + 1) % n)
                }
            }
        }
    }

    /// Where each live piece's hub (the centre of a circle, square or cross) is at `time`, in the origin's space.
    public func hubs(origin: Vector2, at time: Double) -> [[Vector2]] {
        liveBursts(at: time).map { b in
            b.pieces.map { piece in
                let place = Self.placement(piece, piece.state(at: time - b.start, config: b.config), origin: origin,
                                           size: b.config.confettiSize)
                return place(piece.shape.outline.hub)
            }
        }
    }

    /// Box coordinates (0…10) → the origin's space: squash by cos(flip) about (5, 5), turn by the spin about the
    /// pivot corner, scale to `size`, then put the box's centre at the origin plus the offset.
    static func placement(_ piece: ConfettiPiece, _ s: ConfettiPieceState, origin: Vector2,
                          size: Double) -> (Vector2) -> Vector2 {
        let k = size / 10
        let squash = cos(s.flip * .pi / 180)
        let spin = s.spin * .pi / 180, cs = cos(spin), sn = sin(spin)
        let pivot = piece.pivotBottomRight ? 10.0 : 0.0
        let cx = origin.x + s.burst.x - 5 * k, cy = origin.y + s.burst.y + s.fall - 5 * k
        return { p in
            let y = 5 + (p.y - 5) * squash
            let dx = p.x - pivot, dy = y - pivot
            return Vector2(cx + k * (pivot + dx * cs - dy * sn), cy + k * (pivot + dx * sn + dy * cs))
        }
    }

    private static func byte(_ v: Double) -> UInt8 { UInt8((min(1, max(0, v)) * 255).rounded()) }
}
