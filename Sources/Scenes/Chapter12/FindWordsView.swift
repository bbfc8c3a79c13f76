import Views

extension Chapter12 {
    /// "Find Words" (spec 04 §2): make words from the letters of a random base word. One vertical stack on a wooden
    /// background, 15 pt apart: the header with ⓘ, the length picker, New Word, the caption and the base word
    /// between two pointing hands, the text field, the list of found words, and the footer.
    struct ContentView: View {
        @StateObject var dataModel: DataModel
        /// The persisted keys, observed so the picker and the sheet's check-marks follow them at once (F5).
        @StateObject var settings: SettingsStore
        @State private var wordToPlayFrom = "Click for Word"
        @State private var showSettings = false
        @State private var horizontalFLip = false
        /// Set once the renderer measures text: the player connects it after the scene's first evaluation, whose
        /// widths are estimates, so a zero-delay timer at appear evaluates the word's width again with real fonts.
        @State private var fontsReady = false
        /// Where the haptics go (iOS's `UIImpactFeedbackGenerator`; recorded on Linux, spec 04 §2.7).
        @Environment(\.deviceFeedback) private var feedback
        private let services: Services

        init(services: Services) {
            self.services = services
            _dataModel = StateObject(wrappedValue: DataModel(services: services))
            _settings = StateObject(wrappedValue: services.settings)
        }

        /// The base word's font: HelveticaNeue-Medium 38 on iOS; the engine's sans here (spec 04 §0.5).
        static let wordFont = Font.system(size: 38)

        var body: some View {
            ZStack {
                // Aspect-fill into at least 500×800, centred: it covers the whole window (spec 04 §2.2 item 0).
                GeometryReader { geo in
                    Image("find-words/background")
                        .resizable()
                        .aspectRatio(contentMode: .fill)
                        .frame(width: max(500, geo.size.width), height: max(800, geo.size.height))
                        .position(x: geo.size.width / 2, y: geo.size.height / 2)
                }
                .named("background")

                VStack(spacing: 15) {
                    // MARK: Header
                    ZStack {
                        Image("find-words/title")
                            .resizable()
                            .frame(width: 250, height: 50)
                            .shadow(color: .black, radius: 1, x: 1, y: 1)
                        Button(action: { showSettings = true }) {
                            Image(systemName: "info.circle")
                                .font(.system(size: 30))
                                .foregroundColor(.black)
                        }
                        .padding(.top, 10)
                        .offset(x: 160)
                    }
                    .frame(width: 250, height: 50)
                    .named("header")

                    PickerView(settings: settings)

                    // MARK: New Word
                    Button(action: newWord) {
                        Text("New Word")
                            .font(.system(size: 17))
                            .foregroundColor(.white)
                            .padding(7)
                            .frame(width: 125, height: 50)
                            .background(Image("find-words/background").resizable())
                            .cornerRadius(15)
                            .shadow(color: .black, radius: 2, x: 1, y: 1)
                            .shadow(color: .black, radius: 2, x: -1, y: -1)
                    }
                    .buttonStyle(PressedOpacity())
                    .named("newWordButton")

                    // MARK: Caption and base word
                    VStack(spacing: 8) {
                        Text(dataModel.letterCount)
                            .font(.system(size: 18, weight: .bold, design: .serif))
                            .foregroundColor(.white)
                            .shadow(color: .black, radius: 1, x: 1, y: 1)
                            .named("caption")
                        HStack(spacing: 8) {
                            Image(systemName: "hand.point.right")
                                .font(.system(size: 30))
                                .foregroundColor(.black)
                            // Two scale factors of −1 that spring together: their product is never negative, so
                            // the word folds to a line and opens again, never mirrored. The word's frame follows
                            // its width with the hands' looser spring, which moves the hands (spec 04 §2.3).
                            Text(wordToPlayFrom)
                                .font(Self.wordFont)
                                .foregroundColor(.white)
                                .shadow(color: .black, radius: 1, x: 1, y: 1)
                                .scaleEffect(x: horizontalFLip ? -1 : 1, y: 1)
                                .scaleEffect(x: horizontalFLip ? -1 : 1, y: 1)
                                .animation(.spring(response: 0.55, dampingFraction: 0.8), value: horizontalFLip)
                                .named("baseWord")
                                .fixedSize()
                                .frame(width: wordWidth)
                                .animation(.spring(response: 0.55, dampingFraction: 0.2), value: horizontalFLip)
                                .named("baseWordFrame")
                            Image(systemName: "hand.point.left")
                                .font(.system(size: 30))
                                .foregroundColor(.black)
                                .padding(-4)
                        }
                        .named("wordRow")
                    }

                    // MARK: Text field
                    TextField("Enter your word", text: Binding(get: { dataModel.userEnteredWord },
                                                               set: { dataModel.userEnteredWord = $0 }))
                        .textFieldStyle(.roundedBorder)
                        .onSubmit { dataModel.addWordToList() }
                        .named("textField")
                        .padding(.horizontal, 55)

                    WordListView(words: dataModel.userEnteredWordsArray)

                    FooterView(count: dataModel.userEnteredWordsArray.count, average: dataModel.letterAverage)
                }
            }
            .onAppear {
                // A base word exists from the start, but the display keeps "Click for Word" (choice F1).
                dataModel.getRandomWord()
                Timer.scheduledTimer(withTimeInterval: 0, repeats: false) { _ in fontsReady = true }
            }
            .alert(dataModel.errorTitle, isPresented: Binding(get: { dataModel.errorMessageIsShown },
                                                              set: { dataModel.errorMessageIsShown = $0 })) {
                Button("OK", role: .cancel) {}
            } message: {
                Text(dataModel.errorDescription)
            }
            .sheet(isPresented: $showSettings) {
                SettingsView(settings: settings)
            }
        }

        /// The displayed word's width in its font; the hands sit beside it.
        var wordWidth: Double {
            _ = fontsReady
            return services.measure(wordToPlayFrom, Self.wordFont).width
        }

        /// New Word (spec 04 §2.5): the click, the haptic, a new base word shown at once, and the flip.
        func newWord() {
            playSound(sound: "buttonClick")
            feedback.haptic(.medium)
            dataModel.getRandomWord()
            wordToPlayFrom = dataModel.baseWord
            horizontalFLip.toggle()
        }
    }

    /// The New Word button's pressed look: the label at opacity 0.2 while held (iOS's default, approximately).
    struct PressedOpacity: ButtonStyle {
        func makeBody(configuration: Configuration) -> some View {
            configuration.label.opacity(configuration.isPressed ? 0.2 : 1)
        }
    }
}
