import SwiftUI

// A test app for `zoetrope run`, written the way the book writes its views: a circle that grows and turns red
// over one second of easeInOut when tapped, under a title.
struct ContentView: View {
    @State private var grown = false

    var body: some View {
        VStack(spacing: 20) {
            Text("Tap the circle")
                .font(.title)
            Circle()
                .fill(grown ? Color.red : Color.blue)
                .frame(width: 100, height: 100)
                .scaleEffect(grown ? 2 : 1)
                .onTapGesture {
                    withAnimation(.easeInOut(duration: 1)) {
                        grown.toggle()
                    }
                }
        }
    }
}

struct ContentView_Previews: PreviewProvider {
    static var previews: some View {
        ContentView()
    }
}
