import Diagnostics
import Foundation

extension Chapter12 {
    /// UITextChecker's replacement (spec 04 §2.9): libhunspell with Debian's `en_US`, `es_ES` and `it_IT`
    /// dictionaries under /usr/share/hunspell. Chosen over plain word lists because Hunspell's affix rules accept
    /// plurals and verb forms ("maps", "rendí"), which a list of stems would reject, as UITextChecker accepts them.
    ///
    /// A dictionary is opened on its language's first check and kept. Words go to Hunspell in the encoding its
    /// `.aff` declares with `SET`. The whole lower-cased string is one token: a string with a space is no word.
    /// Hunspell is case-sensitive the way the spec wants: "paris" is rejected where only "Paris" is listed.
    /// When a dictionary cannot be opened, one warning says so and that language falls back to exact matches in
    /// its own base-word lists (7, 8 and 9 letters); the game goes on. Without libhunspell itself (`library`: the
    /// process's, opened at the first check, unless a test hands in another), one warning says so and every language
    /// falls back.
    final class HunspellDictionary: WordChecker {
        private let directory: String
        private let fallback: WordSource
        private let warn: (String) -> Void
        private let library: () -> Result<HunspellLibrary, SharedLibrary.LoadError>
        private var handles: [Language: Handle] = [:]
        private var fallbackWords: [Language: Set<String>] = [:]
        private var saidNoLibrary = false

        init(directory: String = "/usr/share/hunspell", fallback: WordSource, warn: @escaping (String) -> Void,
             library: @escaping @autoclosure () -> Result<HunspellLibrary, SharedLibrary.LoadError> = HunspellLibrary.shared) {
            self.directory = directory; self.fallback = fallback; self.warn = warn
            self.library = library
        }

        func isWord(_ word: String, in language: Language) -> Bool {
            guard !word.isEmpty, !word.contains(where: { $0.isWhitespace }) else { return false }
            if let handle = handle(for: language) { return handle.spell(word) }
            if fallbackWords[language] == nil {
                fallbackWords[language] = Set([7, 8, 9].flatMap { fallback.words(named: "\($0)LetterWords\(language.code)") ?? [] })
            }
            return fallbackWords[language]!.contains(word)
        }

        /// The open dictionary, or nil (warned once) when its files cannot be read.
        private func handle(for language: Language) -> Handle? {
            if let h = handles[language] { return h.isOpen ? h : nil }
            let hunspell: HunspellLibrary
            switch library() {
            case .success(let loaded): hunspell = loaded
            case .failure(let error):
                if !saidNoLibrary {
                    saidNoLibrary = true
                    warn("Find Words: \(error); checking words against the base-word lists only")
                }
                return nil
            }
            let base = directory + "/" + language.hunspellName
            let h = Handle(aff: base + ".aff", dic: base + ".dic", hunspell: hunspell)
            handles[language] = h
            if !h.isOpen {
                warn("Find Words: cannot open the \(language.rawValue) dictionary \(base).dic/.aff (install hunspell-"
                     + "\(language == .english ? "en-us" : language == .spanish ? "es" : "it")); checking \(language.rawValue) "
                     + "words against the base-word lists only")
            }
            return h.isOpen ? h : nil
        }
    }
}

/// One Hunspell instance: a C handle owned by one object, not UI state, so nonisolated (its `deinit` frees it).
nonisolated private final class Handle {
    private let library: HunspellLibrary
    private var hunspell: OpaquePointer?
    /// The dictionary's `SET` encoding as Foundation knows it; nil for UTF-8 (passed as is).
    private var encoding: String.Encoding?

    var isOpen: Bool { hunspell != nil }

    init(aff: String, dic: String, hunspell library: HunspellLibrary) {
        self.library = library
        let fm = FileManager.default
        // Hunspell_create "succeeds" on missing files (and then rejects every word), so check them first.
        guard fm.isReadableFile(atPath: aff), fm.isReadableFile(atPath: dic) else { return }
        hunspell = library.Hunspell_create(aff, dic)
        guard let h = hunspell, let name = library.Hunspell_get_dic_encoding(h).map({ String(cString: $0).uppercased() }) else { return }
        switch name {
        case "UTF-8": encoding = nil
        case "ISO8859-1": encoding = .isoLatin1
        case "ISO8859-2": encoding = .isoLatin2
        case "MICROSOFT-CP1251", "CP1251": encoding = .windowsCP1251
        case "MICROSOFT-CP1252", "CP1252", "ISO8859-15": encoding = .windowsCP1252
        default: encoding = .isoLatin1
        }
    }

    func spell(_ word: String) -> Bool {
        guard let h = hunspell else { return false }
        guard let encoding else { return library.Hunspell_spell(h, word) != 0 }
        // A word the dictionary's encoding cannot spell is not in it.
        guard var bytes = word.data(using: encoding).map([UInt8].init) else { return false }
        bytes.append(0)
        return bytes.withUnsafeBufferPointer { p in
            p.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) { library.Hunspell_spell(h, $0) != 0 }
        }
    }

    deinit { if let hunspell { library.Hunspell_destroy(hunspell) } }
}
