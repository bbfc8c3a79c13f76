public extension View {
    /// A border of `width` inside the view's frame (SwiftUI's `.border(Color.gray, width: 1)`): a rectangle stroked
    /// along the frame's inner edge, over the view.
    func border<S: ShapeStyle>(_ content: S, width: Double = 1) -> some View {
        overlay(Rectangle().strokeBorder(content, lineWidth: width))
    }
}
