import Foundation
import Particles
import Stage

extension Chapter12 {
    /// The three languages of the settings sheet, with the file-name codes of spec 04 §2.4.
    enum Language: String, CaseIterable {
        case english = "English", spanish = "Spanish", italian = "Italian"
        /// `En`, `ES` (upper case, as the book's files), `It`.
        var code: String { self == .english ? "En" : self == .spanish ? "ES" : "It" }
        /// The Hunspell dictionary (Debian hunspell-en-us, hunspell-es, hunspell-it).
        var hunspellName: String { self == .english ? "en_US" : self == .spanish ? "es_ES" : "it_IT" }
    }

    /// Where base words come from: the lines of a word file by name (`8LetterWordsES`), or nil when it cannot be
    /// read. Injected, so tests choose the words.
    protocol WordSource {
        func words(named name: String) -> [String]?
    }

    /// The dictionary check that replaces UITextChecker (spec 04 §2.9). Injected, so tests choose the words.
    protocol WordChecker {
        func isWord(_ word: String, in language: Language) -> Bool
    }

    /// Everything the scene takes from outside: words, dictionary, settings, the seeded generator, the text
    /// measure, and where warnings go. The registry fills it with the real ones (`live`); tests with their own.
    struct Services {
        var words: WordSource
        var dictionary: WordChecker
        var settings: SettingsStore
        /// A uniform index in 0..<count from the scene's seeded generator (spec README §3.14).
        var randomIndex: (Int) -> Int
        /// One line of text's size in a font (the hands follow the base word's width, spec 04 §2.3).
        var measure: (String, Font) -> Size
        var warn: (String) -> Void

        /// The real services of a running scene: the bundled word lists (and `--assets` folders), Hunspell, the
        /// settings file under `$XDG_CONFIG_HOME/zoetrope/`, and the context's generator, measure and log.
        static func live(_ context: SceneContext) -> Services {
            let warn: (String) -> Void = { context.log.warning("\($0)") }
            let lists = WordLists(roots: context.assets.roots)
            return Services(words: lists,
                            dictionary: HunspellDictionary(fallback: lists, warn: warn),
                            settings: SettingsStore(directory: SettingsStore.defaultDirectory(), warn: warn),
                            randomIndex: { Int.random(in: 0..<$0, using: &context.random) },
                            measure: { context.measure($0, $1) },
                            warn: warn)
        }
    }
}

extension Chapter12 {
    /// The word files `<name>.txt` in the asset roots (`Words/` of the bundled `Resources`, or a user's
    /// `--assets` folder). The loader trims every line and skips empty ones (spec 04 §2.10, choice F7).
    struct WordLists: WordSource {
        let roots: [URL]

        func words(named name: String) -> [String]? {
            for root in roots {
                for url in [root.appendingPathComponent("Words/\(name).txt"), root.appendingPathComponent("\(name).txt")] {
                    guard let data = FileManager.default.contents(atPath: url.path) else { continue }
                    guard let text = String(data: data, encoding: .utf8) else { return nil }
                    return WordLists.parse(text)
                }
            }
            return nil
        }

        /// The words of a list, one a line, blank lines and spaces round a word left out. Trimmed in Swift, not by
        /// Foundation's `trimmingCharacters`, which bridged every line to an NSString: 19 ms of the window's first
        /// frame for a 9,000-word list (issue 24).
        static func parse(_ text: String) -> [String] {
            text.split(whereSeparator: \.isNewline).compactMap { line in
                var word = line[...]
                while word.first?.isWhitespace == true { word.removeFirst() }
                while word.last?.isWhitespace == true { word.removeLast() }
                return word.isEmpty ? nil : String(word)
            }
        }
    }
}
