import Views

extension Chapter12 {
    /// The found words, newest first (spec 04 §2.2 item 6, choice F8): a white rounded 285×190 list, each row the
    /// word's letter count in a ring and the word, black, 18 pt; it scrolls when longer than the box.
    struct WordListView: View {
        let words: [String]

        var body: some View {
            List {
                ForEach(words, id: \.self) { word in
                    HStack {
                        RingNumber(number: word.count)
                        Text(word)
                    }
                    .font(.system(size: 18))
                    .foregroundColor(.black)
                }
            }
            .listStyle(.plain)
            .frame(width: 285, height: 190)
            .background(Color.white)
            .cornerRadius(10)
            .named("wordList")
        }
    }

    /// The SF Symbol `N.circle` (spec 04 §0.5), drawn here: a thin ring with the number inside, as tall as the
    /// font is large. Drawn rather than shipped as 49 pictures because the number is just text.
    struct RingNumber: View {
        let number: Int
        var size = 20.0

        var body: some View {
            ZStack {
                Circle()
                    .stroke(Color.black, lineWidth: 1.5)
                    .padding(0.75)
                Text("\(number)")
                    .font(.system(size: size * (number < 10 ? 0.6 : 0.5), weight: .semibold))
            }
            .frame(width: size, height: size)
        }
    }
}
