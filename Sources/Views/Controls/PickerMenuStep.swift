import Stage

extension MenuPickerElement {
    /// ← and → on a focused, closed pop-up button choose the previous or the next option without opening the list,
    /// stopping at the ends: a desktop convenience for tools that walk through many choices from the keyboard (the
    /// Particle Lab's effects and textures), where opening a menu for each step would be slow.
    func stepKey(_ key: Key) -> Bool {
        let step = key.ctrl ? 0 : key.name == "left" ? -1 : key.name == "right" ? 1 : 0
        guard step != 0, isEnabled, count > 0 else { return false }
        let next = selected.map { min(max($0 + step, 0), count - 1) } ?? (step > 0 ? 0 : count - 1)
        if next != selected { select(next) }
        return true
    }
}
