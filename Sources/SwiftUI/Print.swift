import Views

/// `print` in a book project's code: the line goes to the scene log (standard output and the harness's log), as
/// Xcode's console shows it.
public func print(_ items: Any..., separator: String = " ") { sceneLog(items, separator: separator) }
