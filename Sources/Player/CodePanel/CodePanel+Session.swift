import Foundation
import Scenes
import Stage

/// The session's side of the code panel: `c` toggles it (after the scene, so a focused text field types the letter),
/// it takes the keys and pointer input meant for it, and the scene lays out beside it.
extension Session {
    /// The part of the content area the scene has (all of it unless the code panel is open).
    public var sceneArea: Size { codePanel.sceneSize(in: size) }

    /// Keys the open panel takes before the scene (Esc, PgUp, PgDn, Ctrl+PgUp/PgDn).
    func codePanelTakes(_ key: Key) -> Bool {
        guard codePanel.isOpen else { return false }
        let used = codePanel.key(key, size: size)
        if used && !codePanel.isOpen { host.windowSize = sceneArea }
        return used
    }

    /// `c` (no Ctrl) the scene left alone: opens or closes the panel. Not in the menu, whose type-ahead has letters.
    func codePanelToggles(_ key: Key) -> Bool {
        guard key.name == "c", !key.ctrl, !isInMenu else { return false }
        toggleCodePanel()
        return true
    }

    /// Opens the code panel on the current scene, or closes it.
    public func toggleCodePanel() {
        if codePanel.isOpen {
            codePanel.close()
        } else {
            codePanel.open(host: host, registry: entry.sourceFile, size: size)
        }
        host.windowSize = sceneArea
    }

    /// Pointer input the panel takes; a press in the scene is remembered (and shown while the panel is open).
    func codePanelPointer(_ event: PointerEvent) -> Bool {
        if codePanel.pointer(event, size: size) {
            host.windowSize = sceneArea
            return true
        }
        if case let .press(p) = event, !isInMenu { codePanel.scenePressed(at: p, host: host, size: size) }
        return false
    }

    func drawCodePanel(on renderer: Renderer) { codePanel.draw(on: renderer, size: size) }

    /// `probe codePanel`.
    func codePanelReport() -> ProbeReport { codePanel.report(size: size) }
}
