import Stage

/// Colours of the controls' own looks (iOS light appearance, as the player's Stage widgets use).
extension Color {
    /// The off track of a switch and the unfilled part of a slider track (spec 05 §3.3 slider: #E5E5EA).
    static let controlTrack = Color(hex: 0xE5E5EA)
    /// A text field's border and placeholder.
    static let fieldBorder = Color(hex: 0xC7C7CC)
    static let fieldPlaceholder = Color(60, 60, 67, alpha: 0.3)
}

/// Drawing for controls that paint themselves (switch, slider, text field, focus ring): paths in the element's
/// space, through the context's transform, opacity and clip.
extension DrawContext {
    func fill(_ path: Path, _ color: Color) {
        var tess = tessellator()
        tess.fill(path, transform: transform, paint: .color(paint(color)))
        list.add(tess, clip: clip)
    }

    func stroke(_ path: Path, _ color: Color, lineWidth: Double) {
        var tess = tessellator()
        tess.stroke(path, transform: transform, style: StrokeStyle(lineWidth: lineWidth), paint: .color(paint(color)))
        list.add(tess, clip: clip)
    }

    /// The soft shadow of a disc (a knob): the disc blurred with a Gaussian of `sigma`, moved by `offset`. Its edge
    /// falls off as 1 − Φ((d − r)/σ), sampled at whole σ, so no blur pass is needed for so small a thing.
    func discShadow(center: Point, radius: Double, color: Color, sigma: Double, offset: Size) {
        let c = Point(center.x + offset.width, center.y + offset.height)
        let m = transform.m
        guard m[6] == 0, m[7] == 0, m[8] == 1 else {
            list.add(discShadowMesh(center: c, radius: radius, color: color, sigma: sigma, transform: transform), clip: clip)
            return
        }
        // Under an affine transform the shadow anywhere is the same triangles moved: made once at the origin (a
        // dragged knob's shadow was most of what a slider drag drew), then moved to where the disc is.
        let key = DiscShadowKey(linear: [m[0], m[1], m[3], m[4]], radius: radius, sigma: sigma, color: paint(color),
                                pixelScale: list.host.context.pixelScale)
        let linear = Homography([m[0], m[1], 0, m[3], m[4], 0, 0, 0, 1])
        var tess = DiscShadowKey.made[key] ?? {
            let made = discShadowMesh(center: Point(0, 0), radius: radius, color: color, sigma: sigma, transform: linear)
            if DiscShadowKey.made.count >= 32 { DiscShadowKey.made.removeAll() }
            DiscShadowKey.made[key] = made
            return made
        }()
        let at = transform.apply(c)
        let dx = Float(at.x), dy = Float(at.y)
        for i in tess.vertices.indices { tess.vertices[i].x += dx; tess.vertices[i].y += dy }
        list.add(tess, clip: clip)
    }

    func discShadowMesh(center c: Point, radius: Double, color: Color, sigma: Double, transform: Homography) -> Tessellator {
        let reach = radius + 3 * sigma
        let profile: [(d: Double, a: Double)] = [(-2, 0.977), (-1, 0.841), (0, 0.5), (1, 0.159), (2, 0.023), (3, 0)]
        var stops = [Gradient.Stop(color: color, location: 0)]
        for (d, a) in profile where radius + d * sigma > 0 {
            stops.append(.init(color: color.opacity(a), location: (radius + d * sigma) / reach))
        }
        let gradient = Paint.radialGradient(Gradient(stops: stops), center: c, startRadius: 0, endRadius: reach)
        var tess = tessellator()
        tess.fill(.circle(in: Rect(center: c, size: Size(2 * reach, 2 * reach))), transform: transform,
                  paint: paint(gradient.applying(transform)))
        return tess
    }
}

/// A disc's shadow as `discShadow` makes it at the origin: the transform's linear part, the disc, and the colour as
/// painted (hue, multiply and opacity applied).
private struct DiscShadowKey: Hashable {
    var linear: [Double]
    var radius, sigma: Double
    var color: Color
    var pixelScale: Double

    /// The shadows made, a few dozen at most (a scene has a handful of knob sizes and opacities).
    static var made: [DiscShadowKey: Tessellator] = [:]
}
