import Views

/// The ocean's `playSound(name:type:)`: plays the named sound once from its start through the scene's one global
/// player. A file that is missing or will not decode prints the book's line and the scene goes on silently
/// (spec 03 §3.4). The type is the book's file extension; any supported file of that base name plays (README §3.10).
func playSound(name: String, type: String) {
    if playSound(name) != .started { print("could not find and play the sound file") }
}
