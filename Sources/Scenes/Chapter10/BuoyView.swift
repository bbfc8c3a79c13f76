import Views

/// The book's `BuoyView`: the buoy picture with its lamp, which blinks white ↔ grey while the whole buoy rocks about
/// its left edge and tilts about its centre, on two different rhythms (spec 03 §3.3). The scene owns the three
/// booleans; the buoy flips them when it appears. The vertical offset is written after the last animation, so it
/// jumps from +10 to −10 at once instead of animating (03 §3.10).
struct BuoyView: View {
    @Binding var tiltForwardBackward: Bool
    @Binding var upAndDown: Bool
    @Binding var leadingAnchorAnimnate: Bool
    /// The lamp's grey level: white at first, 0.5 once the buoy has appeared.
    @State private var lightColor = 1.0

    var body: some View {
        ZStack {
            Image("buoy")
                .named("buoyImage")
            // 12 × 17 in the lamp cage, centred at (112.5, 19.5) of the 225 × 225 picture.
            TopRoundedRectangle(cornerRadius: 8)
                .fill(Color(r: lightColor, g: lightColor, b: lightColor))
                .frame(width: 12, height: 17)
                .offset(y: -93)
                .named("lamp")
        }
        .animation(Animation.easeOut(duration: 1).repeatForever(autoreverses: true), value: lightColor)
        .rotationEffect(.degrees(leadingAnchorAnimnate ? 7 : -3), anchor: .leading)
        .animation(Animation.easeOut(duration: 0.9).repeatForever(autoreverses: true), value: leadingAnchorAnimnate)
        .rotationEffect(.degrees(tiltForwardBackward ? -20 : 15))
        .animation(Animation.easeInOut(duration: 1).delay(0.2).repeatForever(autoreverses: true), value: tiltForwardBackward)
        .offset(y: upAndDown ? -10 : 10)
        .onAppear {
            lightColor = 0.5
            leadingAnchorAnimnate.toggle()
            tiltForwardBackward.toggle()
            upAndDown.toggle()
        }
    }
}

/// A rectangle with only its top corners rounded (the lamp's dome). As with a rounded rectangle, the radius is
/// capped at half the width and half the height: the 12-pt-wide lamp asks for 8 and gets a semicircle of 6.
struct TopRoundedRectangle: Shape {
    var cornerRadius: Double

    func path(in rect: Rect) -> Path {
        let r = max(0, min(cornerRadius, rect.width / 2, rect.height / 2))
        // A quarter circle as one cubic: the controls sit 0.5523 r along the tangents.
        let k = 0.5523 * r
        return Path { path in
            path.move(to: Point(rect.minX, rect.maxY))
            path.addLine(to: Point(rect.minX, rect.minY + r))
            path.addCurve(to: Point(rect.minX + r, rect.minY),
                          control1: Point(rect.minX, rect.minY + r - k), control2: Point(rect.minX + r - k, rect.minY))
            path.addLine(to: Point(rect.maxX - r, rect.minY))
            path.addCurve(to: Point(rect.maxX, rect.minY + r),
                          control1: Point(rect.maxX - r + k, rect.minY), control2: Point(rect.maxX, rect.minY + r - k))
            path.addLine(to: Point(rect.maxX, rect.maxY))
            path.closeSubpath()
        }
    }
}
