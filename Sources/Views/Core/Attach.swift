import Stage

/// A point in unit coordinates of a frame (SwiftUI's `UnitPoint`; spec README §3.1 anchors).
public struct UnitPoint: Hashable, Sendable {
    public var x: Double, y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let topLeading = UnitPoint(x: 0, y: 0), top = UnitPoint(x: 0.5, y: 0), topTrailing = UnitPoint(x: 1, y: 0)
    public static let leading = UnitPoint(x: 0, y: 0.5), center = UnitPoint(x: 0.5, y: 0.5), trailing = UnitPoint(x: 1, y: 0.5)
    public static let bottomLeading = UnitPoint(x: 0, y: 1), bottom = UnitPoint(x: 0.5, y: 1), bottomTrailing = UnitPoint(x: 1, y: 1)
    public static let zero = UnitPoint(x: 0, y: 0)
    var point: Point { Point(x, y) }
}

/// A modifier that adds something to the element its content produced (a name, a handler, a gesture) without a
/// layout node of its own. Several elements (a group) each get it.
struct Attach<Content: View>: View, PrimitiveView {
    let content: Content
    let apply: (Element, ResolveContext) -> Void
    func resolve(_ ctx: ResolveContext) -> [Element] {
        let elements = ctx.resolve(content)
        for e in elements { apply(e, ctx) }
        return elements
    }
}

public extension View {
    /// The node name the spec's element tables use; the harness probes and clicks it (README §3.17).
    func named(_ name: String) -> some View { Attach(content: self) { e, _ in e.name = name } }

    /// Runs each time the view appears (after the first layout of its initial state, spec 01 §1.10).
    func onAppear(perform action: (() -> Void)? = nil) -> some View {
        Attach(content: self) { e, ctx in
            guard let action, !e.interaction.appeared else { return }
            e.interaction.appeared = true
            ctx.host.enqueue(action)
        }
    }

    func onDisappear(perform action: (() -> Void)? = nil) -> some View {
        Attach(content: self) { e, _ in e.interaction.onDisappear = action.map { [$0] } ?? [] }
    }

    /// Runs `action` with the new value when `value` differs from its value at the previous evaluation.
    func onChange<V: Equatable>(of value: V, perform action: @escaping (V) -> Void) -> some View {
        OnChange(content: self, value: value, action: action)
    }

    /// Orders siblings in a ZStack (higher draws later, on top).
    func zIndex(_ value: Double) -> some View { Attach(content: self) { e, _ in e.zIndex = value } }

    /// Stacks give space to higher priorities first (spec 01 §0.4).
    func layoutPriority(_ value: Double) -> some View { Attach(content: self) { e, _ in e.layoutPriority = value } }
}

struct OnChange<Content: View, V: Equatable>: View, PrimitiveView {
    let content: Content
    let value: V
    let action: (V) -> Void
    func resolve(_ ctx: ResolveContext) -> [Element] {
        let memory = ctx.child(.modifier(7)).element(ValueMemory.self) { ValueMemory(path: $0, host: $1) }
        if let old = memory.value as? V, old != value {
            let action = action, value = value
            ctx.host.enqueue { action(value) }
        }
        memory.value = value
        return ctx.resolve(content)
    }
}

/// Remembers a value from the previous evaluation (value-scoped animations, onChange).
final class ValueMemory: Element {
    var value: Any?
}
