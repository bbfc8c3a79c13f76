import Views

/// Chapter 2, "Timing curves" (spec 01 §2.2.1), built from the book's Figures 2.1 and 2.2: the four curves as a
/// graph, and four balls that cross their lanes together when Animate is pressed, each eased by its own curve.
struct TimingCurves: View {
    @State private var atEnd = false
    @State private var duration = 0.35
    /// Legs run so far. The graph animates it linearly, so its fraction is the time through the current leg.
    @State private var legs = 0.0

    var body: some View {
        VStack(spacing: 16) {
            Text("TIMING CURVES").font(.title).bold()
                .named("title")
            graph
                .padding(.top, 8)
            VStack(spacing: 0) {
                ForEach(TimingCurve.all) { curve in lane(curve) }
            }
            Picker("Duration", selection: $duration) {
                Text("0.35 s").tag(0.35)
                Text("1 s").tag(1.0)
                Text("2 s").tag(2.0)
            }
            .pickerStyle(.segmented)
            // Spec 01's look: the selected segment blue with white text (the tinted look).
            .tint(.blue)
            .frame(width: 300)
            .named("durationPicker")
            Button("Animate") {
                atEnd.toggle()
                legs += 1
            }
            .font(.title2)
            .named("animateButton")
            Spacer()
        }
        .padding(.top, 16)
    }

    /// Progress against time, with a marker on each curve and a cursor at the current leg's time.
    private var graph: some View {
        ZStack {
            Axes().stroke(Color.gray, lineWidth: 1)
            ForEach(TimingCurve.all) { curve in
                CurvePlot(animation: curve.animation(1)).stroke(curve.color, lineWidth: 2)
            }
            TimeCursor(legs: legs).fill(Color.gray)
                .named("graphCursor")
            ForEach(TimingCurve.all) { curve in
                CurveMarker(animation: curve.animation(1), legs: legs).fill(curve.color)
                    .named("graphMarker.\(curve.name)")
            }
        }
        .animation(.linear(duration: duration), value: legs)
        .frame(width: 300, height: 200)
        .overlay(alignment: .topLeading) { axisLabel("progress") }
        .overlay(alignment: .bottomTrailing) { axisLabel("time") }
        .named("graph")
    }

    private func axisLabel(_ text: String) -> some View {
        Text(text).font(.caption).foregroundColor(.gray).padding(6)
    }

    /// A lane 44 pt tall: the label at x 16–106, a track from x 110 to 360, and the ball centred on the track start.
    private func lane(_ curve: TimingCurve) -> some View {
        ZStack(alignment: .leading) {
            Text(curve.name)
                .frame(width: 90, alignment: .leading)
                .padding(.leading, 16)
            Rectangle()
                .fill(Color.gray)
                .frame(width: 250, height: 1)
                .padding(.leading, 110)
            Circle()
                .fill(curve.color)
                .frame(width: 24, height: 24)
                .offset(x: atEnd ? 250 : 0)
                .animation(curve.animation(duration), value: atEnd)
                .named("ball.\(curve.name)")
                .padding(.leading, 98)
        }
        .frame(width: 390, height: 44, alignment: .leading)
        .named("lane.\(curve.name)")
    }
}

/// One of the four curves of the book's figures, with the colour it has in the graph and its lane.
private struct TimingCurve: Identifiable, Sendable {
    let name: String
    let color: Color
    let animation: @Sendable (_ duration: Double) -> Animation
    var id: String { name }

    static let all = [
        TimingCurve(name: "linear", color: .gray, animation: Animation.linear(duration:)),
        TimingCurve(name: "easeIn", color: .red, animation: Animation.easeIn(duration:)),
        TimingCurve(name: "easeOut", color: .green, animation: Animation.easeOut(duration:)),
        TimingCurve(name: "easeInOut", color: .blue, animation: Animation.easeInOut(duration:)),
    ]
}

/// The time fraction u of the current leg, from the animated leg count (0 before the first leg).
private func legFraction(_ legs: Double) -> Double { legs <= 0 ? 0 : legs - legs.rounded(.up) + 1 }

/// The graph's axes: progress up the left edge, time along the bottom.
private struct Axes: Shape {
    func path(in rect: Rect) -> Path {
        Path { p in
            p.move(to: Point(rect.minX, rect.minY))
            p.addLine(to: Point(rect.minX, rect.maxY))
            p.addLine(to: Point(rect.maxX, rect.maxY))
        }
    }
}

/// p(u) for u from 0 to 1 (a one-second animation's progress).
private struct CurvePlot: Shape {
    let animation: Animation
    func path(in rect: Rect) -> Path {
        Path { p in
            p.addLines((0...120).map { i in
                let u = Double(i) / 120
                return Point(rect.minX + u * rect.width, rect.maxY - animation.progress(at: u) * rect.height)
            })
        }
    }
}

/// An 8-pt dot at (u, p(u)).
private struct CurveMarker: Shape {
    let animation: Animation
    var legs: Double
    var animatableData: Double { get { legs } set { legs = newValue } }
    var animatableValues: [(String, Double)] { [("u", legFraction(legs))] }

    func path(in rect: Rect) -> Path {
        let u = legFraction(legs)
        let centre = Point(rect.minX + u * rect.width, rect.maxY - animation.progress(at: u) * rect.height)
        return Path { $0.addEllipse(in: Rect(center: centre, size: Size(8, 8))) }
    }
}

/// A 1-pt vertical line at u.
private struct TimeCursor: Shape {
    var legs: Double
    var animatableData: Double { get { legs } set { legs = newValue } }
    var animatableValues: [(String, Double)] { [("u", legFraction(legs))] }

    func path(in rect: Rect) -> Path {
        .rect(Rect(x: rect.minX + legFraction(legs) * rect.width - 0.5, y: rect.minY, width: 1, height: rect.height))
    }
}
