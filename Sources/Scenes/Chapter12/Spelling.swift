import Foundation

/// The word game's dictionary for code outside the scene (UIKit's `UITextChecker` in a project `zoetrope run`
/// compiles): Hunspell with Debian's dictionaries, by iOS language code (`en`, `en_US`, `es`, `it`).
public enum Spelling {
    public static func checker() -> (_ word: String, _ language: String) -> Bool {
        let dictionary = Chapter12.HunspellDictionary(fallback: NoWords(), warn: { _ in })
        return { word, code in
            let prefix = code.lowercased().prefix(2)
            let language: Chapter12.Language = prefix == "es" ? .spanish : prefix == "it" ? .italian : .english
            return dictionary.isWord(word, in: language)
        }
    }

    private struct NoWords: Chapter12.WordSource { func words(named name: String) -> [String]? { nil } }
}
