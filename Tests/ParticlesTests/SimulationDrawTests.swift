import XCTest
@testable import Particles

final class SimulationDrawTests: XCTestCase {
    /// One particle, born at t = 1/1000 s, at `position`, not moving.
    func single(_ edit: (inout EmitterConfig) -> Void = { _ in }) -> ParticleEmitter {
        var c = EmitterConfig()
        c.particleBirthRate = 1000; c.numParticlesToEmit = 1; c.particleLifetime = 100
        c.particlePosition = Vector2(10, 20)
        edit(&c)
        let e = ParticleEmitter(config: c, seed: 1)
        e.advance(by: 1.0 / 60)
        return e
    }

    func quads(_ e: ParticleEmitter, _ t: Affine2 = .identity, texture: Vector2 = Vector2(64, 32), nodeAlpha: Double = 1) -> ParticleBatch {
        var b = ParticleBatch()
        e.writeQuads(into: &b, transform: t, textureSize: texture, nodeAlpha: nodeAlpha)
        return b
    }

    func testVertexLayoutMatchesSDLVertex() {
        XCTAssertEqual(MemoryLayout<ParticleVertex>.size, 20)
        XCTAssertEqual(MemoryLayout<ParticleVertex>.stride, 20)
        XCTAssertEqual(MemoryLayout<ParticleVertex>.offset(of: \.x), 0)
        XCTAssertEqual(MemoryLayout<ParticleVertex>.offset(of: \.y), 4)
        XCTAssertEqual(MemoryLayout<ParticleVertex>.offset(of: \.r), 8)
        XCTAssertEqual(MemoryLayout<ParticleVertex>.offset(of: \.a), 11)
        XCTAssertEqual(MemoryLayout<ParticleVertex>.offset(of: \.u), 12)
        XCTAssertEqual(MemoryLayout<ParticleVertex>.offset(of: \.v), 16)
    }

    func testRotatedQuadCorners() {
        let e = single { $0.particleRotation = .pi / 6; $0.particleScale = 0.5 }
        let b = quads(e)
        XCTAssertEqual(b.vertices.count, 4)
        XCTAssertEqual(b.indices, [0, 1, 2, 0, 2, 3])
        // Half size (16, 8); local corners (−,+), (+,+), (+,−), (−,−) rotated 30° counter-clockwise (y up).
        let c = cos(Double.pi / 6), s = sin(Double.pi / 6)
        let local: [(Double, Double)] = [(-16, 8), (16, 8), (16, -8), (-16, -8)]
        let uv: [(Float, Float)] = [(0, 0), (1, 0), (1, 1), (0, 1)]
        for (k, (x, y)) in local.enumerated() {
            let v = b.vertices[k]
            XCTAssertEqual(Double(v.x), 10 + x * c - y * s, accuracy: 1e-4)
            XCTAssertEqual(Double(v.y), 20 + x * s + y * c, accuracy: 1e-4)
            XCTAssertEqual(v.u, uv[k].0); XCTAssertEqual(v.v, uv[k].1)
        }
    }

    func testTransformIsAppliedToCornersIncludingFlipAndNonUniformScale() {
        let e = single { $0.particleSize = Vector2(4, 2) }   // particleSize wins over the texture size
        // Scene → canvas of a `fill` layer: kx = 2, ky = 3, y flipped.
        let t = Affine2(a: 2, b: 0, c: 0, d: -3, tx: 100, ty: 500)
        let v = quads(e, t).vertices
        XCTAssertEqual(v.map(\.x), [Float(116), 124, 124, 116])
        XCTAssertEqual(v.map(\.y), [Float(437), 437, 443, 443])
        XCTAssertLessThan(v[0].y, v[3].y, "texture top row (v = 0) is drawn on top after the y flip")
    }

    func testClampedScaleAndAlphaAreSkipped() {
        XCTAssertEqual(quads(single { $0.particleScale = -0.1 }).quadCount, 0)
        XCTAssertEqual(quads(single { $0.particleScale = 0 }).quadCount, 0)
        XCTAssertEqual(quads(single { $0.particleAlpha = -0.2 }).quadCount, 0)
        XCTAssertEqual(quads(single { $0.particleColor = RGBA(1, 1, 1, 0) }).quadCount, 0)
        XCTAssertEqual(quads(single(), nodeAlpha: 0).quadCount, 0)
        XCTAssertEqual(quads(single { $0.particleAlpha = 0.001 }).quadCount, 1)
        // Fire: the scale falls below 0 and the particle stays invisible; it never re-grows mirrored.
        let fire = single { $0.particleScale = 0.5; $0.particleScaleSpeed = -0.5 }
        runFrames(fire, seconds: 0.9)
        XCTAssertEqual(quads(fire).quadCount, 1)
        runFrames(fire, seconds: 0.2)
        XCTAssertEqual(fire.particleCount, 1)
        XCTAssertEqual(quads(fire).quadCount, 0)
        runFrames(fire, seconds: 5)
        XCTAssertEqual(quads(fire).quadCount, 0)
    }

    func testColourTintAndAlphaProduct() {
        let e = single {
            $0.particleColor = RGBA(0.2, 0.5, 0.6, 0.8)
            $0.particleColorBlendFactor = 0.5
            $0.particleAlpha = 0.5
        }
        let v = quads(e, nodeAlpha: 0.5).vertices[0]
        // rgb = mix(1, c, 0.5) = (0.6, 0.75, 0.8); a = 0.5 · 0.8 · 0.5 = 0.2.
        XCTAssertEqual([v.r, v.g, v.b, v.a], [153, 191, 204, 51])
        // f and alpha clamp to [0, 1]; f = 2 → the pure colour; alpha 1.7 → 1.
        let clamped = single {
            $0.particleColor = RGBA(0.2, 0.4, 0.6, 1)
            $0.particleColorBlendFactor = 2
            $0.particleAlpha = 1.7
        }
        let w = quads(clamped).vertices[0]
        XCTAssertEqual([w.r, w.g, w.b, w.a], [51, 102, 153, 255])
        // f = 0 → untinted white whatever the colour.
        let plain = quads(single { $0.particleColor = RGBA(0, 0, 0, 1) }).vertices[0]
        XCTAssertEqual([plain.r, plain.g, plain.b, plain.a], [255, 255, 255, 255])
        // Out-of-range colour channels clamp before mixing.
        let hot = quads(single { $0.particleColor = RGBA(1.5, -0.5, 0.5, 1); $0.particleColorBlendFactor = 1 }).vertices[0]
        XCTAssertEqual([hot.r, hot.g, hot.b], [255, 0, 128])
    }

    func testRenderOrderOldestLast() {
        var c = EmitterConfig()
        c.particleBirthRate = 10; c.particleLifetime = 100
        c.emissionAngle = 0; c.particleSpeed = 10   // older particles are further right
        let e = ParticleEmitter(config: c, seed: 2)
        runFrames(e, seconds: 1)
        XCTAssertEqual(e.particleCount, 10)
        func centres(_ b: ParticleBatch) -> [Double] {
            stride(from: 0, to: b.vertices.count, by: 4).map { Double(b.vertices[$0].x + b.vertices[$0 + 2].x) / 2 }
        }
        let oldestLast = centres(quads(e, texture: Vector2(1, 1)))
        XCTAssertEqual(oldestLast.count, 10)
        XCTAssertEqual(oldestLast, oldestLast.sorted(), "newest (leftmost) first, oldest last")
        XCTAssertEqual(oldestLast.last!, e.state(at: 0).position.x, accuracy: 1e-4)
        e.config.particleRenderOrder = .oldestFirst
        XCTAssertEqual(centres(quads(e, texture: Vector2(1, 1))), oldestLast.reversed())
    }

    func testBatchesAppendAndIndexTheirOwnVertices() {
        let a = single(), b = single { $0.particlePosition = Vector2(-5, -5) }
        var batch = ParticleBatch()
        a.writeQuads(into: &batch, transform: .identity, textureSize: Vector2(2, 2), nodeAlpha: 1)
        b.writeQuads(into: &batch, transform: .identity, textureSize: Vector2(2, 2), nodeAlpha: 1)
        XCTAssertEqual(batch.indices, [0, 1, 2, 0, 2, 3, 4, 5, 6, 4, 6, 7])
        XCTAssertEqual(batch.vertices[4].x, -6)
        let capacity = batch.vertices.capacity
        batch.removeAll()
        XCTAssertTrue(batch.isEmpty)
        XCTAssertEqual(batch.vertices.capacity, capacity)
    }

    func testColourSequenceDrawsTheRampColour() {
        let e = single {
            $0.particleColorBlendFactor = 1
            $0.particleColorSequence = KeyframeSequence(keyframeValues: [RGBA(1, 0, 0, 1), RGBA(0, 0, 1, 0.5)], times: [0, 1])
            $0.particleLifetime = 2
        }
        runFrames(e, seconds: 1 - 1.0 / 60)
        let u = e.state(at: 0).age / 2
        let v = quads(e).vertices[0]
        XCTAssertEqual(Double(v.r), 255 * (1 - u), accuracy: 0.6)
        XCTAssertEqual(Double(v.b), 255 * u, accuracy: 0.6)
        XCTAssertEqual(Double(v.a), 255 * (1 - 0.5 * u), accuracy: 0.6)
    }
}

final class SimulationGeometryTests: XCTestCase {
    func testAffineComposeInvertApply() {
        let node = Affine2.node(position: Vector2(10, 20), rotation: .pi / 2, xScale: 2, yScale: 3)
        let p = node.apply(Vector2(1, 1))   // scale (2, 3), rotate 90° CCW → (−3, 2), translate
        XCTAssertEqual(p.x, 7, accuracy: 1e-12); XCTAssertEqual(p.y, 22, accuracy: 1e-12)
        let outer = Affine2.translation(5, 0)
        // outer.concatenating(node) applies node first.
        let both = outer.concatenating(node).apply(Vector2(1, 1))
        XCTAssertEqual(both.x, 12, accuracy: 1e-12); XCTAssertEqual(both.y, 22, accuracy: 1e-12)
        let back = node.inverted.apply(p)
        XCTAssertEqual(back.x, 1, accuracy: 1e-12); XCTAssertEqual(back.y, 1, accuracy: 1e-12)
        XCTAssertEqual(node.rotationAngle, .pi / 2, accuracy: 1e-12)
        XCTAssertEqual(node.lengthScale, 6.0.squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(node.applyLinear(Vector2(1, 0)).y, 2, accuracy: 1e-12)
        let singular = Affine2.scale(0, 1)
        XCTAssertEqual(singular.inverted, singular)
    }

    func testFastSinCosMatchesLibm() {
        var x = -2000.0
        while x < 2000 {
            let (s, c) = fastSinCos(x)
            XCTAssertEqual(s, sin(x), accuracy: 1e-12, "sin \(x)")
            XCTAssertEqual(c, cos(x), accuracy: 1e-12, "cos \(x)")
            x += 0.377
        }
        for x in [0.0, .pi / 4, -.pi / 4, .pi / 2, .pi, 3 * .pi / 2, 1e7] {
            XCTAssertEqual(fastSinCos(x).sin, sin(x), accuracy: 1e-12)
            XCTAssertEqual(fastSinCos(x).cos, cos(x), accuracy: 1e-12)
        }
    }

    /// writeQuads builds quads in chunks: order and indices must run on across chunk boundaries.
    func testOrderAndIndicesAcrossChunks() {
        var c = EmitterConfig()
        c.particleBirthRate = 600; c.particleLifetime = 100
        c.emissionAngle = 0; c.particleSpeed = 10
        c.particleRotationSpeed = 1
        let e = ParticleEmitter(config: c, seed: 3)
        runFrames(e, seconds: 2)
        XCTAssertEqual(e.particleCount, 1200)
        XCTAssertGreaterThan(e.particleCount, 4 * ParticleEmitter.chunk)
        var b = ParticleBatch()
        b.vertices.append(.zero)   // something already in the batch
        e.writeQuads(into: &b, transform: .identity, textureSize: Vector2(1, 1), nodeAlpha: 1)
        XCTAssertEqual(b.vertices.count, 1 + 4 * 1200)
        for q in 0..<1200 {
            let base = Int32(1 + 4 * q)
            XCTAssertEqual(Array(b.indices[6 * q..<6 * q + 6]), [base, base + 1, base + 2, base, base + 2, base + 3])
        }
        let centres = (0..<1200).map { Double(b.vertices[1 + 4 * $0].x + b.vertices[3 + 4 * $0].x) / 2 }
        XCTAssertEqual(centres, centres.sorted())
        let states = e.states
        XCTAssertEqual(centres[0], states.last!.position.x, accuracy: 1e-3)
        XCTAssertEqual(centres[1199], states[0].position.x, accuracy: 1e-3)
    }

    /// Big emitters are evaluated on two cores: the halves must join in render order, with the particles skipped in
    /// either half (transparent ones here) leaving no gap, for both render orders.
    func testTwoCoreQuadsJoinInRenderOrder() {
        for order in [ParticleRenderOrder.oldestFirst, .oldestLast] {
            var c = EmitterConfig()
            c.particleBirthRate = 12_000; c.particleLifetime = 3
            c.emissionAngle = 0; c.particleSpeed = 10
            c.particleAlphaSpeed = -0.5   // transparent after 2 s: the oldest third is skipped
            c.particleRenderOrder = order
            let e = ParticleEmitter(config: c, seed: 5)
            runFrames(e, seconds: 2.9)
            XCTAssertGreaterThan(e.particleCount, ParticleEmitter.parallelSpan)
            let states = e.states
            let visible = (order == .oldestFirst ? states : states.reversed()).filter { $0.alpha > 0 }
            XCTAssertGreaterThan(visible.count, 10_000)
            XCTAssertLessThan(visible.count, states.count - 5_000)
            var b = ParticleBatch()
            b.vertices.append(.zero)
            e.writeQuads(into: &b, transform: .identity, textureSize: Vector2(2, 2), nodeAlpha: 1)
            XCTAssertEqual(b.vertices.count, 1 + 4 * visible.count, "\(order)")
            XCTAssertEqual(b.indices.count, 6 * visible.count)
            XCTAssertEqual(Array(b.indices.suffix(6)), [0, 1, 2, 0, 2, 3].map { Int32(1 + 4 * (visible.count - 1)) + $0 })
            var mismatches = 0
            for (q, state) in visible.enumerated() {
                let centre = Double(b.vertices[1 + 4 * q].x + b.vertices[3 + 4 * q].x) / 2
                if abs(centre - state.position.x) > 1e-3 { mismatches += 1 }
            }
            XCTAssertEqual(mismatches, 0, "\(order)")
        }
    }
}
