/// The editing state of a one-line text field: its characters, the caret, and the selection's other end. Positions
/// count `Character`s (grapheme clusters), so the caret never splits an emoji or an accented letter. Kept apart from
/// drawing so the editing rules can be tested on their own.
struct TextEditState: Equatable {
    /// The most characters a field holds (SwiftUI has no bound; ours keeps a paste of megabytes from costing
    /// gigabytes and seconds a frame). Text typed or pasted past it is dropped, and `insert` says so.
    static let maxLength = 100_000

    private(set) var characters: [Character]
    /// Where typing goes: 0…count.
    private(set) var caret: Int
    /// The selection's fixed end (equal to `caret` when nothing is selected).
    private(set) var anchor: Int

    init(_ text: String = "") {
        characters = Array(text)
        caret = characters.count
        anchor = caret
    }

    var text: String { String(characters) }
    var selection: Range<Int> { min(caret, anchor)..<max(caret, anchor) }
    var hasSelection: Bool { caret != anchor }

    /// Replaces the selection (or inserts at the caret). Line breaks and other control characters are dropped: the
    /// field has one line, and Return submits instead. Returns how many characters were dropped because the field
    /// would have held more than `maxLength` (0 almost always).
    @discardableResult
    mutating func insert(_ text: String) -> Int {
        let range = selection
        let room = Self.maxLength - (characters.count - range.count)
        var clean: [Character] = [], dropped = 0
        for c in text where !c.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            if clean.count < room { clean.append(c) } else { dropped += 1 }
        }
        characters.replaceSubrange(range, with: clean)
        caret = range.lowerBound + clean.count
        anchor = caret
        return dropped
    }

    /// The selected characters ("" when nothing is selected): what Ctrl+C copies.
    var selectedText: String { String(characters[selection]) }

    /// Ctrl+V: `text` replaces the selection; its line breaks (CR LF, LF or CR) and tabs become spaces, since the
    /// field has one line (other control characters are dropped, as typed ones are).
    @discardableResult
    mutating func paste(_ text: String) -> Int {
        // CR LF is one Character, so each line break becomes one space.
        let breaks: Set<Character> = ["\n", "\r", "\r\n", "\t"]
        return insert(String(text.map { breaks.contains($0) ? " " : $0 }))
    }

    /// Backspace: the selection, else the character before the caret (the word before it with `word`).
    mutating func deleteBackward(word: Bool = false) {
        if !hasSelection { anchor = word ? wordBoundary(before: caret) : max(0, caret - 1) }
        insert("")
    }

    /// Delete: the selection, else the character after the caret (the word after it with `word`).
    mutating func deleteForward(word: Bool = false) {
        if !hasSelection { anchor = word ? wordBoundary(after: caret) : min(characters.count, caret + 1) }
        insert("")
    }

    /// Moves the caret to `position`; `extend` keeps the anchor, so the selection grows or shrinks (Shift).
    mutating func move(to position: Int, extend: Bool) {
        caret = min(max(0, position), characters.count)
        if !extend { anchor = caret }
    }

    /// ←: one character (one word with `word`); without Shift a selection collapses to its start instead.
    mutating func moveLeft(word: Bool = false, extend: Bool) {
        if hasSelection && !extend { return move(to: selection.lowerBound, extend: false) }
        move(to: word ? wordBoundary(before: caret) : caret - 1, extend: extend)
    }

    /// →: one character (one word with `word`); without Shift a selection collapses to its end instead.
    mutating func moveRight(word: Bool = false, extend: Bool) {
        if hasSelection && !extend { return move(to: selection.upperBound, extend: false) }
        move(to: word ? wordBoundary(after: caret) : caret + 1, extend: extend)
    }

    mutating func selectAll() {
        anchor = 0
        caret = characters.count
    }

    /// The start of the word before `i` (spaces before it skipped first), as Ctrl+← does in desktop fields.
    private func wordBoundary(before i: Int) -> Int {
        var j = i
        while j > 0 && !isWord(characters[j - 1]) { j -= 1 }
        while j > 0 && isWord(characters[j - 1]) { j -= 1 }
        return j
    }

    /// The end of the word after `i` (spaces before it skipped first).
    private func wordBoundary(after i: Int) -> Int {
        var j = i
        while j < characters.count && !isWord(characters[j]) { j += 1 }
        while j < characters.count && isWord(characters[j]) { j += 1 }
        return j
    }

    private func isWord(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }
}
