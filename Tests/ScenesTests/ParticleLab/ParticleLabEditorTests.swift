import Backend
import Foundation
import Particles
import Player
@testable import Scenes
import Stage
import XCTest
import ZoetropeHarness
import ZoetropeTestSupport

/// The lab's editor as Xcode's particle editor users expect it: keyframes of the colour ramp (and the alpha and scale
/// sequences) added, moved, recoloured and deleted with real clicks and drags, textures picked from the asset folders,
/// and a saved file that `--emitter` opens again with the same values.
@MainActor
final class ParticleLabEditorTests: XCTestCase {
    func makeLab(effect: String = "Spark", render: Bool = false) throws -> (Harness, ParticleLab) {
        let h = try Harness(scene: "particle-lab", size: Size(1100, 800), render: render)
        let lab = try h.particleLab()
        // Choose `effect` from the effect picker's list.
        if lab.effectName != effect { h.choose("effect", row: try XCTUnwrap(lab.effectNames.firstIndex(of: effect))) }
        XCTAssertEqual(lab.effectName, effect)
        XCTAssertEqual(h.probe("effect")?.text, effect)
        h.advance(by: 0.1)
        return (h, lab)
    }

    /// A control's frame as drawn now.
    func frame(_ h: Harness, _ name: String) throws -> Rect { try h.drawn(name) }

    /// The x of normalised time `t` on the ramp bar.
    func barX(_ h: Harness, _ t: Double) throws -> Double {
        let bar = try frame(h, "rampBar")
        return bar.minX + t * bar.width
    }

    var colorSequence: (ParticleLab) -> KeyframeSequence<RGBA>? { { $0.emitter.config.particleColorSequence } }

    func testClickingTheBarAddsAKeyWithTheColourSampledThere() async throws {
        let (h, lab) = try makeLab()
        let before = try XCTUnwrap(colorSequence(lab))
        XCTAssertEqual(before.keyframeTimes, [0, 0.5, 1])
        let bar = try frame(h, "rampBar")
        let x = try barX(h, 0.25)
        h.click(x, bar.midY)
        let after = try XCTUnwrap(colorSequence(lab), "the live emitter's sequence")
        XCTAssertEqual(after.keyframeTimes.count, 4)
        XCTAssertEqual(after.keyframeTimes[1], (x - bar.minX) / bar.width, accuracy: 1e-9)
        let sampled = try XCTUnwrap(before.sample(at: after.keyframeTimes[1]))
        XCTAssertEqual(after.keyframeValues[1], sampled, "the new key holds the colour the ramp had there")
        // The ramp itself is unchanged by the new key (linear between its neighbours).
        XCTAssertEqual(after.sample(at: 0.6)!.g, before.sample(at: 0.6)!.g, accuracy: 1e-9)
        XCTAssertEqual(lab.ramp.selected, 1, "the new key is selected")
        XCTAssertEqual(try XCTUnwrap(h.sliderValue("rampGreen")), sampled.g, accuracy: 1e-9, "its sliders show it")
        XCTAssertNotNil(h.probe("rampKey:3"), "a marker per key")
        // The running emitter samples the new sequence.
        XCTAssertEqual(lab.emitter.emitter.config.particleColorSequence, after)
    }

    func testDraggingAMarkerMovesItsKeyAndKeepsTheKeysSorted() async throws {
        let (h, lab) = try makeLab()
        let marker = try frame(h, "rampKey:1")           // the key at 0.5
        let bar = try frame(h, "rampBar")
        h.press(marker.midX, marker.midY)
        // Past the last key's time cannot go: 0.8, then back to 0.2 (past the first key's neighbour).
        h.move(try barX(h, 0.8), marker.midY)
        var s = try XCTUnwrap(colorSequence(lab))
        XCTAssertEqual(s.keyframeTimes[1], 0.8, accuracy: 1.0 / bar.width)
        h.move(try barX(h, 0.2), marker.midY)
        h.release(try barX(h, 0.2), marker.midY)
        s = try XCTUnwrap(colorSequence(lab))
        XCTAssertEqual(s.keyframeTimes.count, 3)
        XCTAssertEqual(s.keyframeTimes[1], 0.2, accuracy: 1.0 / bar.width)
        XCTAssertEqual(s.keyframeValues[1], RGBA(1, 0.7529411764705882, 0, 1), "the orange key moved, not another")
        XCTAssertEqual(s.keyframeTimes, s.keyframeTimes.sorted())
        // Dragged across a neighbour: the keys re-sort and the selection follows the dragged key.
        let m2 = try frame(h, "rampKey:1")
        h.press(m2.midX, m2.midY)
        h.move(try barX(h, 0.0), m2.midY)
        h.release(try barX(h, 0.0), m2.midY)
        s = try XCTUnwrap(colorSequence(lab))
        XCTAssertEqual(s.keyframeTimes, [0, 0, 1])
        XCTAssertEqual(s.keyframeValues[lab.ramp.selected], RGBA(1, 0.7529411764705882, 0, 1))
    }

    func testEditingTheSelectedKeysColourWithTheSliders() async throws {
        let (h, lab) = try makeLab()
        let marker = try frame(h, "rampKey:2")           // the red-orange key at 1
        h.click(marker.midX, marker.midY)
        XCTAssertEqual(lab.ramp.selected, 2)
        // Green to 0: drag its slider's thumb to the far left.
        let green = try frame(h, "rampGreen")
        h.press(green.minX + green.height / 2, green.midY)
        h.move(green.minX - 40, green.midY)
        h.release(green.minX - 40, green.midY)
        // Blue to 1: press at the far right of its track.
        let blue = try frame(h, "rampBlue")
        h.click(blue.maxX - 1, blue.midY)
        let s = try XCTUnwrap(colorSequence(lab))
        XCTAssertEqual(s.keyframeValues[2], RGBA(1, 0, 1, 1))
        XCTAssertEqual(s.keyframeValues[0], RGBA(1, 1, 1, 1), "other keys untouched")
        XCTAssertEqual(lab.emitter.emitter.config.particleColorSequence?.keyframeValues[2], RGBA(1, 0, 1, 1))
        // The keyboard edits it too: Tab to the red slider (after the ramp's pickers), ← lowers it by 1 %. The clicks
        // above left nothing focused (a click on a control ends keyboard focus), so the first Tab reaches the effect.
        let focusOrder = ["effect", "blendMode", "texture"] + LabField.all.map { "slider:\($0.label)" } + ["rampTarget", "rampMode", "rampRed"]
        for _ in 0..<focusOrder.count { h.key("tab") }
        h.key("left")
        XCTAssertEqual(try XCTUnwrap(colorSequence(lab)).keyframeValues[2].r, 0.99, accuracy: 1e-9)
    }

    func testDeleteRemovesTheSelectedKeyAndTheLastOneStays() async throws {
        let (h, lab) = try makeLab()
        let marker = try frame(h, "rampKey:1")
        h.click(marker.midX, marker.midY)
        h.key("delete")
        var s = try XCTUnwrap(colorSequence(lab))
        XCTAssertEqual(s.keyframeTimes, [0, 1])
        XCTAssertEqual(s.keyframeValues[1], RGBA(1, 0.18823529411764706, 0, 1))
        XCTAssertNil(h.probe("rampKey:2"), "its marker went")
        XCTAssertTrue(h.click(node: "rampDelete"))
        h.key("backspace")
        h.key("delete")
        s = try XCTUnwrap(colorSequence(lab))
        XCTAssertEqual(s.keyframeTimes.count, 1, "at least one key stays")
        XCTAssertEqual(lab.ramp.ramp.count, 1)
    }

    func testInterpolationModePicker() async throws {
        let (h, lab) = try makeLab()
        // Segments: linear, step, spline.
        try h.clickSegment("rampMode", 1, of: 3)
        XCTAssertEqual(colorSequence(lab)?.interpolationMode, .step)
        XCTAssertEqual(lab.emitter.emitter.config.particleColorSequence?.sample(at: 0.49), RGBA(1, 1, 1, 1), "step holds the key before")
        try h.clickSegment("rampMode", 2, of: 3)
        XCTAssertEqual(colorSequence(lab)?.interpolationMode, .spline)
        try h.clickSegment("rampMode", 1, of: 3)
        XCTAssertEqual(colorSequence(lab)?.interpolationMode, .step)
        XCTAssertEqual(h.probe("rampMode")?.text, "step")
    }

    func testAPlainColourIsOneKeyUntilASecondIsAdded() async throws {
        let (h, lab) = try makeLab(effect: "Fire")
        XCTAssertNil(colorSequence(lab), "Fire stores a plain colour")
        XCTAssertEqual(lab.ramp.ramp.count, 1)
        // Editing the single key edits particleColor.
        let red = try frame(h, "rampRed")
        h.click(red.maxX - 1, red.midY)
        XCTAssertEqual(lab.emitter.config.particleColor.r, 1)
        XCTAssertNil(colorSequence(lab))
        // A second key makes it a sequence: the plain colour at 0, the same colour at the click.
        let bar = try frame(h, "rampBar")
        h.click(try barX(h, 0.75), bar.midY)
        let s = try XCTUnwrap(colorSequence(lab))
        XCTAssertEqual(s.keyframeTimes.count, 2)
        XCTAssertEqual(s.keyframeTimes[0], 0)
        XCTAssertEqual(s.keyframeValues[0], lab.emitter.config.particleColor)
        XCTAssertEqual(s.keyframeValues[1], lab.emitter.config.particleColor)
    }

    func testAlphaAndScaleSequences() async throws {
        let (h, lab) = try makeLab(effect: "Fire")
        try h.clickSegment("rampTarget", 1, of: 3)              // Color, Alpha, Scale
        XCTAssertEqual(lab.ramp.target, .alpha)
        XCTAssertNil(h.probe("rampRed"), "one value slider instead of the colour channels")
        XCTAssertNotNil(h.probe("rampValue"))
        let bar = try frame(h, "rampBar")
        h.click(try barX(h, 1), bar.midY)
        XCTAssertEqual(try XCTUnwrap(h.sliderValue("rampValue")), 0.8, accuracy: 1e-9)
        let value = try frame(h, "rampValue")
        h.press(value.maxX - value.height / 2, value.midY)
        h.move(value.minX - 20, value.midY)
        h.release(value.minX - 20, value.midY)
        let alpha = try XCTUnwrap(lab.emitter.config.particleAlphaSequence)
        XCTAssertEqual(alpha.keyframeTimes, [0, 1])
        XCTAssertEqual(alpha.keyframeValues, [0.8, 0], "Fire's alpha 0.8 fading to 0")
        try h.clickSegment("rampTarget", 2, of: 3)              // Scale
        XCTAssertEqual(lab.ramp.target, .scale)
        h.click(try barX(h, 0.5), bar.midY)
        let scale = try XCTUnwrap(lab.emitter.config.particleScaleSequence)
        XCTAssertEqual(scale.keyframeTimes, [0, 0.5])
        XCTAssertEqual(scale.keyframeValues, [0.5, 0.5])
        XCTAssertNotNil(lab.emitter.emitter.config.particleScaleSequence, "live")
    }

    func testTexturePickingAppliesLive() async throws {
        let (h, lab) = try makeLab(effect: "Fire")
        let names = lab.textureNames
        XCTAssertEqual(names.first, "none")
        XCTAssertEqual(Array(names.dropFirst().prefix(3)).sorted(), ["bokeh", "spark", "star"], "the particle textures first")
        XCTAssertTrue(names.contains("inside"), "every image of the asset folders")
        XCTAssertEqual(h.probe("texture")?.text, "spark")
        h.advance(by: 0.2)
        // Fire blends additively: its particle batches are the additive ones (the thumbnail is alpha-blended).
        XCTAssertEqual(h.particleTextures(blend: .add).last, .image("spark"))
        let spark = try XCTUnwrap(names.firstIndex(of: "spark"))
        h.choose("texture", row: spark + 1)
        let next = names[spark + 1]
        XCTAssertEqual(lab.emitter.config.particleTexture, next)
        XCTAssertEqual(h.probe("texture")?.text, next)
        h.advance(by: 0.1)
        XCTAssertEqual(h.particleTextures(blend: .add).last, .image(next), "the running particles use it at once")
        XCTAssertTrue(h.batches.contains { $0.texture == .image(next) && $0.blend == .alpha }, "and the thumbnail shows it")
        // "none": plain quads of the texture's size.
        h.choose("texture", row: 0)
        XCTAssertNil(lab.emitter.config.particleTexture)
        XCTAssertNotEqual(lab.emitter.config.particleSize, .zero)
        h.advance(by: 0.1)
        XCTAssertEqual(h.particleTextures(blend: .add).last.map { $0 == nil }, true)
        h.choose("texture", row: 1)
        XCTAssertEqual(lab.emitter.config.particleTexture, names[1])
        XCTAssertEqual(lab.emitter.config.particleSize, .zero, "a texture again: its own size")
    }

    /// Everything the editor changes is saved, and the player opens the file again with the same values.
    func testSavedEditsOpenAgainWithEmitter() async throws {
        let (h, lab) = try makeLab()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-lab-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        lab.saveFolder = folder
        let bar = try frame(h, "rampBar")
        h.click(try barX(h, 0.3), bar.midY)
        let red = try frame(h, "rampRed")
        h.click(red.minX + red.width * 0.3, red.midY)
        try h.clickSegment("rampMode", 1, of: 3)                // step
        try h.clickSegment("rampTarget", 1, of: 3)              // alpha
        h.click(try barX(h, 0.9), bar.midY)
        h.choose("texture", row: lab.textureIndex + 1)
        XCTAssertTrue(h.click(node: "save"))
        let config = lab.emitter.config
        XCTAssertEqual(config.particleColorSequence?.keyframeTimes.count, 4)
        XCTAssertEqual(config.particleColorSequence?.interpolationMode, .step)
        XCTAssertEqual(config.particleAlphaSequence?.keyframeTimes.count, 2)
        let saved = try XCTUnwrap(try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil).first)
        XCTAssertEqual(try ParticleFile.load(saved).emitters[0].config, config, "the loader reads it back")
        // The built player: `--emitter saved.json --dump` prints the emitter it opened.
        let r = try E2E.zoetrope(["--emitter", saved.path, "--dump"], timeout: 60)
        XCTAssertEqual(r.status, 0, r.summary)
        let dumped = try EffectJSON.decode(Data(r.stdout.utf8), name: "dump").emitters[0].config
        XCTAssertEqual(dumped, config)
        // And it previews it (a headless frame with its particles).
        let shot = folder.appendingPathComponent("preview.png")
        let run = try E2E.zoetrope(["--headless", "--emitter", saved.path, "--script", "at 1 screenshot \(shot.path); at 1.1 quit"],
                                   timeout: 120)
        XCTAssertEqual(run.status, 0, run.summary)
        XCTAssertTrue(FileManager.default.fileExists(atPath: shot.path))
    }

    /// A screenshot of the editor (kept in the test run's folder to look at) and its bar's pixels.
    func testTheEditorAsDrawn() async throws {
        let (h, lab) = try makeLab(render: true)
        let bar = try frame(h, "rampBar")
        h.click(try barX(h, 0.25), bar.midY)
        h.advance(by: 0.5)
        let fb = try XCTUnwrap(h.capture())
        try fb.savePNG(to: E2E.outputDirectory.appendingPathComponent("particle-lab-editor.png"))
        // Left end white, the middle key's orange, the right end red-orange (inside the frame line).
        func px(_ t: Double) -> (r: Int, g: Int, b: Int) {
            let p = fb.pixel(Int(bar.minX + t * bar.width), Int(bar.midY))
            return (Int(p.r), Int(p.g), Int(p.b))
        }
        XCTAssertEqual(px(0.005).g, 255, accuracy: 3)
        XCTAssertEqual(px(0.5).g, 192, accuracy: 4)
        XCTAssertEqual(px(0.995).g, 48, accuracy: 6)
        XCTAssertEqual(px(0.5).b, 0, accuracy: 3)
        // The selected key's marker has the blue selection outline.
        let marker = try frame(h, "rampKey:1")
        XCTAssertEqual(lab.ramp.selected, 1)
        let edge = fb.pixel(Int(marker.minX), Int(marker.midY))
        XCTAssertTrue(edge.b > 200 && edge.r < 80, "blue outline, got \(edge)")
    }
}
