import Views

/// The book's `playSound(sound:type:)` for the record player: plays `sound` from its start through the one global
/// player (a new Play replaces the last); when the file is there but cannot be decoded it prints the book's line.
/// The type is the book's file extension; any supported file of that base name plays (spec README §3.10).
func playSound(sound: String, type: String) {
    if playSound(sound) == .undecodable { print("Could not find and play the sound file") }
}
