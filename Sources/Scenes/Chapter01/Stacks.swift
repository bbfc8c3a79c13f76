import Views

/// Chapter 1, "VStack with a button": each click alternates the message (spec 01 §2.1.4). The empty text still
/// takes one line, so the button does not move.
struct Stacks: View {
    @State var myText = ""
    @State var changeText = false

    var body: some View {
        VStack {
            Text(myText)
                .named("message")
                .padding()
            Button("Button") {
                changeText.toggle()
                if changeText {
                    myText = "Hello SwiftUI!"
                } else {
                    myText = "Hello World!"
                }
            }
            .named("button")
        }
    }
}
