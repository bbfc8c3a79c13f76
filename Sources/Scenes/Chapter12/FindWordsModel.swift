import Foundation
import Views

extension Chapter12 {
    /// The book's `DataModel` for Find Words (spec 04 §2.4–§2.5): the base word, the words found so far, the
    /// caption, the alert's text, and the rules a typed word must pass. Words, dictionary, settings and randomness
    /// come from `Services`, so tests can run the same rules on their own words.
    final class DataModel: ObservableObject {
        /// Unused, as in the book (the loader uses a local of the same name).
        @Published var allWordsInFile: [String] = []
        @Published var baseWord = ""
        @Published var userEnteredWord = ""
        /// Accepted words, newest first; never cleared (New Word keeps them).
        @Published var userEnteredWordsArray: [String] = []
        @Published var letterCount = ""
        /// Unused, as in the book (the screen keeps its own flag).
        @Published var showSettings = false
        @Published var errorMessageIsShown = false
        @Published var errorTitle = ""
        @Published var errorDescription = ""
        /// The "splash" flag of the book, unused.
        @Published var change = false

        /// The persisted keys (the book's `@AppStorage`).
        let settings: SettingsStore
        private let services: Services

        /// The file used while no language or no length is chosen (choice F2).
        static let fallbackFile = "8LetterWordsEn"

        init(services: Services) {
            self.services = services
            settings = services.settings
        }

        /// The word file for the chosen language and length, e.g. `8LetterWordsES`, and the caption
        /// `🇱🇷 8 letter word - Spanish 🇱🇷`; "" (caption unchanged) while either is missing.
        func setWordLengthAndLanguage() -> String {
            let lengths = [1: "7", 2: "8", 3: "9"]
            guard let language = settings.language, let length = lengths[settings.selectedSegment] else { return "" }
            letterCount = "🇱🇷 \(length) letter word - \(language.rawValue) 🇱🇷"
            return "\(length)LetterWords\(language.code)"
        }

        /// A random word of the chosen file (or of the fallback file, F2) becomes `baseWord`; "SwiftUI" when the
        /// file has no words; unchanged, with a message, when it cannot be read.
        func getRandomWord() {
            var name = setWordLengthAndLanguage()
            if name.isEmpty { name = Self.fallbackFile }
            guard let allWordsInFile = services.words.words(named: name) else {
                services.warn("Find Words: could not load \(name).txt; the base word stays \"\(baseWord)\"")
                return
            }
            baseWord = allWordsInFile.isEmpty ? "SwiftUI" : allWordsInFile[services.randomIndex(allWordsInFile.count)]
        }

        /// Submit (spec 04 §2.5): trimmed and lower-cased; one letter does nothing; then the duplicate, letter and
        /// dictionary rules, each with its alert; a word that passes goes to the top of the list and the field is
        /// cleared. After an alert the field keeps the rejected text.
        func addWordToList() {
            let word = userEnteredWord.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            guard word.count > 1 else { return }
            guard isWordDuplicate(word: word) else {
                return displayErrorMessage(title: "You already used this word", description: "Keep looking!")
            }
            guard isWordFoundInBaseWord(userGuessWord: word) else {
                return displayErrorMessage(title: "This word is not possible",
                                           description: "Create only words from the letters in the given word")
            }
            guard isWordInDictionary(word: word) else {
                return displayErrorMessage(title: "This is not a valid word", description: "Use only real words")
            }
            userEnteredWordsArray.insert(word, at: 0)
            userEnteredWord = ""
        }

        /// True when the word is *not* in the list yet (the book's name reads backwards).
        func isWordDuplicate(word: String) -> Bool {
            !userEnteredWordsArray.contains(word)
        }

        /// Multiset containment: each character of the guess uses up one equal character of the base word
        /// (whole characters, canonical equivalence, case-sensitive: "a" is not "á").
        func isWordFoundInBaseWord(userGuessWord: String) -> Bool {
            var letters = Array(baseWord)
            for letter in userGuessWord {
                guard let i = letters.firstIndex(of: letter) else { return false }
                letters.remove(at: i)
            }
            return true
        }

        /// The dictionary of the selected language, English when none is selected (choice F3).
        func isWordInDictionary(word: String) -> Bool {
            services.dictionary.isWord(word, in: settings.language ?? .english)
        }

        func displayErrorMessage(title: String, description: String) {
            errorTitle = title
            errorDescription = description
            errorMessageIsShown = true
        }

        /// The footer's right number: total characters div number of words, 0 for an empty list.
        var letterAverage: Int {
            userEnteredWordsArray.isEmpty ? 0 : userEnteredWordsArray.reduce(0) { $0 + $1.count } / userEnteredWordsArray.count
        }
    }
}
