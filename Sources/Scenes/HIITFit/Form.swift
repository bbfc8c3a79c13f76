import Views

extension HIITFit {
    /// SwiftUI's `Form` as iOS 14 draws it, reduced to what HistoryView needs (the view layer has no form yet): an
    /// inset grouped list on the grouped gray, scrolling when the sections do not fit.
    struct Form<Content: View>: View {
        let content: Content
        init(@ViewBuilder content: () -> Content) { self.content = content() }

        var body: some View {
            ScrollView(showsIndicators: true) {
                VStack(alignment: .leading, spacing: 0) {
                    content
                }
                .padding(.horizontal, 16)
                .padding(.bottom, 16)
            }
            .background(Color(hex: 0xF2F2F7))
        }
    }

    /// One form section: its header in the section gray (capitals come from the caller, as iOS 14's grouped style
    /// shows them), then its rows on a white rounded card.
    struct Section<Header: View, Content: View>: View {
        let header: Header
        let content: Content
        init(header: Header, @ViewBuilder content: () -> Content) {
            self.header = header
            self.content = content()
        }

        var body: some View {
            VStack(alignment: .leading, spacing: 0) {
                header
                    .foregroundColor(Color(hex: 0x6D6D72))
                    .padding(.leading, 16)
                    .padding(.top, 22)
                    .padding(.bottom, 7)
                VStack(alignment: .leading, spacing: 0) {
                    content
                }
                .background(RoundedRectangle(cornerRadius: 10).fill(Color.white))
            }
        }
    }

    /// A form row: body text, 44 pt tall, 16 pt in from the card's edge, with a hairline above it unless it is the
    /// section's first.
    struct FormRow<Content: View>: View {
        let isFirst: Bool
        let content: Content
        init(isFirst: Bool, @ViewBuilder content: () -> Content) {
            self.isFirst = isFirst
            self.content = content()
        }

        var body: some View {
            content
                .frame(maxWidth: .infinity, minHeight: 44, alignment: .leading)
                .padding(.leading, 16)
                .overlay(alignment: .topTrailing) {
                    Rectangle()
                        .fill(isFirst ? Color.clear : Color(hex: 0xC6C6C8))
                        .frame(height: 0.5)
                        .padding(.leading, 16)
                }
        }
    }
}
