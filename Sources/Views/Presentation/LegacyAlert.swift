/// iOS 13's alert value (`.alert(isPresented: $show) { Alert(title: Text("…"), dismissButton: .default(Text("OK"))) }`),
/// shown by the same card as the iOS 15 API: each `Alert.Button` becomes a `Button` with its role.
public struct Alert {
    let title: Text
    let message: Text?
    let buttons: [Button]

    public init(title: Text, message: Text? = nil, dismissButton: Button? = nil) {
        self.title = title; self.message = message
        buttons = [dismissButton ?? .default(Text("OK"))]
    }

    public init(title: Text, message: Text? = nil, primaryButton: Button, secondaryButton: Button) {
        self.title = title; self.message = message
        buttons = [primaryButton, secondaryButton]
    }

    /// A button of an alert: a label, a role and what it does.
    public struct Button {
        let label: Text
        let role: ButtonRole?
        let action: (() -> Void)?

        public static func `default`(_ label: Text, action: (() -> Void)? = {}) -> Button {
            Button(label: label, role: nil, action: action)
        }
        public static func destructive(_ label: Text, action: (() -> Void)? = {}) -> Button {
            Button(label: label, role: .destructive, action: action)
        }
        public static func cancel(_ label: Text, action: (() -> Void)? = {}) -> Button {
            Button(label: label, role: .cancel, action: action)
        }
        public static func cancel(_ action: (() -> Void)? = {}) -> Button {
            Button(label: Text("Cancel"), role: .cancel, action: action)
        }
    }

    /// The buttons as the iOS 15 API's actions.
    var actions: some View {
        TupleView(buttons.map { b in Views.Button(role: b.role, action: b.action ?? {}) { b.label } })
    }
}

public extension View {
    /// iOS 13's `alert(isPresented:content:)`: the alert `content` makes, while `isPresented` is true.
    func alert(isPresented: Binding<Bool>, content: () -> Alert) -> some View {
        let alert = content()
        return PresentationModifier(content: self, isPresented: isPresented,
                                    kind: .alert(AlertContent(title: alert.title.content, actions: alert.actions,
                                                              message: alert.message)))
    }
}
