import Views

/// Chapter 1, "ZStack": a yellow title over a stretched pictogram (spec 01 §2.1.9).
struct ZStacks: View {
    var body: some View {
        ZStack {
            Image(systemName: "rectangle.inset.filled.and.person.filled")
                .renderingMode(.original)
                .resizable()
                .frame(width: 350, height: 250)
                .named("picture")
            Text("SwiftUI")
                .font(.system(size: 50))
                .foregroundColor(.yellow)
                .named("title")
                .padding(.trailing, 80)
        }
    }
}
