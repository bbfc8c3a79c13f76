import Foundation
import Particles
import Player
@testable import Scenes
import Stage
@testable import Views
import XCTest
import ZoetropeHarness

/// The particle lab: real controls drive a running emitter; saving writes our JSON; dropped files join the picker.
@MainActor
final class ParticleLabTests: XCTestCase {
    func makeLab() throws -> (Harness, ParticleLab) {
        let h = try Harness(scene: "particle-lab", size: Size(1100, 800))
        return (h, try h.particleLab())
    }

    func testDraggingASliderChangesTheRunningEmitter() async throws {
        let (h, lab) = try makeLab()
        h.advance(by: 0.1)
        let slider = try h.drawn("slider:Birth rate")
        // Drag the knob to the far right: the top of the 0…2000 range.
        h.press(slider.midX, slider.midY)
        h.move(slider.maxX + 50, slider.midY)
        h.release(slider.maxX + 50, slider.midY)
        XCTAssertEqual(lab.emitter.config.particleBirthRate, 2000, accuracy: 1e-9)
        XCTAssertEqual(h.sliderValue("slider:Birth rate"), 2000)
        let before = lab.emitter.emitter.totalEmitted
        h.advance(by: 0.5)
        XCTAssertEqual(Double(lab.emitter.emitter.totalEmitted - before), 1000, accuracy: 2)
        // Angles are edited in degrees and stored in radians.
        let angle = try h.drawn("slider:Angle")
        h.click(angle.minX + angle.height / 2, angle.midY)
        XCTAssertEqual(lab.emitter.config.emissionAngle, 0, accuracy: 1e-9)
    }

    /// A slider dragged in the panel evaluates only its own row: the other rows, the pickers, the ramp editor and
    /// the save bar are not evaluated (an evaluated view resolves its elements again, which moves their stamps).
    func testASliderEvaluatesOnlyItsOwnRow() async throws {
        let (h, lab) = try makeLab()
        h.advance(by: 0.1)
        let scene = try XCTUnwrap(h.scene as? ViewScene)
        func stamp(_ name: String) -> Int? { scene.element(named: name, as: Element.self)?.contentStamp }
        let others = ["slider:Lifetime", "label:Color blend speed", "title", "effect", "texture", "textureThumb",
                      "rampTitle", "rampSwatch", "status", "save"]
        let before = others.map(stamp)
        XCTAssertFalse(before.contains(nil), "\(zip(others, before).filter { $0.1 == nil })")
        let row = stamp("slider:Birth rate")
        let slider = try h.drawn("slider:Birth rate")
        h.press(slider.midX, slider.midY)
        for i in 1...5 { h.move(slider.midX + Double(i) * 10, slider.midY); h.advance(by: 1.0 / 60) }
        h.release(slider.midX + 50, slider.midY)
        h.advance(by: 1.0 / 60)
        XCTAssertGreaterThan(lab.config.particleBirthRate, 1000, "dragged right of the middle")
        XCTAssertNotEqual(stamp("slider:Birth rate"), row, "its row was evaluated")
        XCTAssertEqual(h.probe("text:\(LabField.all[0].text(lab.config.particleBirthRate))")?.text,
                       LabField.all[0].text(lab.config.particleBirthRate), "and shows the new value")
        XCTAssertEqual(others.map(stamp), before, "nothing else was")
    }

    /// The particles are the frame's last batches (Fire blends additively; nothing else in the lab does): a window
    /// keeps the frame's start up to the first particles as one picture, so the panel is not drawn every frame.
    func testTheParticlesAreDrawnAfterEverythingElse() async throws {
        let (h, lab) = try makeLab()
        h.advance(by: 0.5)
        XCTAssertEqual(lab.config.particleBlendMode, .add)
        let batches = h.batches
        let first = try XCTUnwrap(batches.firstIndex { $0.blend == .add }, "Fire's particles are drawn")
        XCTAssertGreaterThan(first, 10, "after the preview's ground, the panel and the ramp editor")
        XCTAssertTrue(batches[first...].allSatisfy { $0.blend == .add }, "nothing is drawn after them")
    }

    func testKeyboardFocusPickersAndSave() async throws {
        let (h, lab) = try makeLab()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-lab-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        lab.saveFolder = folder
        let start = lab.effectName
        h.key("tab")                      // nothing has focus until Tab (Space still pauses): the effect picker
        h.key("right")
        XCTAssertNotEqual(lab.effectName, start)
        XCTAssertEqual(h.probe("effect")?.text, lab.effectName)
        XCTAssertEqual(lab.emitter.config, try ParticleFile.load(XCTUnwrap(h.session.assets.effectURL(named: lab.effectName))).emitters[0].config)
        h.key("tab")                      // blend mode
        let blend = lab.emitter.config.particleBlendMode
        h.key(blend == ParticleBlendMode.allCases.last ? "left" : "right")
        let i = try XCTUnwrap(ParticleBlendMode.allCases.firstIndex(of: blend))
        XCTAssertEqual(lab.emitter.config.particleBlendMode,
                       ParticleBlendMode.allCases[blend == ParticleBlendMode.allCases.last ? i - 1 : i + 1])
        XCTAssertEqual(h.probe("blendMode")?.text, "\(lab.emitter.config.particleBlendMode)")
        h.key("tab")                      // texture
        h.key("tab")                      // first slider: birth rate
        let rate = lab.emitter.config.particleBirthRate
        h.key("right")
        XCTAssertEqual(lab.emitter.config.particleBirthRate, rate + 20, accuracy: 1e-9)
        lab.save()
        let saved = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        XCTAssertEqual(saved.count, 1)
        let reloaded = try ParticleFile.load(saved[0]).emitters[0].config
        XCTAssertEqual(reloaded, lab.emitter.config)
        XCTAssertTrue(lab.statusText.contains(saved[0].path))
        XCTAssertEqual(h.probe("status")?.text, lab.statusText, "the status line shows it")
    }

    func testDroppedFilesOpenInTheLabOrThePreview() async throws {
        let (h, lab) = try makeLab()
        var config = EmitterConfig()
        config.particleBirthRate = 42
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("Mine-\(UUID().uuidString).json")
        try EffectJSON.encode(config).write(to: url)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        h.session.openEffectFile(url)
        XCTAssertEqual(lab.emitter.config.particleBirthRate, 42)
        XCTAssertEqual(lab.effectName, url.deletingPathExtension().lastPathComponent)
        XCTAssertEqual(h.probe("effect")?.text, url.deletingPathExtension().lastPathComponent, "the picker shows it")
        h.key("escape")
        h.session.openEffectFile(url)
        XCTAssertEqual(h.session.host.info.id, "emitter-preview")
        // A broken file leaves the scene alone and says so once.
        let bad = url.deletingLastPathComponent().appendingPathComponent("bad-\(UUID().uuidString).sks")
        try Data([0, 1, 2, 3]).write(to: bad)
        addTeardownBlock { try? FileManager.default.removeItem(at: bad) }
        h.session.openEffectFile(bad)
        XCTAssertEqual(h.session.host.info.id, "emitter-preview")
        XCTAssertTrue(h.log.contains { $0.contains(bad.lastPathComponent) })
    }

    /// Pressing and dragging in the preview moves the emitter there (scene space is y up).
    func testDraggingThePreviewMovesTheEmitter() async throws {
        let (h, lab) = try makeLab()
        let preview = try h.drawn("drag")
        h.press(preview.minX + 100, preview.minY + 80)
        XCTAssertEqual(lab.emitter.position, Vector2(100, preview.height - 80))
        h.move(preview.minX + 300, preview.minY + 200)
        h.release(preview.minX + 300, preview.minY + 200)
        XCTAssertEqual(lab.emitter.position, Vector2(300, preview.height - 200))
    }
}
