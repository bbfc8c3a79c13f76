import Motion

/// Evaluating only the views whose state changed, as SwiftUI does: a composite view marked by a change of its
/// `@State` or of an object it observes is evaluated again on its own, from the value and context its parent gave it
/// last time, and its ancestors are not evaluated at all (nor a GeometryReader above it, whose closure SwiftUI runs
/// again only when the reader's size changes or its parent is evaluated). Before this, every change evaluated the
/// tree from the root down through the marked views' ancestors, and a GeometryReader on the way resolved its whole
/// content again: a slider dragged in the Particle Lab evaluated the lab's whole panel on every move.
extension ViewHost {
    /// Evaluates the changed views in place; false when the tree must be evaluated from the root (the first
    /// evaluation, a change that marked no view, a view whose new elements its parent must place and whose parent
    /// cannot be evaluated on its own, a presentation). What was evaluated here is then reused by that evaluation.
    func evaluateInPlace() -> Bool {
        guard generation > 1, !changedViews.isEmpty else { return false }
        var targets: [ViewPath] = []
        for mark in changedViews {
            // A mark of a view that left the tree (a path that once held an observed object) changes nothing.
            guard composites[mark] != nil || table[mark] != nil else { continue }
            guard let target = evaluable(atOrAbove: mark) else { return false }
            targets.append(target)
        }
        // A view inside another target is evaluated with it.
        let outermost = Set(targets.filter { t in !targets.contains { $0 != t && t.components.starts(with: $0.components) } })
        // The root's overlays follow the tree's alerts and sheets: a view that presents one is evaluated with the tree.
        for t in outermost where records[t]?.paths.contains(where: { table[$0] is PresenterElement }) == true { return false }
        for target in outermost where !evaluateAlone(target) { return false }
        // An alert or sheet resolved here may have been presented or dismissed: the root's overlays are made again.
        return !presentations.hasPresenters(resolvedIn: generation)
    }

    /// The nearest composite view at or above `path` that can be evaluated on its own: one kept for reuse (its value
    /// and context are known) whose transaction is the evaluation's own.
    private func evaluable(atOrAbove path: ViewPath) -> ViewPath? {
        var p = path
        while true {
            if let r = records[p], r.inheritsTransaction { return p }
            if p.components.isEmpty { return nil }
            p = p.droppingLast()
        }
    }

    /// Evaluates the composite at `path` from its kept value; when its elements are not the ones its parent holds,
    /// its parent is evaluated in its turn, reusing what was just made (`ViewHost.reuse`). False: the root's
    /// evaluation must place them (and reuses it too).
    private func evaluateAlone(_ start: ViewPath) -> Bool {
        var path = start
        while let kept = records[path] {
            let ctx = ResolveContext(host: self, path: path, environment: kept.environment, transaction: Transaction.current,
                                     stackAxis: kept.stackAxis)
            let elements = ctx.evaluate(composite: kept.value)
            dirtyPaths.remove(path)
            guard let fresh = records[path] else { return false }
            evaluatedAlone.insert(path)
            if elements.count == kept.elements.count && zip(elements, kept.elements).allSatisfy({ $0 === $1 }) {
                settle(path, was: kept, now: fresh)
                // The parent's setChildren would have marked it: the new content is laid out from the root down.
                for e in elements where e.layoutDirty { e.parent?.markLayoutDirty(ancestors: true) }
                return true
            }
            guard !path.components.isEmpty, let up = evaluable(atOrAbove: path.droppingLast()) else { return false }
            path = up
        }
        return false
    }

    /// Forgets what left with this evaluation of the view at `path` (the root's evaluation drops everything it did
    /// not reach), and the records of its ancestors, which listed what it held before.
    private func settle(_ path: ViewPath, was old: Record, now new: Record) {
        let gonePaths = Set(old.paths).subtracting(new.paths)
        let goneComposites = Set(old.composites).subtracting(new.composites)
        let goneOwners = Set(old.owners).subtracting(new.owners)
        let same = gonePaths.isEmpty && goneComposites.isEmpty && goneOwners.isEmpty
            && Set(new.paths).count == Set(old.paths).count && Set(new.composites).count == Set(old.composites).count
            && Set(new.owners).count == Set(old.owners).count
        guard !same else { return }
        for p in gonePaths { table[p] = nil }
        for c in goneComposites { records[c] = nil; composites[c] = nil }
        for o in goneOwners { owners[o] = nil }
        if !goneOwners.isEmpty { cells = cells.filter { key, _ in owners[key.droppingLast()] != nil } }
        var p = path
        while !p.components.isEmpty {
            p = p.droppingLast()
            records[p] = nil
        }
    }
}
