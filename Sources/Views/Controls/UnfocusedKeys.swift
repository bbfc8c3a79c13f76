import Stage

/// Keys the focused control did not use (or that came with nothing focused) may still reach a control that takes no
/// focus of its own: a scroll view (PageUp/PageDown/Home/End), a paged TabView (←/→), a scene's only wheel picker
/// (↑/↓). The player has no hover position, so the target is the one the user last touched, else the only one shown.
extension ViewHost {
    /// The elements of type `T` that are shown (not leaving, not transparent) and `qualify`, in tree order; at most
    /// `limit` of them.
    func shown<T: Element>(_: T.Type, limit: Int = .max, where qualifies: (T) -> Bool = { _ in true }) -> [T] {
        var found: [T] = []
        func visit(_ e: Element) {
            guard found.count < limit, !e.transition.isRemoving, e.ownOpacity(at: now) > 0.0005 else { return }
            if let t = e as? T, qualifies(t) { found.append(t) }
            e.children.forEach(visit)
        }
        visit(root)
        return found
    }
}

/// A control that takes keys without focus, remembering when the user last touched it.
protocol LastUsed: AnyObject {
    var lastUsed: Double { get }
}

extension Array where Element: LastUsed {
    /// The one touched last, else the only one.
    var lastUsedOrSole: Element? {
        guard let target = self.max(by: { $0.lastUsed < $1.lastUsed }), target.lastUsed.isFinite || count == 1 else { return nil }
        return target
    }
}
