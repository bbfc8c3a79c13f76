import Views

/// The iPhone 14 Pro screen chapters 8–10 were made on (spec 03 §0.1): a 393 × 852 canvas whose content is laid out
/// in the safe area L = (0, 59, 393, 759), 59 pt below the top and 34 pt above the bottom, over the white window.
/// `background` covers the whole canvas (it ignores the safe area, as ch. 9's black and ch. 10's sky do); what the
/// content draws outside L (ch. 8's full-bleed picture) still shows.
struct PhoneScreen<Background: View, Content: View>: View {
    private let background: Background
    private let content: Content

    init(@ViewBuilder background: () -> Background, @ViewBuilder content: () -> Content) {
        self.background = background()
        self.content = content()
    }

    var body: some View {
        ZStack {
            // The phone's window is white under whatever does not cover it.
            Color.white
            background
            content
                .padding(.top, 59)
                .padding(.bottom, 34)
        }
        .frame(width: 393, height: 852)
    }
}

extension PhoneScreen where Background == EmptyView {
    init(@ViewBuilder content: () -> Content) { self.init(background: { EmptyView() }, content: content) }
}
