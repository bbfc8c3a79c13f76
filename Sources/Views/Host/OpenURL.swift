import Foundation
import Stage

public extension View {
    /// Runs `action` with a file the user opens while the scene shows (dropped on the window), as SwiftUI's
    /// `onOpenURL` hands a scene the URLs its app is asked to open. The player has already checked the file reads.
    func onOpenURL(perform action: @escaping (URL) -> Void) -> some View {
        Attach(content: self) { e, _ in e.interaction.onOpenURL = action }
    }
}

extension ViewScene {
    /// The frontmost shown `onOpenURL` handler takes the file; false when the view tree has none (the player then
    /// opens the file itself).
    public func open(_ url: URL) -> Bool {
        guard let action = host.shown(Element.self, where: { $0.interaction.onOpenURL != nil }).last?.interaction.onOpenURL
        else { return false }
        action(url)
        host.flush()
        return true
    }
}
