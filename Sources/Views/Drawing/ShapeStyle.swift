import Foundation
import Stage

/// What fills or strokes a shape: a colour or a gradient laid out in the shape's frame.
public protocol ShapeStyle {
    func resolved(_ env: EnvironmentValues) -> ResolvedStyle
}

/// A style with its colours decided, ready to become a `Paint` in output pixels.
public enum ResolvedStyle {
    case color(Color)
    case linear(Gradient, start: UnitPoint, end: UnitPoint)
    case radial(Gradient, center: UnitPoint, startRadius: Double, endRadius: Double)
    case angular(Gradient, center: UnitPoint, startAngle: Double, endAngle: Double)

    /// The paint in output pixels for a shape in `frame` drawn through the context's transform, hue rotation and
    /// opacity: gradients are laid out in the frame and carried through the transform.
    func paint(_ frame: Rect, _ dc: DrawContext) -> Paint {
        let local: Paint
        switch self {
        case let .color(c):
            return .color(dc.paint(c))
        case let .linear(g, start, end):
            local = .linearGradient(g, start: frame.point(at: start.point), end: frame.point(at: end.point))
        case let .radial(g, center, r0, r1):
            local = .radialGradient(g, center: frame.point(at: center.point), startRadius: r0, endRadius: r1)
        case let .angular(g, center, a0, a1):
            local = .angularGradient(g, center: frame.point(at: center.point), startAngle: a0, endAngle: a1)
        }
        return dc.paint(local.applying(dc.transform))
    }
}

extension Color: ShapeStyle {
    public func resolved(_ env: EnvironmentValues) -> ResolvedStyle { .color(self) }
}

/// The inherited foreground colour (black unless set; the accent colour in a button label).
struct ForegroundStyle: ShapeStyle {
    func resolved(_ env: EnvironmentValues) -> ResolvedStyle { .color(env.defaultForeground) }
}

extension EnvironmentValues {
    /// A disabled button's label is grey (spec 06 §1.A.1), an enabled one's the accent colour.
    var defaultForeground: Color { foregroundColor ?? (inButtonLabel ? (isEnabled ? accentColor : Color.disabledLabel) : .black) }
}

extension Color {
    /// iOS's disabled control label (spec 06 §1.A.1).
    static let disabledLabel = Color(hex: 0xC5C5C7)
}

public struct LinearGradient: ShapeStyle, View, PrimitiveView {
    let gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint
    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
        self.gradient = gradient; self.startPoint = startPoint; self.endPoint = endPoint
    }
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint)
    }
    public func resolved(_ env: EnvironmentValues) -> ResolvedStyle { .linear(gradient, start: startPoint, end: endPoint) }
    func resolve(_ ctx: ResolveContext) -> [Element] { ShapeView(shape: Rectangle(), fill: self, stroke: nil).resolve(ctx) }
}

public struct RadialGradient: ShapeStyle, View, PrimitiveView {
    let gradient: Gradient, center: UnitPoint, startRadius: Double, endRadius: Double
    public init(gradient: Gradient, center: UnitPoint, startRadius: Double, endRadius: Double) {
        self.gradient = gradient; self.center = center; self.startRadius = startRadius; self.endRadius = endRadius
    }
    public init(colors: [Color], center: UnitPoint, startRadius: Double, endRadius: Double) {
        self.init(gradient: Gradient(colors: colors), center: center, startRadius: startRadius, endRadius: endRadius)
    }
    public func resolved(_ env: EnvironmentValues) -> ResolvedStyle {
        .radial(gradient, center: center, startRadius: startRadius, endRadius: endRadius)
    }
    func resolve(_ ctx: ResolveContext) -> [Element] { ShapeView(shape: Rectangle(), fill: self, stroke: nil).resolve(ctx) }
}

/// Colours swept clockwise from 3 o'clock (start angle) around the centre, with a seam at the start.
public struct AngularGradient: ShapeStyle, View, PrimitiveView {
    let gradient: Gradient, center: UnitPoint, startAngle: Angle, endAngle: Angle
    public init(gradient: Gradient, center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .degrees(360)) {
        self.gradient = gradient; self.center = center; self.startAngle = startAngle; self.endAngle = endAngle
    }
    public init(colors: [Color], center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .degrees(360)) {
        self.init(gradient: Gradient(colors: colors), center: center, startAngle: startAngle, endAngle: endAngle)
    }
    public func resolved(_ env: EnvironmentValues) -> ResolvedStyle {
        .angular(gradient, center: center, startAngle: startAngle.degrees, endAngle: endAngle.degrees)
    }
    func resolve(_ ctx: ResolveContext) -> [Element] { ShapeView(shape: Rectangle(), fill: self, stroke: nil).resolve(ctx) }
}

/// A colour is a greedy view that fills its frame.
extension Color: View, PrimitiveView {
    public typealias Body = Never
    func resolve(_ ctx: ResolveContext) -> [Element] { ShapeView(shape: Rectangle(), fill: self, stroke: nil).resolve(ctx) }
}
