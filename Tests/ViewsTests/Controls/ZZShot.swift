import Backend
import Foundation
import Motion
import Stage
@testable import Views
import XCTest

private struct Demo: View {
    @State var wifi = true
    @State var sound = false
    @State var level = 0.3
    @State var red = 0.7
    @State var word = ""
    @State var name = "Jack"
    var body: some View {
        VStack(spacing: 16) {
            Toggle("Wi-Fi", isOn: $wifi)
            Toggle("Sound", isOn: $sound)
            Slider(value: $level)
            HStack { Text("0").bold(); Slider(value: $red).tint(.red); Text("255").bold() }
            TextField("Enter your word", text: $word).textFieldStyle(.roundedBorder).named("word")
            TextField("Name", text: $name).textFieldStyle(.roundedBorder).named("name")
            Button("Done") {}
        }.padding()
    }
}

final class ZZShot: XCTestCase {
    func testShot() throws {
        let canvas = try HeadlessCanvas(width: 780, height: 1000, assets: AssetResolver(roots: []))
        let context = SceneContext(clock: Clock(), sound: SilentSound())
        context.measure = { [unowned canvas] in canvas.renderer.measure($0, font: $1) }
        let scene = ViewScene(context: context) { Demo() }
        let size = Size(390, 500)
        scene.layout(size: size, time: 0); scene.appear(); scene.layout(size: size, time: 0)
        // Focus the name field with the caret after "Ja", and Tab-focus nothing else.
        let f = scene.probe("name", at: 0)!.frame
        scene.root.pointerPressed(at: Point(f.minX + 30, f.midY), time: 0)
        scene.root.pointerReleased(at: Point(f.minX + 30, f.midY), inside: true, time: 0)
        _ = scene.key(Key("left", shift: true))
        scene.layout(size: size, time: 0)
        canvas.renderer.setScale(2)
        canvas.renderer.clear(.white)
        scene.root.drawCustom(transform: .scale(2, 2), opacity: 1, renderer: canvas.renderer)
        try canvas.renderer.readFramebuffer().savePNG(to: URL(fileURLWithPath: "/tmp/controls.png"))
        _ = scene.key(Key("tab")); _ = scene.key(Key("tab"))
        scene.layout(size: size, time: 0)
        canvas.renderer.clear(.white)
        scene.root.drawCustom(transform: .scale(2, 2), opacity: 1, renderer: canvas.renderer)
        try canvas.renderer.readFramebuffer().savePNG(to: URL(fileURLWithPath: "/tmp/controls2.png"))
    }
}
