import SwiftUI
import SpriteKit

// A test app for `zoetrope run`: a SpriteView over a graveyard picture, with a wand to drag around (the pictures are
// Zoetrope's own, found by name among its bundled images).
struct ContentView: View {
    var scene: SKScene {
        let scene = WandScene(size: CGSize(width: 900, height: 600))
        scene.scaleMode = .aspectFill
        return scene
    }

    var body: some View {
        SpriteView(scene: scene, options: [.allowsTransparency])
            .background(
                Image("graveyard")
                    .resizable()
                    .frame(width: 900, height: 900)
            )
            .edgesIgnoringSafeArea(.all)
    }
}

struct ContentView_Previews: PreviewProvider {
    static var previews: some View {
        ContentView()
    }
}
