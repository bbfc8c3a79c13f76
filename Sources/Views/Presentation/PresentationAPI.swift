import Stage

// CONTRACT STUBS (to be replaced by the presentation work): the SwiftUI signatures of alerts, sheets, button roles
// and `@Environment(\.dismiss)`, so scenes can be written against them now. Until then they draw nothing extra.

/// A button's role (`Button("New Game?", role: .destructive) { … }`): an alert draws a destructive button red and
/// a cancel button bold; elsewhere the role does not change the look.
public enum ButtonRole: Hashable { case cancel, destructive }

extension Button {
    public init(role: ButtonRole?, action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.init(action: action, label: label)
    }
}

extension Button where Label == Text {
    public init(_ title: String, role: ButtonRole?, action: @escaping () -> Void) {
        self.init(action: action) { Text(title) }
    }
}

public extension View {
    /// An alert (SwiftUI's `alert(_:isPresented:actions:message:)`) shown while `isPresented` is true.
    func alert<A: View, M: View>(_ title: String, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A,
                                 @ViewBuilder message: () -> M) -> some View { self }
    /// An alert with a title and buttons only.
    func alert<A: View>(_ title: String, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A) -> some View { self }
    /// A sheet (SwiftUI's `sheet(isPresented:onDismiss:content:)`) shown while `isPresented` is true.
    func sheet<C: View>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
                        @ViewBuilder content: @escaping () -> C) -> some View { self }
}

/// `@Environment(\.dismiss) var dismiss` and the other environment values read by key path.
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    let keyPath: KeyPath<EnvironmentValues, Value>
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }
    public var wrappedValue: Value { EnvironmentValues()[keyPath: keyPath] }
    func link(in host: ViewHost, key: ViewPath) {}
}

/// Closes the sheet the view is in (`dismiss()`); does nothing outside a sheet.
public struct DismissAction {
    let run: () -> Void
    public func callAsFunction() { run() }
}

public extension EnvironmentValues {
    var dismiss: DismissAction { DismissAction {} }
}
