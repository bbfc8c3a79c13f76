import Stage

// The SwiftUI signatures of alerts, sheets, button roles and `@Environment(\.dismiss)`. How they are presented
// (modal overlays above the tree, spec README §3.12) is in Presenter.swift, AlertCard.swift and Sheet.swift.

/// A button's role (`Button("New Game?", role: .destructive) { … }`): an alert draws a destructive button red and
/// a cancel button bold, and Esc presses the cancel button; elsewhere the role does not change the look.
public enum ButtonRole: Hashable { case cancel, destructive }

extension Button {
    public init(role: ButtonRole?, action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.init(action: action, label: label)
        self.role = role
    }
}

extension Button where Label == Text {
    public init(_ title: String, role: ButtonRole?, action: @escaping () -> Void) {
        self.init(action: action) { Text(title) }
        self.role = role
    }
}

public extension View {
    /// An alert (SwiftUI's `alert(_:isPresented:actions:message:)`) shown while `isPresented` is true: a dimmed
    /// content area and a centred iOS card (spec 05 §3.4) with the title, the message and the buttons of `actions`.
    /// It is modal from the frame it appears: pointer and keys go to it alone. A button sets `isPresented` to false
    /// and runs its action; Return presses the default button, Esc the cancel one. Fades in and out over 0.2 s.
    func alert<A: View, M: View>(_ title: String, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A,
                                 @ViewBuilder message: () -> M) -> some View {
        PresentationModifier(content: self, isPresented: isPresented,
                             kind: .alert(AlertContent(title: title, actions: actions(), message: message())))
    }

    /// An alert with a title and buttons only.
    func alert<A: View>(_ title: String, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A) -> some View {
        PresentationModifier(content: self, isPresented: isPresented,
                             kind: .alert(AlertContent(title: title, actions: actions(), message: nil)))
    }

    /// A sheet (SwiftUI's `sheet(isPresented:onDismiss:content:)`) shown while `isPresented` is true: an iOS page
    /// sheet that slides up from the bottom over the dimmed content (0.4 s ease-out) and leaves a 10-pt gap at the
    /// top. It is modal; its views are fully interactive. It closes (0.35 s slide down) when `isPresented` becomes
    /// false, on Esc, on `dismiss()` from inside, or when dragged down past a third of its height (or flicked);
    /// a shorter drag springs back. `onDismiss` runs after the evaluation in which it closed.
    func sheet<C: View>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
                        @ViewBuilder content: @escaping () -> C) -> some View {
        PresentationModifier(content: self, isPresented: isPresented,
                             kind: .sheet(SheetContent(onDismiss: onDismiss, content: { content() })))
    }
}

/// `@Environment(\.dismiss) var dismiss` and the other environment values, read by key path from the environment
/// the view is evaluated in (the defaults of `EnvironmentValues()` before it is linked).
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    let keyPath: KeyPath<EnvironmentValues, Value>
    let box = EnvironmentBox()
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }
    public var wrappedValue: Value { (box.values ?? EnvironmentValues())[keyPath: keyPath] }
    func link(in host: ViewHost, key: ViewPath) {}
    func link(environment: EnvironmentValues, host: ViewHost) { box.values = environment }
}

extension Environment: EnvironmentLinked {}

/// The environment an `@Environment` property was linked to (the view value is a struct; its box is shared).
final class EnvironmentBox {
    var values: EnvironmentValues?
}

/// Closes the sheet the view is in (`dismiss()`); does nothing outside a sheet.
public struct DismissAction {
    let run: () -> Void
    public func callAsFunction() { run() }
}

public extension EnvironmentValues {
    /// Inside a sheet: closes it. Elsewhere: does nothing.
    var dismiss: DismissAction { (objects[ObjectIdentifier(DismissBox.self)] as? DismissBox)?.action ?? DismissAction {} }
}

/// The sheet's dismiss action in the environment (one object per sheet, so the environment compares equal across
/// evaluations).
final class DismissBox {
    let action: DismissAction
    init(_ run: @escaping () -> Void) { action = DismissAction(run: run) }
}

extension EnvironmentValues {
    mutating func setDismiss(_ box: DismissBox) { objects[ObjectIdentifier(DismissBox.self)] = box }
}
