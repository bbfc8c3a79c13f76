/// A view's structural identity: where it sits in the tree of view values (position in a builder block, branch of
/// a conditional, explicit id in a ForEach, view type). Equal paths across evaluations are the same view.
struct ViewPath: Hashable, CustomStringConvertible {
    enum Component: Hashable {
        case index(Int), branch(Int), id(AnyHashable), type(ViewType), modifier(Int), named(String)
    }

    /// A composite view's type: compared by identity, and kept so the code panel can name it (`ViewSourceNames`).
    struct ViewType: Hashable {
        let type: Any.Type
        init(of view: Any) { type = Swift.type(of: view) }
        static func == (a: ViewType, b: ViewType) -> Bool { a.type == b.type }
        func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(type)) }
    }
    private(set) var components: [Component] = []
    private var cachedHash = 0

    func appending(_ c: Component) -> ViewPath {
        var p = self
        p.components.append(c)
        var h = Hasher()
        h.combine(cachedHash); h.combine(c)
        p.cachedHash = h.finalize()
        return p
    }

    /// The path without its last component (a state cell's key → the view that owns it).
    func droppingLast() -> ViewPath {
        var p = ViewPath()
        for c in components.dropLast() { p = p.appending(c) }
        return p
    }

    func hash(into hasher: inout Hasher) { hasher.combine(cachedHash) }
    static func == (a: ViewPath, b: ViewPath) -> Bool { a.cachedHash == b.cachedHash && a.components == b.components }
    var description: String { components.map { "\($0)" }.joined(separator: "/") }
}
