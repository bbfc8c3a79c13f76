import Motion
import Stage

/// Everything a view needs while it turns into elements: its identity, the inherited environment and the
/// transaction in effect (value-scoped animations replace its animation for their content).
struct ResolveContext {
    unowned let host: ViewHost
    var path: ViewPath
    var environment: EnvironmentValues
    var transaction: Transaction
    /// The axis of the nearest enclosing stack (dividers and spacers orient themselves by it).
    var stackAxis: Axis?

    func child(_ c: ViewPath.Component) -> ResolveContext {
        var ctx = self
        ctx.path = path.appending(c)
        return ctx
    }

    /// Resolves any view: primitives make elements, composite views link their state and resolve their body.
    func resolve(_ view: any View) -> [Element] {
        if let p = view as? any PrimitiveView { return p.resolve(self) }
        if let s = view as? any Shape { return s.resolveShape(self) }
        let ctx = child(.type(ViewPath.ViewType(of: view)))
        if let reused = host.reuse(view, at: ctx.path, environment: environment) { return reused }
        host.beginComposite(ctx.path)
        host.linkProperties(of: view, at: ctx.path, environment: environment)
        let elements = ctx.resolve(view.body)
        host.endComposite(view, at: ctx.path, environment: environment, elements: elements)
        return elements
    }

    /// Resolves views that may come and go (conditional content, ForEach rows): new ones run their insertion
    /// transition, and each may later run its removal transition.
    func resolveInserting(_ view: any View) -> [Element] {
        let elements = resolve(view)
        for e in elements {
            e.transition.isRoot = true
            if e.generation == host.generation && e.transition.createdIn == host.generation && host.generation > 1 {
                e.transition.beginInsertion(self)
            }
        }
        return elements
    }

    /// The element of type `E` at this identity: the one from the previous evaluation, or a new one.
    func element<E: Element>(_ type: E.Type, _ make: (ViewPath, ViewHost) -> E) -> E {
        host.element(at: path, make)
    }
}

extension ResolveContext {
    /// Resolves `content` and returns its single element, or wraps several in a plain group.
    func resolveOne(_ content: any View) -> Element {
        let elements = resolve(content)
        if elements.count == 1 { return elements[0] }
        let g = child(.modifier(99)).element(Element.self) { Element(path: $0, host: $1) }
        g.setChildren(elements, self)
        return g
    }
}

/// The bytes of a view value made only of plain data (no references, no closures); nil otherwise.
func plainBytes(_ view: any View) -> [UInt8]? {
    func bytes<V: View>(_ v: V) -> [UInt8]? {
        guard _isPOD(V.self) else { return nil }
        return withUnsafeBytes(of: v) { Array($0) }
    }
    return bytes(view)
}

/// Whether a plain-data view value has exactly these bytes.
func samePlainBytes(_ view: any View, _ bytes: [UInt8]) -> Bool {
    func same<V: View>(_ v: V) -> Bool {
        guard _isPOD(V.self) else { return false }
        return withUnsafeBytes(of: v) { $0.elementsEqual(bytes) }
    }
    return same(view)
}
