import Views

/// The book's `print` in the scenes: the line goes to the scene log (standard output and the harness's log), as
/// Xcode's console shows it.
func print(_ items: Any..., separator: String = " ") { sceneLog(items, separator: separator) }
