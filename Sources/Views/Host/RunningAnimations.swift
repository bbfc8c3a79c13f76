import Motion
import Stage

extension ViewScene: AnimationListing {
    /// Every animation in flight at `time`, in tree order: each animated property of each element (labelled with the
    /// nearest named element above it) and each running transition. Read-only: nothing is laid out or changed.
    public func runningAnimations(at time: Double) -> [RunningAnimation] {
        var out: [RunningAnimation] = []
        func visit(_ e: Element, name: String?) {
            let name = e.name ?? name
            for (key, span) in e.properties.runningAnimations(at: time) {
                out.append(RunningAnimation(node: name, property: key, span: span))
            }
            if let progress = e.transition.progress {
                for span in progress.runningAnimations(at: time) {
                    out.append(RunningAnimation(node: name, property: e.transition.isRemoving ? "removal" : "insertion", span: span))
                }
            }
            for c in e.children { visit(c, name: name) }
        }
        visit(host.root, name: nil)
        return out
    }
}
