import XCTest
@testable import Particles

/// Chapter 8 snow: CAEmitterLayer + CAEmitterCell mapped onto the SpriteKit model (spec 03 §1.1.3, §1.1.7 check 8, §1.2).
final class CoreAnimationEmitterTests: XCTestCase {
    /// The book's cell: snow, 40/s, 25 s, 60 pt/s, scale 0.025, emissionRange π; everything else default.
    var snowCell: EmitterCell {
        var cell = EmitterCell()
        cell.contents = "snow"
        cell.birthRate = 40
        cell.lifetime = 25
        cell.velocity = 60
        cell.scale = 0.025
        cell.emissionRange = .pi
        return cell
    }
    /// The emitter layer's origin on the canvas: L = (0, 59, 393, 759), frame origin (200, −100) → (200, −41).
    let toCanvas = EmitterLayerGeometry.emitterToCanvas(layerOrigin: Vector2(200, -41))
    let flake = Vector2(502, 537)

    func testChapterEightMapping() {
        let c = EmitterConfig(cell: snowCell, layer: EmitterLayerGeometry())
        XCTAssertEqual(c.particleTexture, "snow")
        XCTAssertEqual(c.particleBirthRate, 40)
        XCTAssertEqual(c.particleLifetime, 25)
        XCTAssertEqual(c.particleLifetimeRange, 0)
        XCTAssertEqual(c.particleSpeed, 60)
        XCTAssertEqual(c.particleSpeedRange, 0)
        XCTAssertEqual(c.emissionAngle, 0)
        XCTAssertEqual(c.emissionAngleRange, 2 * .pi, "CA's range is a half-angle: ±π = every direction")
        XCTAssertEqual(c.particleScale, 0.025)
        XCTAssertEqual(c.particlePosition, .zero)
        XCTAssertEqual(c.particlePositionRange, .zero)
        XCTAssertEqual(c.xAcceleration, 0); XCTAssertEqual(c.yAcceleration, 0)
        XCTAssertEqual(c.particleRotationSpeed, 0)
        XCTAssertEqual(c.particleAlphaSpeed, 0)
        XCTAssertEqual(c.particleColor, .white)
        XCTAssertEqual(c.particleRenderOrder, .dontCare)
        XCTAssertEqual(c.particleBlendMode, .alpha)
    }

    func testSnowCountsAndStraightLines() {
        let e = ParticleEmitter(config: EmitterConfig(cell: snowCell), seed: 8)
        runFrames(e, seconds: 1)
        XCTAssertEqual(e.totalEmitted, 40, "one particle every 1/40 s")
        runFrames(e, seconds: 29)
        XCTAssertEqual(e.particleCount, 1000, accuracy: 1)
        let s = e.states
        XCTAssertTrue(s.allSatisfy { $0.age < 25 })
        for p in s {
            // Straight line at exactly 60 pt/s from the emission point, upright, alpha 1.
            let d = (p.position.x * p.position.x + p.position.y * p.position.y).squareRoot()
            XCTAssertEqual(d, 60 * p.age, accuracy: 1e-9)
            XCTAssertEqual(p.velocity.x * p.velocity.x + p.velocity.y * p.velocity.y, 3600, accuracy: 1e-6)
            XCTAssertEqual(p.rotation, 0); XCTAssertEqual(p.alpha, 1); XCTAssertEqual(p.scale, 0.025)
        }
        // Every direction: on the canvas about half go left of x = 200 and about half go down.
        let canvasV = s.map { toCanvas.applyLinear($0.velocity) }
        let left = Double(canvasV.filter { $0.x < 0 }.count) / Double(s.count)
        let down = Double(canvasV.filter { $0.y > 0 }.count) / Double(s.count)
        XCTAssertEqual(left, 0.5, accuracy: 0.06)
        XCTAssertEqual(down, 0.5, accuracy: 0.06)
        assertUniform(s.map(\.initialDirection), -.pi, .pi, "direction")
    }

    func testNoFlakeInsideTheLayoutRectBeforeOnePointFiveFiveSeconds() {
        let e = ParticleEmitter(config: EmitterConfig(cell: snowCell), seed: 9)
        var batch = ParticleBatch()
        var firstInside: Double?
        for frame in 1...240 {
            e.advance(by: 1.0 / 60)
            batch.removeAll()
            e.writeQuads(into: &batch, transform: toCanvas, textureSize: flake, nodeAlpha: 1)
            let lowest = batch.vertices.map { Double($0.y) }.max() ?? -.infinity
            if lowest > 59 && firstInside == nil { firstInside = Double(frame) / 60 }
        }
        let t = try? XCTUnwrap(firstInside)
        XCTAssertNotNil(t, "flakes do reach the layout rect")
        XCTAssertGreaterThanOrEqual(t ?? 0, 1.55)
    }

    func testFlakeQuadIsUprightAtTheEmissionPoint() {
        var cell = snowCell
        cell.velocity = 0
        let e = ParticleEmitter(config: EmitterConfig(cell: cell), seed: 10)
        runFrames(e, seconds: 2.0 / 60)   // 40/s: the first flake is born in the second frame
        var batch = ParticleBatch()
        e.writeQuads(into: &batch, transform: toCanvas, textureSize: flake, nodeAlpha: 1)
        let v = batch.vertices
        XCTAssertEqual(v.count, 4)
        let xs = v.map { Double($0.x) }, ys = v.map { Double($0.y) }
        XCTAssertEqual(xs.max()! - xs.min()!, 12.55, accuracy: 1e-3)
        XCTAssertEqual(ys.max()! - ys.min()!, 13.425, accuracy: 1e-3)
        XCTAssertEqual((xs.max()! + xs.min()!) / 2, 200, accuracy: 1e-3)
        XCTAssertEqual((ys.max()! + ys.min()!) / 2, -41, accuracy: 1e-3)
        // Texture row v = 0 at the top of the screen, u = 0 on the left: the image is not mirrored.
        for q in v {
            XCTAssertEqual(Double(q.y), q.v == 0 ? ys.min()! : ys.max()!, accuracy: 1e-3)
            XCTAssertEqual(Double(q.x), q.u == 0 ? xs.min()! : xs.max()!, accuracy: 1e-3)
            XCTAssertEqual([q.r, q.g, q.b, q.a], [255, 255, 255, 255])
        }
    }

    /// Core Animation's y-down conventions: longitude π/2 points down the screen, positive spin turns clockwise,
    /// positive yAcceleration pulls down.
    func testYDownConventions() {
        var cell = EmitterCell()
        cell.birthRate = 60; cell.lifetime = 10
        cell.velocity = 50; cell.emissionLongitude = .pi / 2
        cell.yAcceleration = 10
        cell.spin = 1
        var layer = EmitterLayerGeometry(emitterPosition: Vector2(30, 40))
        layer.velocity = 2
        let e = ParticleEmitter(config: EmitterConfig(cell: cell, layer: layer), seed: 11)
        runFrames(e, seconds: 1)
        let p = e.state(at: 0)
        let flip = EmitterLayerGeometry.emitterToLayer
        XCTAssertEqual(flip.apply(p.initialPosition), Vector2(30, 40))
        let v = flip.applyLinear(p.velocity)
        XCTAssertEqual(v.x, 0, accuracy: 1e-9)
        XCTAssertEqual(v.y, 100 + 10 * p.age, accuracy: 1e-9)
        // A point on the particle's local +x axis, after rotation, on screen (y down): clockwise means it moves to +y.
        let local = Vector2(cos(p.rotation), sin(p.rotation))
        XCTAssertGreaterThan(flip.applyLinear(local).y, 0)
        XCTAssertEqual(p.rotation, -p.age, accuracy: 1e-12)
    }

    func testShapesRangesAndMultipliers() {
        var cell = EmitterCell()
        cell.birthRate = 10_000; cell.lifetime = 5; cell.lifetimeRange = 1
        cell.velocity = 10; cell.velocityRange = 4
        cell.scale = 0.5; cell.scaleRange = 0.1; cell.scaleSpeed = 0.2; cell.contentsScale = 2
        cell.color = RGBA(1, 0.5, 0.25, 0.8); cell.alphaRange = 0.1; cell.alphaSpeed = -0.2
        var layer = EmitterLayerGeometry(emitterPosition: Vector2(100, 50), emitterSize: Vector2(40, 20), emitterShape: .line)
        layer.birthRate = 0.5; layer.lifetime = 2; layer.scale = 3
        let c = EmitterConfig(cell: cell, layer: layer)
        XCTAssertEqual(c.particleBirthRate, 5000)
        XCTAssertEqual(c.particleLifetime, 10); XCTAssertEqual(c.particleLifetimeRange, 4)
        XCTAssertEqual(c.particleSpeedRange, 8)
        XCTAssertEqual(c.particleScale, 0.75); XCTAssertEqual(c.particleScaleRange, 0.3, accuracy: 1e-12); XCTAssertEqual(c.particleScaleSpeed, 0.3, accuracy: 1e-12)
        XCTAssertEqual(c.particleColor, RGBA(1, 0.5, 0.25, 0.8))
        XCTAssertEqual(c.particleColorAlphaRange, 0.2); XCTAssertEqual(c.particleColorAlphaSpeed, -0.2)
        XCTAssertEqual(c.particleColorBlendFactor, 1)
        let e = ParticleEmitter(config: c, seed: 12)
        runFrames(e, seconds: 2)
        let s = e.states
        assertUniform(s.map(\.initialPosition.x), 80, 120, "line x")
        XCTAssertTrue(s.allSatisfy { $0.initialPosition.y == -50 })
        assertUniform(s.map(\.initialSpeed), 6, 14, "velocity ± velocityRange")
        assertUniform(s.map(\.lifetime), 8, 12, "lifetime ± lifetimeRange")

        layer.emitterShape = .rectangle
        XCTAssertEqual(EmitterConfig(cell: cell, layer: layer).particlePositionRange, Vector2(40, 20))
        layer.renderMode = .additive
        XCTAssertEqual(EmitterConfig(cell: cell, layer: layer).particleBlendMode, .add)
        layer.renderMode = .oldestLast
        XCTAssertEqual(EmitterConfig(cell: cell, layer: layer).particleRenderOrder, .oldestLast)
        cell.isEnabled = false
        XCTAssertEqual(EmitterConfig(cell: cell, layer: layer).particleBirthRate, 0)
    }
}
