import Stage

/// A shape that can be drawn inset in its frame (SwiftUI's `InsettableShape`), so `strokeBorder` keeps the whole
/// line inside the frame: the outline is inset by half the line width, then stroked.
public protocol InsettableShape: Shape {
    associatedtype InsetShape: Shape
    func inset(by amount: Double) -> InsetShape
}

public extension InsettableShape {
    /// The outline stroked inside the frame (the line's outer edge lies on the frame).
    func strokeBorder<S: ShapeStyle>(_ style: S, lineWidth: Double = 1) -> some View {
        inset(by: lineWidth / 2).stroke(style, lineWidth: lineWidth)
    }
    func strokeBorder(lineWidth: Double = 1) -> some View {
        inset(by: lineWidth / 2).stroke(lineWidth: lineWidth)
    }
}

/// A shape drawn in its frame shrunk by `amount` on every side.
public struct InsetFrameShape<Base: Shape>: Shape {
    let base: Base
    let amount: Double
    public func path(in rect: Rect) -> Path { base.path(in: rect.insetBy(dx: amount, dy: amount)) }
}

extension Rectangle: InsettableShape {
    public func inset(by amount: Double) -> InsetFrameShape<Rectangle> { InsetFrameShape(base: self, amount: amount) }
}
extension Circle: InsettableShape {
    public func inset(by amount: Double) -> InsetFrameShape<Circle> { InsetFrameShape(base: self, amount: amount) }
}
extension Ellipse: InsettableShape {
    public func inset(by amount: Double) -> InsetFrameShape<Ellipse> { InsetFrameShape(base: self, amount: amount) }
}
extension Capsule: InsettableShape {
    public func inset(by amount: Double) -> InsetFrameShape<Capsule> { InsetFrameShape(base: self, amount: amount) }
}
extension RoundedRectangle: InsettableShape {
    /// The corners shrink with the frame, so the inset outline stays parallel to the original.
    public func inset(by amount: Double) -> InsetFrameShape<RoundedRectangle> {
        InsetFrameShape(base: RoundedRectangle(cornerRadius: max(0, cornerRadius - amount)), amount: amount)
    }
}
