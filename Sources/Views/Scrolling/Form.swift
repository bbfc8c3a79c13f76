/// A settings form (SwiftUI's `Form`): on iOS, an inset grouped list; each view inside is a row.
public struct Form<Content: View>: View {
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public var body: some View { List { content }.listStyle(.insetGrouped) }
}

/// A section of a list or form. Its rows join the list's rows (one card: sections are not drawn apart here); a
/// header or footer is a row of its own in secondary-label grey.
public struct Section<Content: View>: View {
    let header: (any View)?
    let footer: (any View)?
    let content: Content

    public init(@ViewBuilder content: () -> Content) { header = nil; footer = nil; self.content = content() }

    public init<H: View>(header: H, @ViewBuilder content: () -> Content) {
        self.header = header; footer = nil; self.content = content()
    }

    public init<H: View, F: View>(header: H, footer: F, @ViewBuilder content: () -> Content) {
        self.header = header; self.footer = footer; self.content = content()
    }

    public init(_ title: String, @ViewBuilder content: () -> Content) {
        header = Text(title); footer = nil; self.content = content()
    }

    public var body: some View {
        if let header { AnyView(erasing: header).font(.footnote).foregroundColor(Color.secondaryLabel) }
        content
        if let footer { AnyView(erasing: footer).font(.footnote).foregroundColor(Color.secondaryLabel) }
    }
}
