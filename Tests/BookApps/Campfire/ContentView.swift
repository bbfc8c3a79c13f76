import SwiftUI

// A test app for `zoetrope run`, written the way the book writes its SpriteKit views: a campfire burning on a black
// night, in an SKView that a UIViewRepresentable returns.
struct ContentView: View {
    var body: some View {
        ZStack {
            Color.black
                .edgesIgnoringSafeArea(.all)
            CampfireView()
        }
    }
}

struct ContentView_Previews: PreviewProvider {
    static var previews: some View {
        ContentView()
    }
}
