import Views

extension Chapter12 {
    /// The footer (spec 04 §2.2 item 7): two wooden capsules 80 pt apart, with the number of found words and
    /// the letter average (integer division, no decimals), each with its wooden label 45 pt below its centre.
    struct FooterView: View {
        let count: Int
        let average: Int

        var body: some View {
            HStack(spacing: 80) {
                FooterBadge(value: count, label: "find-words/foundWords", name: "foundWords")
                FooterBadge(value: average, label: "find-words/letterAverage", name: "letterAverage")
            }
            .named("footer")
        }
    }

    struct FooterBadge: View {
        let value: Int
        let label: String
        /// The node name of the badge; its number is `<name>Count`.
        let name: String

        var body: some View {
            ZStack {
                Image("find-words/background")
                    .resizable()
                    .frame(width: 80, height: 50)
                    .clipShape(Capsule())
                    .shadow(color: .black, radius: 1, x: 1, y: 1)
                    .shadow(color: .black, radius: 1, x: -1, y: -1)
                Text("\(value)")
                    .font(.system(size: 25))
                    .foregroundColor(.white)
                    .named(name + "Count")
                    .frame(width: 50, height: 20)
                    .padding(20)
                // Aspect-fill 100×70 of a 4:1 picture: drawn 280×70, not clipped; it does not widen the badge.
                Image(label)
                    .resizable()
                    .aspectRatio(contentMode: .fill)
                    .frame(width: 100, height: 70)
                    .offset(y: 45)
            }
            .named(name)
        }
    }
}
