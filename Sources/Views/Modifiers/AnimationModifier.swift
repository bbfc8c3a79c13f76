import Motion

public extension View {
    /// Value-scoped animation (spec README §3.7): when `value` differs from its value at the previous update, every
    /// property change inside — this view's content, the modifiers written before this one and the descendants —
    /// animates with `animation`, replacing the transaction's.
    func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View {
        AnimationScope(content: self, animation: animation, value: value)
    }
}

struct AnimationScope<Content: View, V: Equatable>: View, PrimitiveView {
    let content: Content
    let animation: Animation?
    let value: V

    func resolve(_ ctx: ResolveContext) -> [Element] {
        let memory = ctx.child(.modifier(8)).element(ValueMemory.self) { ValueMemory(path: $0, host: $1) }
        var inner = ctx
        if let old = memory.value as? V, old != value { inner.transaction.animation = animation }
        memory.value = value
        return inner.resolve(content)
    }
}
