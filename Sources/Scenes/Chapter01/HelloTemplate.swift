import Views

/// Chapter 1, "New-project template": the globe and greeting of a new SwiftUI project (spec 01 §2.1.3).
struct HelloTemplate: View {
    var body: some View {
        VStack {
            Image(systemName: "globe")
                .imageScale(.large)
                .foregroundColor(.accentColor)
                .named("globe")
            Text("Hello, world!")
                .named("label")
        }
        .padding()
    }
}
