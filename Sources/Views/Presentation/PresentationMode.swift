import Stage

/// `@Environment(\.presentationMode) var presentationMode` (iOS 13–14's way to close a sheet, which SwiftUI
/// Apprentice uses): `presentationMode.wrappedValue.dismiss()` closes the sheet the view is in, as `dismiss()` does;
/// outside a sheet `isPresented` is false and `dismiss()` does nothing.
public struct PresentationMode {
    public let isPresented: Bool
    let close: () -> Void
    public mutating func dismiss() { close() }
}

public extension EnvironmentValues {
    /// The presentation of the sheet the view is in, as a binding (its writes are ignored, as SwiftUI's are).
    var presentationMode: Binding<PresentationMode> {
        let box = objects[ObjectIdentifier(DismissBox.self)] as? DismissBox
        let mode = PresentationMode(isPresented: box != nil, close: { box?.action() })
        return Binding(get: { mode }, set: { _ in })
    }
}
