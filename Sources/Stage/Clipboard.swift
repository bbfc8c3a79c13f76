/// The system clipboard's text, as the backend offers it: a window's player installs the desktop clipboard (SDL's);
/// headless runs and tests keep one in memory (the script's `clipboard TEXT` fills it).
public struct Clipboard {
    /// The text on the clipboard (nil: none, or not text).
    public var read: () -> String?
    /// Puts `text` on the clipboard.
    public var write: (String) -> Void

    public init(read: @escaping () -> String?, write: @escaping (String) -> Void) {
        self.read = read; self.write = write
    }

    /// A clipboard of its own, in memory.
    public static func memory() -> Clipboard {
        final class Box { var text: String? }
        let box = Box()
        return Clipboard(read: { box.text }, write: { box.text = $0 })
    }
}
