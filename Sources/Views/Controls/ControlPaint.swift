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
        list.add(tess, clip: clip)
    }
}
