import Views

extension Chapter14 {
    /// The slider rows: red always, green from Hard up, blue in Extreme. A row that comes or goes fades on the
    /// difficulty spring (the caller's value-scoped animation).
    struct SlidersView: View {
        @Binding var redGuess: Double
        @Binding var greenGuess: Double
        @Binding var blueGuess: Double
        let selectedPickerIndex: Int

        /// A row is the 28-pt slider, 10 pt of padding and 5 pt of margin on each side (58 pt), and rows are 8 apart.
        static func blockHeight(rows: Int) -> Double { Double(rows) * 58 + Double(rows - 1) * 8 }

        var body: some View {
            VStack(spacing: 8) {
                SliderView(value: $redGuess, color: .red, lineWidth: 3, name: "slider-red")
                if selectedPickerIndex >= 1 {
                    SliderView(value: $greenGuess, color: .green, lineWidth: 4, name: "slider-green")
                        .transition(.opacity)
                }
                if selectedPickerIndex == 2 {
                    SliderView(value: $blueGuess, color: .blue, lineWidth: 4, name: "slider-blue")
                        .transition(.opacity)
                }
            }
            // SwiftUI springs the rows to their new places when the block grows or shrinks; our stacks place
            // children at once but animate frame sizes, so the block's height is given (top-aligned) and the two
            // spacers, re-computed from it every frame, carry the rows along the spring.
            .frame(height: Self.blockHeight(rows: selectedPickerIndex + 1), alignment: .top)
        }
    }

    /// One slider row: "0", the slider in the channel colour, "255", inside a capsule outline.
    struct SliderView: View {
        @Binding var value: Double
        let color: Color
        let lineWidth: Double
        let name: String

        var body: some View {
            HStack(spacing: 8) {
                Text("0")
                    .bold()
                    .foregroundColor(color)
                Slider(value: $value)
                    .accentColor(color)
                    .named(name)
                Text("255")
                    .bold()
                    .foregroundColor(color)
            }
            .padding(10)
            .overlay(Capsule().stroke(color, lineWidth: lineWidth))
            .padding(.horizontal, 16)
            .padding(5)
        }
    }
}
