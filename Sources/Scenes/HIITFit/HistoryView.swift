import Views

extension HIITFit {
    /// The History sheet (spec 06 §1.A.6): a close button, the title, and one form section per day of the store
    /// from the environment, newest first. It reads the store, so it redraws while open when the store changes.
    struct HistoryView: View {
        @EnvironmentObject var history: HistoryStore
        @Binding var showHistory: Bool

        var body: some View {
            ZStack(alignment: .topTrailing) {
                Button(action: { showHistory.toggle() }) {
                    Image(systemName: "xmark.circle")
                }
                .font(.title)
                .named("historyClose")
                .padding(.trailing)
                VStack {
                    Text("History")
                        .font(.title)
                        .padding()
                    Form {
                        ForEach(Array(history.exerciseDays.enumerated()), id: \.element.id) { number, day in
                            Section(
                                header:
                                    // iOS 14 shows grouped section headers in capitals (spec 06 §5.14).
                                    Text(day.date.formatted(as: "MMM d").uppercased())
                                    .font(.headline)
                                    .probeState("exercises", day.exercises.joined(separator: ", "))
                                    .named("historyDay\(number + 1)")
                            ) {
                                // By position: a name done twice in a day is two rows (spec 06 §5.13).
                                ForEach(day.exercises.indices, id: \.self) { i in
                                    FormRow(isFirst: i == 0) {
                                        Text(day.exercises[i])
                                    }
                                }
                            }
                        }
                    }
                }
            }
            .named("historySheet")
        }
    }
}
