import Views

/// One thing the lab's views show, read from the lab (a slider's value, the pickers' choices, the ramps): views
/// observe it instead of the whole lab, and it tells them only when what it reads has changed. A slider dragged in
/// the panel then evaluates its own row again, not the other 21 rows, the pickers and the ramp editor.
final class LabReading<Value: Equatable>: ObservableObject {
    @Published private(set) var value: Value
    private let read: () -> Value

    init(_ read: @escaping () -> Value) {
        self.read = read
        value = read()
    }

    /// Reads again after a change of the lab; the views are told only when the value differs.
    func refresh() {
        let v = read()
        if v != value { value = v }
    }
}
