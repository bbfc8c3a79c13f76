import Views

extension Chapter12 {
    /// The Language Settings sheet (spec 04 §2.5): three wooden language buttons, each with a green check-mark
    /// when its language is on and its flag, and a green Done button. Choosing a language turns the others off
    /// and is saved at once; the check-mark moves at once (F5). Done, Esc or a drag down close the sheet.
    struct SettingsView: View {
        @ObservedObject var settings: SettingsStore
        @Environment(\.dismiss) var dismiss
        /// Where the haptics go (iOS's `UIImpactFeedbackGenerator`; recorded on Linux, spec 04 §2.7).
        @Environment(\.deviceFeedback) private var feedback

        var body: some View {
            VStack(spacing: 0) {
                Text("Language Settings")
                    .font(.system(size: 28, weight: .bold))
                    .padding(.top, 20)
                    .padding(.bottom, 20)
                VStack(alignment: .leading, spacing: 6) {
                    // A grouped form's section header, upper-case small grey as iOS 16 draws it.
                    Text("SELECT A LANGUAGE")
                        .font(.system(size: 13))
                        .foregroundColor(.secondaryLabel)
                        .padding(.leading, 16)
                    VStack(spacing: 10) {
                        LanguageRow(language: .english, flag: "find-words/engFlag", settings: settings)
                        Divider()
                        LanguageRow(language: .spanish, flag: "find-words/esFlag", settings: settings)
                        Divider()
                        LanguageRow(language: .italian, flag: "find-words/itFlag", settings: settings)
                        Button(action: {
                            feedback.haptic(.light)
                            dismiss()
                        }) {
                            HStack {
                                Image(systemName: "checkmark")
                                Text("Done")
                                    .padding(.horizontal, 5)
                            }
                            .padding(8)
                            .foregroundColor(.white)
                            .background(Color.green)
                            .cornerRadius(20)
                            .shadow(color: .black, radius: 1, x: 1, y: 1)
                        }
                        .buttonStyle(ButtonFlash())
                        .named("doneButton")
                    }
                    .padding(16)
                    .background(Color.white)
                    .cornerRadius(10)
                }
                .padding(.horizontal, 20)
                Spacer()
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .background(Color(hex: 0xF2F2F7))
            .named("settings")
        }
    }

    /// One language: the wooden button, the check-mark and the flag.
    struct LanguageRow: View {
        let language: Language
        let flag: String
        @ObservedObject var settings: SettingsStore
        @Environment(\.deviceFeedback) private var feedback

        var body: some View {
            HStack {
                Button(action: {
                    feedback.haptic(.light)
                    settings.select(language)
                }) {
                    Text(language.rawValue)
                        .foregroundColor(.white)
                        .shadow(color: .black, radius: 1, x: 1, y: 1)
                        .frame(width: 70, height: 35)
                        .background(Image("find-words/background").resizable())
                        .cornerRadius(10)
                }
                .buttonStyle(ButtonFlash())
                Spacer()
                Image(systemName: "checkmark.circle")
                    .font(.system(size: 26))
                    .foregroundColor(.green)
                    .opacity(settings.isOn(language) ? 1 : 0)
                    .named("\(language.rawValue.lowercased())Check")
                Image(flag)
                    .resizable()
                    .frame(width: 50, height: 30)
                    .overlay(Rectangle().stroke(Color.black, lineWidth: 1.5))
            }
        }
    }

    /// The book's `ButtonFlash` style: a black shadow r2 at (2, 2), the label at opacity 0.3 while pressed.
    struct ButtonFlash: ButtonStyle {
        func makeBody(configuration: Configuration) -> some View {
            configuration.label
                .shadow(color: .black, radius: 2, x: 2, y: 2)
                .opacity(configuration.isPressed ? 0.3 : 1)
        }
    }
}
