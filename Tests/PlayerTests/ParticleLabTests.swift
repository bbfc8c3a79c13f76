import Foundation
import Particles
import Player
@testable import Scenes
import Stage
import XCTest
import ZoetropeHarness

/// The particle lab: real widgets drive a running emitter; saving writes our JSON; dropped files join the picker.
final class ParticleLabTests: XCTestCase {
    func makeLab() throws -> (Harness, ParticleLabScene) {
        let h = try Harness(scene: "particle-lab", size: Size(1100, 800))
        return (h, try XCTUnwrap(h.scene as? ParticleLabScene))
    }

    func testDraggingASliderChangesTheRunningEmitter() throws {
        let (h, lab) = try makeLab()
        h.advance(by: 0.1)
        let slider = try XCTUnwrap(h.node("slider:Birth rate") as? Slider)
        // Drag the thumb to the far right: the top of the 0…2000 range.
        h.press(slider.frame.midX, slider.frame.midY)
        h.move(slider.frame.maxX + 50, slider.frame.midY)
        h.release(slider.frame.maxX + 50, slider.frame.midY)
        XCTAssertEqual(lab.emitter.config.particleBirthRate, 2000, accuracy: 1e-9)
        let before = lab.emitter.emitter.totalEmitted
        h.advance(by: 0.5)
        XCTAssertEqual(Double(lab.emitter.emitter.totalEmitted - before), 1000, accuracy: 2)
        // Angles are edited in degrees and stored in radians.
        let angle = try XCTUnwrap(h.node("slider:Angle") as? Slider)
        h.click(angle.frame.minX + angle.frame.height / 2, angle.frame.midY)
        XCTAssertEqual(lab.emitter.config.emissionAngle, 0, accuracy: 1e-9)
    }

    func testKeyboardFocusPickersAndSave() throws {
        let (h, lab) = try makeLab()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-lab-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        lab.saveFolder = folder
        let start = lab.effectPicker.selectedOption
        h.key("right")                    // focus starts on the effect picker
        XCTAssertNotEqual(lab.effectPicker.selectedOption, start)
        XCTAssertEqual(lab.emitter.config, try ParticleFile.load(XCTUnwrap(h.session.assets.effectURL(named: lab.effectPicker.selectedOption!))).emitters[0].config)
        h.key("tab")                      // blend mode
        h.key("right")
        XCTAssertEqual(lab.emitter.config.particleBlendMode, ParticleBlendMode.allCases[(lab.blendPicker.selectedIndex)])
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
    }

    func testDroppedFilesOpenInTheLabOrThePreview() throws {
        let (h, lab) = try makeLab()
        var config = EmitterConfig()
        config.particleBirthRate = 42
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("Mine-\(UUID().uuidString).json")
        try EffectJSON.encode(config).write(to: url)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        h.session.openEffectFile(url)
        XCTAssertEqual(lab.emitter.config.particleBirthRate, 42)
        XCTAssertEqual(lab.effectPicker.selectedOption, url.deletingPathExtension().lastPathComponent)
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
}
