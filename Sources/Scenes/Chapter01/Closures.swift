import Views

/// Chapter 1, "Closures": trailing closures that write to the log on appear and on each click (spec 01 §2.1.18).
struct Closures: View {
    var body: some View {
        VStack {
            Text("Hello, SwiftUI!")
                .named("hello")
            Button("Button") {
                print("Button was clicked!")
            }
            .named("button")
        }
        .onAppear {
            print("The view appeared!")
        }
    }
}
