import Motion
import Stage

/// Values a shape can animate (SwiftUI's `VectorArithmetic`). Plain arithmetic, usable on any thread, as the
/// value types below.
nonisolated public protocol VectorArithmetic: Interpolatable, Equatable {}
nonisolated extension Double: VectorArithmetic {}

nonisolated public struct EmptyAnimatableData: VectorArithmetic {
    public init() {}
    public static func + (a: Self, b: Self) -> Self { a }
    public static func - (a: Self, b: Self) -> Self { a }
    public func scaled(by k: Double) -> Self { self }
    public static var zero: Self { Self() }
}

/// Two animatable values animated together (a shape with two animatable parameters).
nonisolated public struct AnimatablePair<First: VectorArithmetic, Second: VectorArithmetic>: VectorArithmetic {
    public var first: First
    public var second: Second
    public init(_ first: First, _ second: Second) { self.first = first; self.second = second }
    public static func + (a: Self, b: Self) -> Self { Self(a.first + b.first, a.second + b.second) }
    public static func - (a: Self, b: Self) -> Self { Self(a.first - b.first, a.second - b.second) }
    public func scaled(by k: Double) -> Self { Self(first.scaled(by: k), second.scaled(by: k)) }
    public static var zero: Self { Self(.zero, .zero) }
}

/// Main-actor isolated, as the views and shapes that adopt it.
@MainActor @preconcurrency
public protocol Animatable {
    associatedtype AnimatableData: VectorArithmetic
    var animatableData: AnimatableData { get set }
}

/// A 2D shape drawn in the frame it is given; as a view it is greedy and fills with the foreground colour.
/// A custom shape animates through `animatableData` and names it for probes with `animatableValues`.
public protocol Shape: View, Animatable where Body == Never {
    func path(in rect: Rect) -> Path
    /// The probe keys of the animatable data (e.g. `[("yOffset", yOffset)]`).
    var animatableValues: [(String, Double)] { get }
    /// True when every path it makes is convex: a clip or mask to it cuts geometry instead of drawing offscreen.
    var isConvex: Bool { get }
}

public extension Shape where AnimatableData == EmptyAnimatableData {
    var animatableData: EmptyAnimatableData { get { EmptyAnimatableData() } set {} }
}

public extension Shape {
    var isConvex: Bool { false }
    var animatableValues: [(String, Double)] { (animatableData as? Double).map { [("animatableData", $0)] } ?? [] }
    var body: Never { fatalError("shapes are drawn by the engine") }

    func fill<S: ShapeStyle>(_ style: S, style fillStyle: FillStyle = FillStyle()) -> some View {
        ShapeView(shape: self, fill: style, stroke: nil)
    }
    func stroke<S: ShapeStyle>(_ style: S, lineWidth: Double = 1) -> some View {
        ShapeView(shape: self, fill: nil, stroke: (style, StrokeStyle(lineWidth: lineWidth)))
    }
    func stroke<S: ShapeStyle>(_ style: S, style strokeStyle: StrokeStyle) -> some View {
        ShapeView(shape: self, fill: nil, stroke: (style, strokeStyle))
    }
    func stroke(lineWidth: Double = 1) -> some View {
        ShapeView(shape: self, fill: nil, stroke: (ForegroundStyle(), StrokeStyle(lineWidth: lineWidth)))
    }
    func stroke(style: StrokeStyle) -> some View { ShapeView(shape: self, fill: nil, stroke: (ForegroundStyle(), style)) }
    /// Only the part of the outline between the two fractions of its length (spec 01 §1.8).
    func trim(from: Double = 0, to: Double = 1) -> TrimmedShape<Self> { TrimmedShape(shape: self, from: from, to: to) }
}

extension Shape {
    func resolveShape(_ ctx: ResolveContext) -> [Element] {
        ShapeView(shape: self, fill: ForegroundStyle(), stroke: nil).resolve(ctx)
    }
}

/// `fill(_:)` / `stroke(_:…)` of a shape.
struct ShapeView<S: Shape>: View, PrimitiveView {
    let shape: S
    let fill: (any ShapeStyle)?
    let stroke: (any ShapeStyle, StrokeStyle)?

    func resolve(_ ctx: ResolveContext) -> [Element] {
        let e = ctx.element(ShapeElement.self) { ShapeElement(path: $0, host: $1) }
        e.bind(shape, ctx)
        e.fill = fill.map { $0.resolved(ctx.environment) }
        e.stroke = stroke.map { ($0.0.resolved(ctx.environment), $0.1) }
        if let s = stroke {
            e.properties.set("lineWidth", s.1.lineWidth, ctx)
            e.properties.set("dashPhase", s.1.dashPhase, ctx)
        }
        if case let .color(c)? = e.fill ?? e.stroke?.0 { e.properties.set("color", c, ctx) }
        return [e]
    }
}

/// A trimmed outline: from and to animate (TrimmedShape's animatableData is the pair).
public struct TrimmedShape<S: Shape>: Shape {
    var shape: S
    var from: Double, to: Double
    public func path(in rect: Rect) -> Path { shape.path(in: rect).trimmedPath(from: from, to: to) }
    public var animatableData: AnimatablePair<AnimatablePair<Double, Double>, S.AnimatableData> {
        get { AnimatablePair(AnimatablePair(from, to), shape.animatableData) }
        set { from = newValue.first.first; to = newValue.first.second; shape.animatableData = newValue.second }
    }
    public var animatableValues: [(String, Double)] { [("trim.from", from), ("trim.to", to)] + shape.animatableValues }
}

/// Draws a shape, animating its `animatableData` with the transaction of each change.
final class ShapeElement: Element {
    var fill: ResolvedStyle?
    var stroke: (ResolvedStyle, StrokeStyle)?

    override var drawsWithinFrame: Bool { true }
    override var drawsDashedStrokeOnly: Bool { fill == nil && stroke?.1.dashDuty != nil }
    /// The shape with its animatable data at a time.
    private var present: ((Double) -> AnyShape)?
    private var animation: AnyObject?
    private var dataEnd: () -> Double? = { nil }
    /// The shape with its model (target) data: what a probe reports as `model`, even while a repeat-forever
    /// animation runs (its value at t = ∞ is not the target).
    private var model: AnyShape?

    func bind<S: Shape>(_ shape: S, _ ctx: ResolveContext) {
        let box = (animation as? AnimationBox<S.AnimatableData>) ?? AnimationBox(shape.animatableData)
        animation = box
        box.value.set(shape.animatableData, at: ctx.host.changeTime, animation: ctx.transaction.animation)
        if let end = box.value.endTime { ctx.host.noteAnimation(until: end) }
        present = { t in var s = shape; s.animatableData = box.value.value(at: t); return AnyShape(s) }
        model = AnyShape(shape)
        dataEnd = { box.value.endTime }
    }

    func shape(at t: Double) -> AnyShape? { present?(t) }
    override var extraAnimationEnd: Double? { dataEnd() }

    override func sizeThatFits(_ p: ProposedSize) -> Size { p.replacingUnspecified(by: Size(10, 10)) }

    override func drawContent(_ dc: DrawContext) { drawLeaf(dc, render) }

    /// What the last tessellation was made of, and its triangles. A state change re-evaluates the views under it and
    /// so invalidates their leaf caches, yet most shapes come out the same (a dragged slider redraws the whole panel
    /// around it): the same outline and paints on the same pixel grid cost a comparison, not a tessellation (a
    /// gradient's is refined sample by sample).
    private var lastDrawing: (drawing: ShapeDrawing, tess: Tessellator)?
    /// How many times this shape was tessellated (tests read it).
    private(set) var tessellations = 0

    private func render(_ dc: DrawContext) {
        guard let shape = shape(at: dc.time) else { return }
        let path = shape.path(in: frame)
        let scale = dc.transform.lengthScale(near: frame.center)
        var drawing = ShapeDrawing(subpaths: path.flattened(tolerance: 0.25 / max(scale, 0.01), transform: dc.transform),
                                   transform: dc.transform, pixelScale: dc.list.host.context.pixelScale)
        // A plain colour is drawn as presented (it animates, README §3.8): the fill's, else the stroke's.
        let color = properties.color("color", at: dc.time)
        func presented(_ style: ResolvedStyle) -> ResolvedStyle {
            if case .color = style, let color { return .color(color) }
            return style
        }
        if let fill { drawing.fill = presented(fill).paint(frame, dc) }
        if let (style, strokeStyle) = stroke {
            var s = strokeStyle
            s.lineWidth = properties.value("lineWidth", at: dc.time) ?? s.lineWidth
            s.dashPhase = properties.value("dashPhase", at: dc.time) ?? s.dashPhase
            var paint = (fill == nil ? presented(style) : style).paint(frame, dc)
            if dc.solidStrokes, let duty = s.dashDuty {
                s.dash = []
                paint = paint.opacity(duty)
            }
            drawing.stroke = (s, paint)
        }
        if let last = lastDrawing, last.drawing == drawing {
            dc.list.add(last.tess, clip: dc.clip)
            return
        }
        tessellations += 1
        var tess = dc.tessellator()
        if let paint = drawing.fill { tess.fill(drawing.subpaths, paint: paint) }
        if let (s, paint) = drawing.stroke {
            if !dc.transform.isAffine, paint.solidColor != nil {
                tess.strokeInPlane(path, style: s, transform: dc.transform, scale: scale, paint: paint)
            } else {
                tess.stroke(drawing.subpaths, style: s.scaled(by: scale), paint: paint)
            }
        }
        lastDrawing = (drawing, tess)
        dc.list.add(tess, clip: dc.clip)
    }

    override func containsDrawn(_ point: Point, time: Double) -> Bool {
        shape(at: time)?.path(in: frame).fillContains(point) ?? false
    }

    override func probeValues(at time: Double) -> [(key: String, value: ProbeValue)] {
        let data = shape(at: time)?.animatableValues ?? []
        let model = present.map { _ in modelValues() } ?? [:]
        return data.map { ($0.0, ProbeValue.number(model: model[$0.0] ?? $0.1, presented: $0.1)) } + properties.probeValues(at: time)
    }

    private func modelValues() -> [String: Double] {
        Dictionary(model?.animatableValues ?? [], uniquingKeysWith: { a, _ in a })
    }
}

/// Everything a shape's triangles depend on: its outline in output pixels (and the map to them, for strokes drawn in
/// a tilted plane), the pixel grid, and its paints.
struct ShapeDrawing: Equatable {
    var subpaths: [Path.Subpath]
    var transform: Homography
    var pixelScale: Double
    var fill: Paint?
    var stroke: (style: StrokeStyle, paint: Paint)?

    static func == (a: ShapeDrawing, b: ShapeDrawing) -> Bool {
        a.fill == b.fill && a.stroke?.style == b.stroke?.style && a.stroke?.paint == b.stroke?.paint
            && a.transform == b.transform && a.pixelScale == b.pixelScale && a.subpaths == b.subpaths
    }
}

final class AnimationBox<V: VectorArithmetic> {
    var value: AnimatedValue<V>
    init(_ v: V) { value = AnimatedValue(v) }
}

/// A type-erased shape.
public struct AnyShape: Shape {
    private let makePath: (Rect) -> Path
    private let values: [(String, Double)]
    /// The shape it wraps (convex built-in shapes clip without an offscreen layer).
    let base: any Shape
    public init<S: Shape>(_ shape: S) {
        makePath = shape.path(in:); values = shape.animatableValues
        base = (shape as? AnyShape)?.base ?? shape
    }
    public func path(in rect: Rect) -> Path { makePath(rect) }
    public var animatableValues: [(String, Double)] { values }
    public var isConvex: Bool { base.isConvex }
}

public struct FillStyle: Hashable {
    public var isEOFilled: Bool
    public init(eoFill: Bool = false) { isEOFilled = eoFill }
}

// MARK: The built-in shapes

public struct Rectangle: Shape {
    public init() {}
    public func path(in rect: Rect) -> Path { .rect(rect) }
    public var isConvex: Bool { true }
}

/// The largest circle centred in the frame; its path starts at 3 o'clock and runs clockwise (spec 01 §1.8).
public struct Circle: Shape {
    public init() {}
    public func path(in rect: Rect) -> Path { .circle(in: rect) }
    public var isConvex: Bool { true }
}

public struct Ellipse: Shape {
    public init() {}
    public func path(in rect: Rect) -> Path { .ellipse(in: rect) }
    public var isConvex: Bool { true }
}

public struct Capsule: Shape {
    public init() {}
    public func path(in rect: Rect) -> Path { .capsule(in: rect) }
    public var isConvex: Bool { true }
}

public struct RoundedRectangle: Shape {
    public var cornerRadius: Double
    public init(cornerRadius: Double) { self.cornerRadius = cornerRadius }
    public init(cornerSize: Size) { cornerRadius = min(cornerSize.width, cornerSize.height) }
    public func path(in rect: Rect) -> Path { .roundedRect(rect, cornerRadius: cornerRadius) }
    public var animatableData: Double { get { cornerRadius } set { cornerRadius = newValue } }
    public var animatableValues: [(String, Double)] { [("cornerRadius", cornerRadius)] }
    public var isConvex: Bool { true }
}

/// A `Path` drawn as a shape in its own coordinates.
extension Path: Shape {
    public typealias AnimatableData = EmptyAnimatableData
    public typealias Body = Never
    public func path(in rect: Rect) -> Path { self }
}

extension Path {
    /// Whether a point is inside the filled area (non-zero winding of the flattened outline).
    func fillContains(_ p: Point) -> Bool {
        var winding = 0
        for sub in flattened(tolerance: 0.5) where sub.points.count >= 3 {
            let pts = sub.points
            for i in 0..<pts.count {
                let a = pts[i], b = pts[(i + 1) % pts.count]
                if a.y <= p.y {
                    if b.y > p.y && (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y) > 0 { winding += 1 }
                } else if b.y <= p.y && (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y) < 0 {
                    winding -= 1
                }
            }
        }
        return winding != 0
    }
}
