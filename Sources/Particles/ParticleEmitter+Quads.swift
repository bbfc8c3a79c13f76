import Foundation

// Batch output: one quad per visible particle, for one geometry call per emitter (spec 05 §1.8).
extension ParticleEmitter {
    /// Appends one quad (4 vertices, 6 indices: 0-1-2, 0-2-3) per visible particle, in render order (`oldestLast`:
    /// newest first, oldest last; `oldestFirst` and `dontCare`: oldest first), spec 05 §1.8.
    /// - The quad is (particleSize, or `textureSize` when particleSize is (0,0)) × max(0, scale), centred on the
    ///   particle, rotated counter-clockwise by its rotation in particle space (y up), then pushed through `transform`
    ///   (particle space → canvas; it may flip y or scale non-uniformly). Corner uv: (0,0) at the particle's
    ///   top-left in y-up space, i.e. the texture's top row is at +y.
    /// - Colour: rgb = mix(1, clamp(color.rgb), clamp(f)), the tint the texture is multiplied by; alpha =
    ///   clamp(alpha)·clamp(color.a)·clamp(nodeAlpha). 8-bit straight alpha, rounded.
    /// - Skipped: particles whose drawn alpha ≤ 0 or clamped scale ≤ 0.
    public func writeQuads(into buffer: inout ParticleBatch, transform: Affine2, textureSize: Vector2, nodeAlpha: Double) {
        let s = storage
        if s.holes > 0 && s.holes * 4 >= s.tail - s.head { s.compact(now: simulationTime) }
        let span = s.tail - s.head
        guard span > 0 else { return }
        let ps = config.particleSize
        let size = ps.x > 0 && ps.y > 0 ? ps : textureSize
        let hw = size.x / 2, hh = size.y / 2
        guard hw > 0, hh > 0, hw.isFinite, hh.isFinite else { return }
        let na = clamp01(nodeAlpha)
        guard na > 0 else { return }

        let e = ParticleEvaluator(self)
        let needsU = e.p.usesNormalisedAge
        let now = simulationTime
        let newestFirst = config.particleRenderOrder == .oldestLast
        let head = s.head, tail = s.tail
        let v0 = buffer.vertices.count, i0 = buffer.indices.count
        // Headroom so that a live count wobbling by a few particles does not reallocate every other frame.
        let needV = v0 + 4 * span, needI = i0 + 6 * span
        if buffer.vertices.capacity < needV { buffer.vertices.reserveCapacity(max(needV + needV / 4, 2 * buffer.vertices.capacity)) }
        if buffer.indices.capacity < needI { buffer.indices.reserveCapacity(max(needI + needI / 4, 2 * buffer.indices.capacity)) }
        let job = QuadJob(now: now, head: head, tail: tail, from: 0, to: span, newestFirst: newestFirst, needsU: needsU,
                          hw: hw, hh: hh, nodeAlpha: na, transform: transform)
        if span >= Self.parallelSpan {
            // Big emitters: each core evaluates half the particles into its half of a staging buffer; the halves are
            // then appended in render order (a half may come out shorter: dead and transparent particles are skipped).
            let staging = stagingVertices(4 * span)
            let half = span / 2
            let counts = UnsafeMutablePointer<Int>.allocate(capacity: 2)
            defer { counts.deallocate() }
            // The two halves read the same evaluator and write disjoint ranges of `staging` and `counts`.
            let shared = DisjointHalves(evaluator: e, staging: staging, counts: counts)
            DispatchQueue.concurrentPerform(iterations: 2) { part in
                var piece = job
                piece.from = part == 0 ? 0 : half
                piece.to = part == 0 ? half : span
                shared.counts[part] = Self.fillQuads(shared.evaluator, piece, vertices: shared.staging + 4 * piece.from)
            }
            buffer.vertices.append(contentsOf: UnsafeBufferPointer(start: staging, count: 4 * counts[0]))
            buffer.vertices.append(contentsOf: UnsafeBufferPointer(start: staging + 4 * half, count: 4 * counts[1]))
        } else {
            // Quads are built in chunks in a small scratch buffer that stays in cache, then appended (one copy, no
            // zero-filling of the batch first).
            var piece = job
            while piece.from < span {
                piece.to = min(span, piece.from + Self.chunk)
                let quads = Self.fillQuads(e, piece, vertices: scratchVertices)
                buffer.vertices.append(contentsOf: UnsafeBufferPointer(start: scratchVertices, count: 4 * quads))
                piece.from = piece.to
            }
        }
        buffer.appendQuadIndices(firstVertex: v0, quads: (buffer.vertices.count - v0) / 4)
    }

    /// What both halves of a big emitter's quads share: read-only (the evaluator) or written at disjoint places.
    private struct DisjointHalves: @unchecked Sendable {
        let evaluator: ParticleEvaluator
        let staging: UnsafeMutablePointer<ParticleVertex>
        let counts: UnsafeMutablePointer<Int>
    }

    private struct QuadJob: Sendable {
        let now: Double, head: Int, tail: Int
        var from: Int, to: Int
        let newestFirst: Bool, needsU: Bool, hw: Double, hh: Double, nodeAlpha: Double, transform: Affine2
    }

    /// The hot loop of `writeQuads` for the particles at render positions [from, to). Returns the quads written.
    @inline(never)
    private static func fillQuads(_ e: ParticleEvaluator, _ job: QuadJob, vertices vp: UnsafeMutablePointer<ParticleVertex>) -> Int {
        let now = job.now, head = job.head, tail = job.tail
        let newestFirst = job.newestFirst, needsU = job.needsU, hw = job.hw, hh = job.hh, na = job.nodeAlpha
        let ta = job.transform.a, tb = job.transform.b, tc = job.transform.c, td = job.transform.d
        let ttx = job.transform.tx, tty = job.transform.ty
        var quads = 0
        var k = job.from
        while k < job.to {
            let i = newestFirst ? tail - 1 - k : head + k
            k += 1
            guard e.death[i] > now else { continue }
            let age = now - e.birth[i], u = needsU ? age / e.life[i] : 0
            let col = e.color(i, age: age, u: u)
            let alphaOut = clamp01(e.alpha(i, age: age, u: u)) * clamp01(col.a) * na
            guard alphaOut > 0 else { continue }
            let s = e.scale(i, age: age, u: u)
            guard s > 0 else { continue }
            let f = clamp01(e.blendFactor(i, age: age, u: u))
            let p = e.position(i, age: age, u: u)
            let rot = e.rotation(i, age: age, u: u)
            let cs: Double, sn: Double
            if rot == 0 { cs = 1; sn = 0 } else { (sn, cs) = fastSinCos(rot) }
            // Local half-axes (y up) → canvas.
            let uxx = cs * hw * s, uxy = sn * hw * s
            let uyx = -sn * hh * s, uyy = cs * hh * s
            let ax = ta * uxx + tc * uxy, ay = tb * uxx + td * uxy
            let bx = ta * uyx + tc * uyy, by = tb * uyx + td * uyy
            let cx = ta * p.x + tc * p.y + ttx, cy = tb * p.x + td * p.y + tty
            let r = byte(1 + (clamp01(col.r) - 1) * f)
            let g = byte(1 + (clamp01(col.g) - 1) * f)
            let b = byte(1 + (clamp01(col.b) - 1) * f)
            let a = byte(alphaOut)
            let q = vp + 4 * quads
            q[0] = ParticleVertex(x: Float(cx - ax + bx), y: Float(cy - ay + by), r: r, g: g, b: b, a: a, u: 0, v: 0)
            q[1] = ParticleVertex(x: Float(cx + ax + bx), y: Float(cy + ay + by), r: r, g: g, b: b, a: a, u: 1, v: 0)
            q[2] = ParticleVertex(x: Float(cx + ax - bx), y: Float(cy + ay - by), r: r, g: g, b: b, a: a, u: 1, v: 1)
            q[3] = ParticleVertex(x: Float(cx - ax - bx), y: Float(cy - ay - by), r: r, g: g, b: b, a: a, u: 0, v: 1)
            quads += 1
        }
        return quads
    }
}

@inline(__always) func clamp01(_ x: Double) -> Double { x > 0 ? (x < 1 ? x : 1) : 0 }   // NaN → 0
@inline(__always) func byte(_ x: Double) -> UInt8 { UInt8(truncatingIfNeeded: Int(clamp01(x) * 255 + 0.5)) }

/// sin and cos together for drawing: Cody–Waite reduction by π/2 and Taylor polynomials on [−π/4, π/4]
/// (error below 1e-12 for |x| < 1e6; libm beyond). About three times faster than separate libm calls.
@inline(__always) func fastSinCos(_ x: Double) -> (sin: Double, cos: Double) {
    guard abs(x) < 1e6 else { return (sin(x), cos(x)) }
    let q = x * 0.636_619_772_367_581_3
    let n = Double(Int(q + (q < 0 ? -0.5 : 0.5)))   // round half away from zero, without a libm call
    let r = (x - n * 1.570_796_326_794_896_558) - n * 6.123_233_995_736_766e-17
    let r2 = r * r
    let s = r * (1 + r2 * (-1.0 / 6 + r2 * (1.0 / 120 + r2 * (-1.0 / 5040 + r2 * (1.0 / 362_880
        + r2 * (-1.0 / 39_916_800 + r2 * (1.0 / 6_227_020_800)))))))
    let c = 1 + r2 * (-0.5 + r2 * (1.0 / 24 + r2 * (-1.0 / 720 + r2 * (1.0 / 40320 + r2 * (-1.0 / 3_628_800
        + r2 * (1.0 / 479_001_600 + r2 * (-1.0 / 87_178_291_200)))))))
    switch Int(n) & 3 {
    case 0: return (s, c)
    case 1: return (c, -s)
    case 2: return (-s, -c)
    default: return (-c, s)
    }
}
