import Views

/// Chapter 1, "Stormy weather": a ZStack header above an HStack tagline (spec 01 §2.1.10).
struct CombiningStacks: View {
    var body: some View {
        VStack {
            ZStack {
                Image(systemName: "cloud.moon.rain.fill")
                    .foregroundColor(.orange)
                    .font(.system(size: 150))
                    .named("cloud")
                Text("Stormy").bold()
                    .font(.system(size: 30))
                    .offset(x: -15, y: -5)
                    .foregroundColor(.indigo)
                    .named("stormy")
            }
            .named("header")
            HStack {
                Image(systemName: "tornado")
                    .foregroundColor(.blue)
                    .font(.system(size: 50))
                    .named("tornado")
                VStack(alignment: .leading) {
                    Text("Be prepared for anything")
                        .font(.system(size: 25))
                        .fontWeight(.bold)
                    Text("With the Stormy Weather app")
                        .font(.system(size: 16))
                }
            }
            .named("tagline")
        }
    }
}
