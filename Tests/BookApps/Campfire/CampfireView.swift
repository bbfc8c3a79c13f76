import SwiftUI
import SpriteKit

// The SpriteKit view inside SwiftUI: a 400 × 600 scene stretched over whatever space SwiftUI gives it.
struct CampfireView: UIViewRepresentable {
    func makeUIView(context: Context) -> SKView {
        let view = SKView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        view.backgroundColor = .clear
        let scene = CampfireScene(size: CGSize(width: 400, height: 600))
        scene.scaleMode = .fill
        view.presentScene(scene)
        return view
    }

    func updateUIView(_ uiView: SKView, context: Context) {}
}
