import Backend
import Stage

/// In a window the code panel does not squeeze the scene: the window grows to the right by the panel's width when it
/// opens (560–760 pt, about 45 % of the new width) and gives it back when it closes. A fullscreen window, or one whose
/// size the user fixed with `--size`, keeps its size and the scene shares it (the panel takes 45 %).
extension CodePanel {
    func windowToggled(_ open: Bool, window: Window, session: Session, fixedSize: Bool) {
        if open {
            preferredWidth = nil
            guard !fixedSize, !window.isFullscreen else { return }
            let before = window.size
            let grow = min(760, max(560, (before.width * 0.82).rounded()))
            window.setSize(Size(before.width + grow, before.height))
            let after = window.size
            // The window may have been shrunk to fit the screen: the panel keeps its share.
            preferredWidth = (grow * after.width / (before.width + grow)).rounded()
            session.size = after
        } else if let grown = preferredWidth {
            preferredWidth = nil
            guard !window.isFullscreen else { return }
            let now = window.size
            window.setSize(Size(max(1, now.width - grown), now.height))
            session.size = window.size
        }
    }
}
