import Stage

/// PageUp/PageDown/Home/End for scroll views. Scroll views take no keyboard focus (as on macOS, Tab skips them):
/// keys the focused control does not use go to the scroll view the user last scrolled or pressed in, else to the
/// scene's only one. The player has no hover position, so "the one under the pointer" is the one last touched.
extension ViewHost {
    /// True when a scroll view used the key. Called by `FocusController.key` for keys nothing focused took.
    func scrollKey(_ key: Key) -> Bool {
        guard !key.ctrl, !key.shift, ["pageup", "pagedown", "home", "end"].contains(key.name) else { return false }
        guard let target = shown(ScrollElement.self, where: { $0.maxOffset > 0 }).lastUsedOrSole else { return false }
        target.pageKey(key.name, time: now)
        flush()
        return true
    }
}

extension ScrollElement: LastUsed {}

extension ScrollElement {
    static let keyDuration = 0.2
    /// A page keeps one wheel line of the previous page in view.
    var pageHeight: Double { max(Self.wheelLine, frame.height - Self.wheelLine) }

    func pageKey(_ name: String, time: Double) {
        let target: Double
        switch name {
        case "pageup": target = clamp(offset.target - pageHeight)
        case "pagedown": target = clamp(offset.target + pageHeight)
        case "home": target = 0
        default: target = maxOffset
        }
        if target != offset.target { move(to: target, animation: .easeOut(duration: Self.keyDuration), time: time) }
        lastUsed = time
    }
}
