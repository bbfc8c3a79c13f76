import Foundation
import Motion
import Stage

/// A render-only effect (spec 01 §1.8, README §3.1): it never moves layout; anchors are taken on the layout frame of
/// the view it is attached to. Its parameters are animated properties of the element.
final class EffectElement: WrapperElement {
    enum Kind {
        case offset, scale(UnitPoint), rotation(UnitPoint), rotation3D(axis: (x: Double, y: Double, z: Double), anchor: UnitPoint, perspective: Double)
        case opacity, hueRotation, colorMultiply, clip(AnyShape, FillStyle), blur, shadow(Color), compositingGroup
    }
    var kind = Kind.offset

    override func sizeThatFits(_ p: ProposedSize) -> Size { child?.size(for: p) ?? .zero }
    override func place(in rect: Rect) { frame = rect; child?.assign(in: rect) }

    private func v(_ key: String, _ t: Double, _ d: Double = 0) -> Double { properties.value(key, at: t) ?? d }

    override func effectOpacity(at time: Double) -> Double {
        if case .opacity = kind { return v("opacity", time, 1) }
        return 1
    }

    override func localTransform(at t: Double) -> Homography? {
        switch kind {
        case .offset:
            return .translation(v("offset.x", t), v("offset.y", t))
        case let .scale(anchor):
            let sx = v("scale.x", t, 1), sy = v("scale.y", t, 1)
            return .scale(sx, sy, about: frame.point(at: anchor.point))
        case let .rotation(anchor):
            return .rotation(degrees: v("rotation", t), about: frame.point(at: anchor.point))
        case let .rotation3D(axis, anchor, perspective):
            // The eye at d = max(w, h) / perspective (spec 02 §2.4).
            return .rotation3D(degrees: v("rotation3D", t), axis: axis, about: frame.point(at: anchor.point),
                               eyeDistance: max(frame.width, frame.height) / perspective)
        default:
            return nil
        }
    }

    override func drawContent(_ dc: DrawContext) {
        var dc = dc
        switch kind {
        case .opacity: dc.opacity *= max(0, min(1, v("opacity", dc.time, 1)))
        case .colorMultiply:
            // Every leaf's colour (a picture's vertex colour too) times this one, channel by channel.
            let c = Color(r: v("multiply.r", dc.time, 1), g: v("multiply.g", dc.time, 1), b: v("multiply.b", dc.time, 1),
                          a: v("multiply.a", dc.time, 1))
            dc.multiply = dc.multiply.map { Color(r: $0.r * c.r, g: $0.g * c.g, b: $0.b * c.b, a: $0.a * c.a) } ?? c
        case .hueRotation:
            // Shapes, gradients and text are recoloured per vertex; pictures need their pixels rotated offscreen.
            guard containsImage(self) else { dc.hueRotation += v("hueRotation", dc.time); break }
            return drawLayer(dc, blur: 0, shadow: nil, hueRotation: v("hueRotation", dc.time) + dc.hueRotation, keepOpacity: true)
        case let .shadow(color):
            let shadow = Shadow(color: color, radius: v("shadow.radius", dc.time), x: v("shadow.x", dc.time), y: v("shadow.y", dc.time))
            // An image's shadow is its own cached silhouette texture; anything else goes through a layer.
            if drawsOneImage {
                dc.shadow = shadow
            } else if drawsOneDashedStroke {
                // Its shadow is the solid stroke's at the dashes' share (spec 02 §1.3): still while the dashes march,
                // so it is blurred once and kept; the dashes are drawn over it directly.
                drawLayer(dc, blur: 0, shadow: shadow.seen(through: dc.transform, at: frame.center), solidStrokes: true)
            } else {
                return drawLayer(dc, blur: 0, shadow: shadow.seen(through: dc.transform, at: frame.center))
            }
        case .blur:
            // σ is in the view's points: a later scale (or a scaled fixed canvas) scales it, as it does a shadow's.
            return drawLayer(dc, blur: v("blur", dc.time) * dc.transform.lengthScale(near: frame.center), shadow: nil)
        case .compositingGroup:
            return drawLayer(dc, blur: 0, shadow: nil)
        case let .clip(shape, _):
            let r = properties.value("cornerRadius", at: dc.time)
            let s = r.map { AnyShape(RoundedRectangle(cornerRadius: $0)) } ?? shape
            dc.clip(to: s.path(in: frame).flattened(tolerance: 0.25).first?.points ?? [])
        default: break
        }
        guard dc.opacity > 0.0005 else { return }
        super.drawContent(dc)
    }

    private func containsImage(_ e: Element) -> Bool { e.drawsPicture || e.children.contains(where: containsImage) }

    /// True when the content is a single image (through wrappers).
    private var drawsOneImage: Bool { onlyLeaf.drawsPicture }

    /// True when the content is a single shape with a dashed stroke and no fill (through wrappers).
    private var drawsOneDashedStroke: Bool { onlyLeaf.drawsDashedStrokeOnly }

    private var onlyLeaf: Element {
        var e: Element = self
        while e.layoutChildren.count == 1 { e = e.layoutChildren[0] }
        return e
    }

    /// Draws the content into an offscreen layer: blurred (σ = radius), shadowed, and faded as a whole by the
    /// inherited opacity (so a compositing group's overlapping children do not show through one another).
    private func drawLayer(_ dc: DrawContext, blur: Double, shadow: Shadow?, hueRotation: Double = 0, keepOpacity: Bool = false,
                           solidStrokes: Bool = false) {
        let inner = DisplayList(host: host)
        var idc = dc
        idc.list = inner
        idc.solidStrokes = solidStrokes
        // Hue rotation keeps opacity per leaf (no group buffer, spec 01 §1.8); the other layers fade as a whole.
        if !keepOpacity { idc.opacity = 1 }
        if hueRotation != 0 { idc.hueRotation = 0 }   // the layer applies the whole rotation to its pixels
        super.drawContent(idc)
        let batches = inner.flattened
        var box: Rect?
        for b in batches {
            for v in b.vertices {
                let p = Rect(x: Double(v.x), y: Double(v.y), width: 0, height: 0)
                box = box.map { $0.union(p) } ?? p
            }
        }
        guard let bounds = box, dc.opacity > 0.0005 else { return }
        let layer = Layer(batches: batches, bounds: bounds, blur: max(0, blur), shadow: shadow,
                          opacity: keepOpacity ? 1 : dc.opacity, hueRotation: hueRotation, shadowOnly: solidStrokes)
        dc.list.append(layer)
    }

    override func containsDrawn(_ point: Point, time: Double) -> Bool {
        if case let .clip(shape, _) = kind {
            let r = properties.value("cornerRadius", at: time)
            let s = r.map { AnyShape(RoundedRectangle(cornerRadius: $0)) } ?? shape
            guard s.path(in: frame).fillContains(point) else { return false }
        }
        return super.containsDrawn(point, time: time)
    }

    /// Probe keys: scale is one value unless x and y differ.
    override func probeValues(at time: Double) -> [(key: String, value: ProbeValue)] {
        let all = properties.probeValues(at: time)
        guard case .scale = kind, let x = all.first(where: { $0.key == "scale.x" }), let y = all.first(where: { $0.key == "scale.y" }) else { return all }
        return x.value == y.value ? [("scale", x.value)] : [x, y]
    }
}

extension View {
    func effect(_ kind: EffectElement.Kind, _ values: [(String, Double)]) -> some View {
        wrapped(EffectElement.self) { e, ctx in
            e.kind = kind
            for (k, v) in values { e.properties.set(k, v, ctx) }
        }
    }
}

public extension View {
    func offset(x: Double = 0, y: Double = 0) -> some View { effect(.offset, [("offset.x", x), ("offset.y", y)]) }
    func offset(_ size: Size) -> some View { offset(x: size.width, y: size.height) }
    func scaleEffect(_ s: Double, anchor: UnitPoint = .center) -> some View { scaleEffect(x: s, y: s, anchor: anchor) }
    func scaleEffect(x: Double = 1, y: Double = 1, anchor: UnitPoint = .center) -> some View {
        effect(.scale(anchor), [("scale.x", x), ("scale.y", y)])
    }
    func scaleEffect(_ s: Size, anchor: UnitPoint = .center) -> some View { scaleEffect(x: s.width, y: s.height, anchor: anchor) }
    func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View {
        effect(.rotation(anchor), [("rotation", angle.degrees)])
    }
    /// Rotation about an axis in 3D with the projection of spec 02 §2.4 (eye at max(frame width, height)).
    func rotation3DEffect(_ angle: Angle, axis: (x: Double, y: Double, z: Double), anchor: UnitPoint = .center,
                          anchorZ: Double = 0, perspective: Double = 1) -> some View {
        effect(.rotation3D(axis: axis, anchor: anchor, perspective: perspective), [("rotation3D", angle.degrees)])
    }
    /// Handed to every leaf inside (no group buffer, spec 01 §1.8).
    func opacity(_ value: Double) -> some View { effect(.opacity, [("opacity", value)]) }
    /// The hue-rotate matrix of README §3.8 on everything inside.
    func hueRotation(_ angle: Angle) -> some View { effect(.hueRotation, [("hueRotation", angle.degrees)]) }
    /// Multiplies the colours of everything inside by `color` (white leaves them; black blacks them out); animates.
    func colorMultiply(_ color: Color) -> some View {
        effect(.colorMultiply, [("multiply.r", color.r), ("multiply.g", color.g), ("multiply.b", color.b), ("multiply.a", color.a)])
    }
    /// Clips to a shape in this view's frame: convex shapes clip the triangles, others mask offscreen.
    func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View {
        MaskView(content: self, mask: shape, alignment: .center, convex: nil, clip: (AnyShape(shape), style))
    }
    func clipped() -> some View { clipShape(Rectangle()) }
    /// Clips to a rounded rectangle of radius r (clamped to half the shorter side); r animates.
    func cornerRadius(_ radius: Double) -> some View {
        effect(.clip(AnyShape(RoundedRectangle(cornerRadius: radius)), FillStyle()), [("cornerRadius", radius)])
    }
    /// Keeps the content only where `mask` is opaque (its alpha; a gradient mask fades it). A convex built-in
    /// shape is drawn as a clip; anything else composites offscreen.
    func mask<S: Shape>(_ shape: S) -> some View {
        MaskView(content: self, mask: shape, alignment: .center, convex: shape.isConvex ? AnyShape(shape) : nil)
    }
    func mask<M: View>(_ mask: M) -> some View { MaskView(content: self, mask: mask, alignment: .center, convex: nil) }
    func mask<M: View>(alignment: Alignment = .center, @ViewBuilder _ mask: () -> M) -> some View {
        MaskView(content: self, mask: mask(), alignment: alignment, convex: (mask() as? any Shape).flatMap(convexShape))
    }
    func blur(radius: Double, opaque: Bool = false) -> some View { effect(.blur, [("blur", radius)]) }
    func shadow(color: Color = .defaultShadow, radius: Double, x: Double = 0, y: Double = 0) -> some View {
        effect(.shadow(color), [("shadow.radius", radius), ("shadow.x", x), ("shadow.y", y)])
    }
    func compositingGroup() -> some View { effect(.compositingGroup, []) }
}

/// An angle (`.degrees(90)`, `.radians(.pi)`).
public struct Angle: Hashable, Sendable {
    public var degrees: Double
    public init(degrees: Double) { self.degrees = degrees }
    public init(radians: Double) { degrees = radians * 180 / .pi }
    public var radians: Double { degrees * .pi / 180 }
    public static func degrees(_ d: Double) -> Angle { Angle(degrees: d) }
    public static func radians(_ r: Double) -> Angle { Angle(radians: r) }
    public static let zero = Angle(degrees: 0)
}

private func convexShape(_ s: any Shape) -> AnyShape? {
    guard s.isConvex else { return nil }
    func erase<S: Shape>(_ s: S) -> AnyShape { AnyShape(s) }
    return erase(s)
}

/// `mask`: a convex shape clips; any other view masks through an offscreen layer.
struct MaskView<Content: View, Mask: View>: View, PrimitiveView {
    let content: Content, mask: Mask, alignment: Alignment, convex: AnyShape?
    /// Set by `clipShape`: a convex shape becomes a triangle clip; any other masks offscreen.
    var clip: (shape: AnyShape, style: FillStyle)? = nil
    func resolve(_ ctx: ResolveContext) -> [Element] {
        if let clip, clip.shape.isConvex { return ctx.resolve(content.effect(.clip(clip.shape, clip.style), [])) }
        if let convex { return ctx.resolve(content.effect(.clip(convex, FillStyle()), [])) }
        return [resolveLayered(ctx, MaskElement.self, content, mask, alignment, behind: false)]
    }
}

/// The content sizes the element; the mask is fitted to it and multiplies its alpha.
final class MaskElement: LayeredElement {

    override func drawContent(_ dc: DrawContext) {
        guard let main, let mask = children.first(where: { $0 !== main }) else { return }
        func batches(_ e: Element, opacity: Double) -> [TriangleBatch] {
            let list = DisplayList(host: host)
            var idc = dc
            idc.list = list
            idc.opacity = opacity
            e.draw(idc)
            return list.flattened
        }
        let content = batches(main, opacity: 1), maskBatches = batches(mask, opacity: 1)
        var box: Rect?
        for b in content { for v in b.vertices {
            let p = Rect(x: Double(v.x), y: Double(v.y), width: 0, height: 0)
            box = box.map { $0.union(p) } ?? p
        } }
        guard let bounds = box, dc.opacity > 0.0005 else { return }
        dc.list.append(Layer(batches: content, bounds: bounds, blur: 0, shadow: nil, opacity: dc.opacity, mask: maskBatches))
    }

    override func containsDrawn(_ point: Point, time: Double) -> Bool { main?.hits(point, time: time) ?? false }
}
