extension ViewScene {
    /// The element of type `T` that the node `name` stands for, through the modifiers on it (a named view's name sits
    /// on its outermost modifier), for the harness's particle and confetti state.
    func element<T: Element>(named name: String, as _: T.Type) -> T? {
        func find(_ e: Element) -> Element? {
            if e.name == name { return e }
            for c in e.children { if let hit = find(c) { return hit } }
            return nil
        }
        guard var e = find(host.root) else { return nil }
        while !(e is T), e.layoutChildren.count == 1 { e = e.layoutChildren[0] }
        return e as? T
    }
}
