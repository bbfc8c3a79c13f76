import Stage

public extension View {
    /// Runs `action` when Delete or Backspace is pressed and no focused control uses the key (SwiftUI's macOS
    /// `onDeleteCommand`): an editor deletes its selection with it, while a focused text field still edits text.
    func onDeleteCommand(perform action: (() -> Void)?) -> some View {
        Attach(content: self) { e, _ in e.interaction.onDelete = action }
    }
}

extension ViewHost {
    /// Delete or Backspace (without Ctrl) for the frontmost shown view with a delete command; true when one ran.
    func deleteCommand(_ key: Key) -> Bool {
        guard !key.ctrl, key.name == "delete" || key.name == "backspace",
              let action = shown(Element.self, where: { $0.interaction.onDelete != nil }).last?.interaction.onDelete
        else { return false }
        action()
        flush()
        return true
    }
}
