import Motion
import Stage

/// Everything a view needs while it turns into elements: its identity, the inherited environment and the
/// transaction in effect (value-scoped animations replace its animation for their content).
struct ResolveContext {
    unowned let host: ViewHost
    var path: ViewPath
    var environment: EnvironmentValues
    /// The evaluation's transaction, unless a view above replaced it for its content (a value-scoped animation, an
    /// alert's card): then `transactionIsInherited` is false, and a composite view here cannot be evaluated again
    /// on its own (`ViewHost.evaluateInPlace`) with the transaction of a later change.
    var transaction: Transaction { didSet { transactionIsInherited = false } }
    var transactionIsInherited = true
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
        return ctx.evaluate(composite: view)
    }

    /// Evaluates a composite view's body at its identity (this context's path), linking its state and recording
    /// what it produced (for reuse, and for evaluating it again on its own).
    func evaluate(composite view: any View) -> [Element] {
        host.beginComposite(path)
        host.linkProperties(of: view, at: path, environment: environment)
        let elements = resolve(view.body)
        host.endComposite(view, in: self, elements: elements)
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

/// Whether a view value is the one kept from the last evaluation: the same type and the same bytes, and nothing in
/// it that reads state when called. Plain data is compared as it is; an object compares by identity, which is safe
/// because the old value is kept alive (its objects cannot be freed and their addresses reused), and a model object
/// that changes marks the views holding it dirty (`ViewHost.objectWillChange`). A closure (a `Binding` is two) is
/// never the same, as in SwiftUI: made again around the same state cell it has the same bytes, yet what it returns
/// may have changed.
func sameViewValue(_ view: any View, _ kept: any View) -> Bool {
    func same<V: View>(_ v: V) -> Bool {
        guard let old = kept as? V else { return false }
        guard withUnsafeBytes(of: v, { new in withUnsafeBytes(of: old) { new.elementsEqual($0) } }) else { return false }
        return _isPOD(V.self) || holdsOnlyData(v)
    }
    return same(view)
}

/// True when a value is made of plain data, strings, objects and collections of them: no closure (a function value
/// reflects as none of these).
private func holdsOnlyData(_ value: Any) -> Bool {
    let type = Swift.type(of: value)
    if type is AnyClass || value is String || value is Substring { return true }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .struct?, .tuple?, .enum?, .optional?, .collection?, .set?, .dictionary?:
        return mirror.children.allSatisfy { holdsOnlyData($0.value) }
    default:
        // No fields to look at: plain data (a number, an enum case without payload), else a function.
        return mirror.children.isEmpty && isPlainData(type)
    }
}

private func isPlainData(_ type: Any.Type) -> Bool {
    func pod<T>(_: T.Type) -> Bool { _isPOD(T.self) }
    return _openExistential(type, do: pod)
}
