/// Storage for one `@State` (or `@StateObject`): the value outlives the view value that declared it. A fresh view
/// value brings a fresh cell with the initial value's expression; the host links it to the cell stored at the view's
/// identity, so the first cell seen for an identity keeps the state from then on. The expression is evaluated only
/// when that first cell is read: a view value made again (every evaluation of its parent) costs nothing, and
/// `@State var target = Double.random(in: 0..<1)` draws from the scene's generator once, as SwiftUI keeps the first.
final class StateCell<Value> {
    private let initial: () -> Value
    private lazy var stored: Value = initial()
    private var linked: StateCell<Value>?
    /// Told before every change (the host re-evaluates with the change's transaction).
    var willChange: (() -> Void)?

    init(_ value: @autoclosure @escaping () -> Value) { initial = value }

    var root: StateCell<Value> { linked?.root ?? self }

    var value: Value {
        get { root.stored }
        set {
            let r = root
            r.willChange?()
            r.stored = newValue
        }
    }

    func link(to other: StateCell<Value>) { if other !== self { linked = other } }
}

/// A state cell's value whatever its type (probes report `state.NAME`).
protocol AnyStateCell { var anyValue: Any { get } }
extension StateCell: AnyStateCell { var anyValue: Any { value } }

/// A property of a view that the host connects to storage kept by the view's identity.
protocol DynamicProperty {
    /// Connects to the storage of identity `key` in `host`, creating it on first sight.
    func link(in host: ViewHost, key: ViewPath)
}

/// State owned by a view: `@State private var name = "Bella"`. Setting it re-evaluates the views that use it, with
/// the animation of the transaction it was set in.
@propertyWrapper
public struct State<Value>: DynamicProperty {
    let cell: StateCell<Value>
    public init(wrappedValue: @autoclosure @escaping () -> Value) { cell = StateCell(wrappedValue()) }
    public init(initialValue: @autoclosure @escaping () -> Value) { cell = StateCell(initialValue()) }

    public var wrappedValue: Value {
        get { cell.value }
        nonmutating set { cell.value = newValue }
    }

    public var projectedValue: Binding<Value> {
        let cell = cell
        return Binding(get: { cell.value }, set: { cell.value = $0 })
    }

    func link(in host: ViewHost, key: ViewPath) { cell.link(to: host.stateCell(key, cell)) }
}

/// A reference to a value stored elsewhere (`$name`).
@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    let get: () -> Value
    let set: (Value) -> Void

    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) { self.get = get; self.set = set }

    public static func constant(_ value: Value) -> Binding { Binding(get: { value }, set: { _ in }) }

    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }
    public var projectedValue: Binding<Value> { self }
    public init(projectedValue: Binding<Value>) { self = projectedValue }

    public subscript<T>(dynamicMember keyPath: WritableKeyPath<Value, T>) -> Binding<T> {
        let get = self.get, set = self.set
        return Binding<T>(get: { get()[keyPath: keyPath] }, set: { var v = get(); v[keyPath: keyPath] = $0; set(v) })
    }
}
