import Foundation

/// UIKit's spelling checker, as the word game uses it: `rangeOfMisspelledWord(in:range:startingAt:wrap:language:)`
/// returns the first misspelled word's range, or `NSNotFound` as its location when every word is spelled right.
/// The dictionary is the player's (Hunspell with Debian's dictionaries, spec 04 §2.9); without one, nothing is
/// misspelled.
open class UITextChecker {
    /// Whether a word is spelled right in a language (`en`, `en_US`, `es`, `it`, …); the player sets it.
    public static var dictionary: ((_ word: String, _ language: String) -> Bool)?

    public init() {}

    public func rangeOfMisspelledWord(in string: String, range: NSRange, startingAt start: Int, wrap: Bool,
                                      language: String) -> NSRange {
        let text = string as NSString
        let limit = NSIntersectionRange(range, NSRange(location: 0, length: text.length))
        guard let dictionary = UITextChecker.dictionary, limit.length > 0 else { return NSRange(location: NSNotFound, length: 0) }
        let first = max(start, limit.location)
        let words = self.words(in: text, range: limit)
        let ordered = words.filter { $0.location >= first } + (wrap ? words.filter { $0.location < first } : [])
        for word in ordered where !dictionary(text.substring(with: word), language) { return word }
        return NSRange(location: NSNotFound, length: 0)
    }

    /// The runs of letters (and apostrophes inside them) in `range`, in UTF-16 units.
    private func words(in text: NSString, range: NSRange) -> [NSRange] {
        var out: [NSRange] = []
        var start: Int?
        for i in range.location..<(range.location + range.length) {
            let unit = text.character(at: i)
            let isLetter = UnicodeScalar(unit).map { CharacterSet.letters.contains($0) } ?? true
            let inWord = isLetter || (unit == 0x27 && start != nil)
            if inWord, start == nil { start = i }
            if !inWord, let s = start { out.append(NSRange(location: s, length: i - s)); start = nil }
        }
        if let s = start { out.append(NSRange(location: s, length: range.location + range.length - s)) }
        return out
    }
}
