import Views

/// The iPhone 14 Pro screen these scenes were made on (spec 03 §0.1): a 393 × 852 canvas whose content is laid out
/// in the safe area L = (0, 59, 393, 759), 59 pt below the top and 34 pt above the bottom. `background` covers the
/// whole canvas over the white window (it ignores the safe area, as the sky does); `content` is laid out in L.
struct SafeAreaCanvas<Background: View, Content: View>: View {
    @ViewBuilder let background: () -> Background
    @ViewBuilder let content: () -> Content

    var body: some View {
        ZStack {
            // The phone's window is white under whatever does not cover it.
            Color.white
            background()
            content()
                .padding(.top, 59)
                .padding(.bottom, 34)
        }
        .frame(width: 393, height: 852)
    }
}
