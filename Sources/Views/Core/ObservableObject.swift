/// A model object whose `@Published` properties views observe, like the book's `DataModel`. Chosen over Swift's
/// Observation because the book's code is written this way, and because every single change must reach the host
/// with the transaction it was made in (Observation reports only the first change after each evaluation).
public protocol ObservableObject: AnyObject {}

/// Hosts that draw from an object hear about each change to it before it happens.
enum ObjectChanges {
    static var observers: [ObjectIdentifier: [WeakHost]] = [:]

    static func observe(_ object: AnyObject, by host: ViewHost) {
        let id = ObjectIdentifier(object)
        var list = observers[id, default: []].filter { $0.host != nil }
        if !list.contains(where: { $0.host === host }) { list.append(WeakHost(host: host)) }
        observers[id] = list
    }

    static func willChange(_ object: AnyObject) {
        for w in observers[ObjectIdentifier(object)] ?? [] { w.host?.objectWillChange(ObjectIdentifier(object)) }
    }

    struct WeakHost { weak var host: ViewHost? }
}

/// A property of an `ObservableObject` whose changes re-evaluate the views that use the object.
@propertyWrapper
public struct Published<Value> {
    private var value: Value
    public init(wrappedValue: Value) { value = wrappedValue }

    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { fatalError() }
        set { fatalError() }
    }

    public static subscript<Object: ObservableObject>(_enclosingInstance object: Object,
                                                      wrapped wrappedKeyPath: ReferenceWritableKeyPath<Object, Value>,
                                                      storage storageKeyPath: ReferenceWritableKeyPath<Object, Published<Value>>) -> Value {
        get { object[keyPath: storageKeyPath].value }
        set {
            ObjectChanges.willChange(object)
            object[keyPath: storageKeyPath].value = newValue
        }
    }
}

/// A model object owned by a view: created once per identity (`@StateObject var dataModel = DataModel()`).
@propertyWrapper
public struct StateObject<Object: ObservableObject>: DynamicProperty {
    let cell: StateCell<Object?>
    let make: () -> Object
    public init(wrappedValue: @autoclosure @escaping () -> Object) { cell = StateCell(nil); make = wrappedValue }

    public var wrappedValue: Object {
        if let o = cell.root.value { return o }
        let o = make()
        cell.root.value = o
        return o
    }

    func link(in host: ViewHost, key: ViewPath) {
        let stored = host.stateCell(key, cell)
        cell.link(to: stored)
        stored.willChange = nil   // creating the object is not a change of state
        ObjectChanges.observe(wrappedValue, by: host)
    }
}

/// A model object passed in from outside (`@ObservedObject var model: DataModel`).
@propertyWrapper
public struct ObservedObject<Object: ObservableObject>: DynamicProperty {
    public let wrappedValue: Object
    public init(wrappedValue: Object) { self.wrappedValue = wrappedValue }
    func link(in host: ViewHost, key: ViewPath) { ObjectChanges.observe(wrappedValue, by: host) }
}

/// A property wrapper that holds a model object (so changes to the object re-evaluate the view holding it).
protocol ObjectHolder { var heldObject: AnyObject? { get } }
extension StateObject: ObjectHolder { var heldObject: AnyObject? { cell.root.value } }
extension ObservedObject: ObjectHolder { var heldObject: AnyObject? { wrappedValue } }
extension EnvironmentObject: ObjectHolder { var heldObject: AnyObject? { cell.value } }
