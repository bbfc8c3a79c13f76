import Foundation

/// Arcs and the outlines of the standard shapes. Every closed shape runs clockwise on screen.
extension Path {
    /// A circular arc, SwiftUI's (Core Graphics') convention. Angles in degrees from 3 o'clock toward +y.
    ///
    /// `clockwise: false` sweeps toward increasing angles, which on a y-down screen looks **clockwise**;
    /// `clockwise: true` sweeps toward decreasing angles and looks counter-clockwise (the flag is named for a y-up
    /// coordinate system, exactly as in SwiftUI). A sweep of 360° or more in the chosen direction draws the whole
    /// circle; otherwise the end angle is taken modulo 360°. A line joins the current point to the arc's start, if
    /// there is a current point.
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
        let a0 = startAngle * .pi / 180, a1 = endAngle * .pi / 180, full = 2 * Double.pi
        var sweep: Double
        if !clockwise {
            sweep = a1 - a0 >= full ? full : (a1 - a0).truncatingRemainder(dividingBy: full)
            if sweep < 0 { sweep += full }
        } else {
            sweep = a0 - a1 >= full ? -full : -(a0 - a1).truncatingRemainder(dividingBy: full)
            if sweep > 0 { sweep -= full }
        }
        addArcRadians(center: center, radius: radius, start: a0, sweep: sweep)
    }

    /// An arc from `startAngle` through `delta` degrees: positive `delta` looks clockwise on screen (no normalising).
    public mutating func addRelativeArc(center: Point, radius: Double, startAngle: Double, delta: Double) {
        addArcRadians(center: center, radius: radius, start: startAngle * .pi / 180, sweep: delta * .pi / 180)
    }

    /// A closed rectangle: starts at the top-left corner and runs clockwise on screen.
    public mutating func addRect(_ r: Rect) {
        move(to: Point(r.minX, r.minY))
        addLine(to: Point(r.maxX, r.minY)); addLine(to: Point(r.maxX, r.maxY)); addLine(to: Point(r.minX, r.maxY))
        closeSubpath()
    }

    /// A closed ellipse inscribed in `r`: four cubic quarters starting at 3 o'clock, clockwise on screen.
    public mutating func addEllipse(in r: Rect) {
        let c = r.center, rx = r.width / 2, ry = r.height / 2, k = 0.5522847498307936
        move(to: Point(c.x + rx, c.y))
        addCurve(to: Point(c.x, c.y + ry), control1: Point(c.x + rx, c.y + k * ry), control2: Point(c.x + k * rx, c.y + ry))
        addCurve(to: Point(c.x - rx, c.y), control1: Point(c.x - k * rx, c.y + ry), control2: Point(c.x - rx, c.y + k * ry))
        addCurve(to: Point(c.x, c.y - ry), control1: Point(c.x - rx, c.y - k * ry), control2: Point(c.x - k * rx, c.y - ry))
        addCurve(to: Point(c.x + rx, c.y), control1: Point(c.x + k * rx, c.y - ry), control2: Point(c.x + rx, c.y - k * ry))
        closeSubpath()
    }

    /// A closed rounded rectangle with circular corners, radius clamped to [0, min(w, h)/2]. Starts at the midpoint of
    /// the right edge and runs clockwise on screen (down the right side first), like the spec's capsule (02 §2.3).
    /// Straight runs of zero length are left out, so a capsule is two semicircles and two lines.
    public mutating func addRoundedRect(in r: Rect, cornerRadius: Double) {
        let cr = max(0, min(cornerRadius, r.width / 2, r.height / 2))
        let start = Point(r.maxX, r.midY)
        move(to: start)
        func line(_ p: Point) { if let c = currentPoint, c.distance(to: p) > 1e-12 { addLine(to: p) } }
        func corner(_ cx: Double, _ cy: Double, _ from: Double) {
            guard cr > 0 else { return }
            addRelativeArc(center: Point(cx, cy), radius: cr, startAngle: from, delta: 90)
        }
        line(Point(r.maxX, r.maxY - cr)); corner(r.maxX - cr, r.maxY - cr, 0)
        line(Point(r.minX + cr, r.maxY)); corner(r.minX + cr, r.maxY - cr, 90)
        line(Point(r.minX, r.minY + cr)); corner(r.minX + cr, r.minY + cr, 180)
        line(Point(r.maxX - cr, r.minY)); corner(r.maxX - cr, r.minY + cr, 270)
        closeSubpath()
    }

    // MARK: Shape outlines

    /// The largest circle centred in `r` (diameter min(w, h)), from 3 o'clock, clockwise on screen.
    public static func circle(in r: Rect) -> Path {
        let d = min(r.width, r.height)
        return ellipse(in: Rect(center: r.center, size: Size(d, d)))
    }
    public static func ellipse(in r: Rect) -> Path { Path { $0.addEllipse(in: r) } }
    public static func rect(_ r: Rect) -> Path { Path { $0.addRect(r) } }
    public static func roundedRect(_ r: Rect, cornerRadius: Double) -> Path {
        Path { $0.addRoundedRect(in: r, cornerRadius: cornerRadius) }
    }
    /// A rounded rectangle with corner radius min(w, h)/2.
    public static func capsule(in r: Rect) -> Path { roundedRect(r, cornerRadius: min(r.width, r.height) / 2) }

    // MARK: Internals

    /// Arc as cubics of at most 90° each; `sweep` > 0 toward increasing angle.
    private mutating func addArcRadians(center c: Point, radius: Double, start: Double, sweep: Double) {
        let r = max(0, radius)
        let p0 = Point(c.x + r * cos(start), c.y + r * sin(start))
        if let cur = currentPoint, elements.last != .closeSubpath {
            if cur.distance(to: p0) > 1e-9 { addLine(to: p0) }
        } else {
            move(to: p0)
        }
        guard r > 0, sweep != 0 else { return }
        let n = max(1, Int((abs(sweep) / (.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / Double(n), k = 4.0 / 3.0 * tan(step / 4)
        var a = start
        for i in 0..<n {
            let b = i == n - 1 ? start + sweep : a + step
            let ca = cos(a), sa = sin(a), cb = cos(b), sb = sin(b)
            addCurve(to: Point(c.x + r * cb, c.y + r * sb),
                     control1: Point(c.x + r * (ca - k * sa), c.y + r * (sa + k * ca)),
                     control2: Point(c.x + r * (cb + k * sb), c.y + r * (sb - k * cb)))
            a = b
        }
    }
}
