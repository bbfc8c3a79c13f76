import Backend
import Motion
import Stage
@testable import Views
import XCTest
import ZoetropeTestSupport

@MainActor
private struct Caption: View {
    var body: some View {
        VStack {
            Text("Hard 😓").font(.system(size: 20)).foregroundColor(.black).named("label")
            Text("🇱🇷 9 letter word 🇱🇷").font(.system(size: 20)).foregroundColor(.white).opacity(0.5).named("caption")
        }
    }
}

/// Emoji in text are drawn from their original pictures in their own colours (Drawing/EmojiRuns.swift).
@MainActor
final class EmojiTextTests: XCTestCase {
    @MainActor final class Run {
        let context = SceneContext(clock: Clock(), sound: SilentSound())
        let scene: ViewScene
        let canvas: HeadlessCanvas
        init() throws {
            let assets = AssetResolver(roots: AssetResolver.bundledRoot().map { [$0] } ?? [])
            context.assets = assets
            canvas = try HeadlessCanvas(width: 390, height: 200, assets: assets)
            context.measure = { [canvas] in canvas.renderer.measure($0, font: $1) }
            scene = ViewScene(context: context) { Caption() }
            scene.layout(size: Size(390, 200), time: 0)
            scene.appear()
            scene.layout(size: Size(390, 200), time: 0)
        }
        func frame(_ name: String) -> Rect { scene.probe(name, at: 0)!.frame }
        func record() -> RecordingRenderer {
            let r = RecordingRenderer(assets: context.assets)
            scene.root.drawCustom(transform: .identity, opacity: 1, renderer: r)
            return r
        }
    }

    func testAnEmojiIsItsPictureInItsOwnColoursBesideTheFontRun() async throws {
        let run = try Run()
        let font = Font.system(20)
        let batches = run.record().batches
        let label = batches.filter { [.text("Hard ", font), .image("emoji/1f613")].contains($0.texture) }
        XCTAssertEqual(label.map(\.texture), [.text("Hard ", font), .image("emoji/1f613")], "a font run, then the picture")
        XCTAssertEqual(Set(label[0].vertices.map(\.r)), [0], "the text in its colour")
        XCTAssertEqual(Set(label[1].vertices.map { [$0.r, $0.g, $0.b, $0.a] }), [[255, 255, 255, 255]], "the picture untinted")
        // The line is as wide as the font run plus one picture of 1.2 em.
        let textWidth = run.canvas.renderer.measure("Hard ", font: font).width
        XCTAssertEqual(run.frame("label").width, textWidth + 24, accuracy: 0.01)
        // A flag is one picture (two regional indicators), drawn at the text's opacity.
        let flags = run.record().batches.filter { $0.texture == .image("emoji/1f1f1-1f1f7") }
        XCTAssertEqual(flags.count, 2)
        XCTAssertEqual(Set(flags.flatMap(\.vertices).map(\.a)), [128], "half opacity, as the text")
    }

    func testThePictureIsDrawnInARealRender() async throws {
        let run = try Run()
        run.canvas.renderer.clear(.white)
        run.scene.root.drawCustom(transform: .identity, opacity: 1, renderer: run.canvas.renderer)
        let fb = run.canvas.renderer.readFramebuffer()
        if let path = ProcessInfo.processInfo.environment["ZOETROPE_TEST_SHOTS"] { try fb.savePNG(to: URL(fileURLWithPath: path + "/emoji.png")) }
        let f = run.frame("label")
        let face = fb.pixel(Int(f.maxX - 12), Int(f.midY + 1))
        XCTAssertGreaterThan(face.r, 200, "the yellow face, not black text"); XCTAssertGreaterThan(face.g, 150)
        XCTAssertLessThan(face.b, 130)
    }

    func testAnEmojiWithoutAPictureIsLeftToTheFont() async throws {
        let run = try Run()
        XCTAssertNil(run.scene.host.text.runs("turtle 🐢"))
        XCTAssertNil(run.scene.host.text.runs("plain text"))
        XCTAssertEqual(run.scene.host.text.runs("Easy 😌"), [.text("Easy "), .emoji(image: "emoji/1f60c")])
    }
}
