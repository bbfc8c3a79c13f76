import Particles
import Stage
import Views

/// The ramp bar and its key markers. The bar shows the sequence across the particle's life: colours as a gradient
/// sampled the way the engine samples them, over a checkerboard that shows through their alpha; alpha and scale as a
/// filled curve. Pressing it adds a key there (held while the button is down); each marker can be pressed to select
/// its key and dragged to move it in time.
struct LabRampBar: View {
    @ObservedObject var editor: LabRampEditor
    let ramp: LabRamp

    static let barHeight = 28.0
    static let markerSize = Size(14, 16)

    var body: some View {
        GeometryReader { proxy in
            let w = max(1, proxy.size.width)
            ZStack(alignment: .topLeading) {
                bar(width: w)
                ForEach(0..<ramp.count) { i in
                    marker(i, barWidth: w).offset(x: (ramp.times[i] * w).rounded() - Self.markerSize.width / 2,
                                                  y: Self.barHeight + 4)
                }
            }
        }
        .frame(height: Self.barHeight + 4 + Self.markerSize.height)
    }

    /// A press this close outside either end still lands on the bar (at 0 or 1): the ends are where keys often go.
    static let slop = 4.0

    private func bar(width w: Double) -> some View {
        ZStack {
            // The slop, in the ramp panel's own colour.
            Rectangle().fill(LabRampView.background)
            ZStack {
                Rectangle().fill(Color.white)
                Checkerboard(cell: Self.barHeight / 2).fill(Color(hex: 0xC8C8CC))
                if editor.target == .color {
                    Rectangle().fill(LinearGradient(gradient: colorGradient, startPoint: .leading, endPoint: .trailing))
                } else {
                    RampCurve(ramp: ramp, top: editor.target.range.upperBound).fill(Color(hex: 0x2F6FDE))
                }
                Rectangle().stroke(Color(hex: 0x8E8E93), lineWidth: 1)
            }
            .frame(width: w, height: Self.barHeight)
            .named("rampBar")
        }
        .frame(width: w + 2 * Self.slop, height: Self.barHeight)
        .offset(x: -Self.slop)
        .gesture(DragGesture(minimumDistance: 0)
            .onChanged { v in
                let t = min(1, max(0, (v.location.x - Self.slop) / w))
                if editor.dragging == nil { editor.press(barAt: t) } else { editor.drag(to: t) }
            }
            .onEnded { _ in editor.release() })
    }

    /// The colour ramp sampled at 97 points; in step mode each step is a hard edge (two stops at one place).
    private var colorGradient: Gradient {
        let n = 96
        let stepped = ramp.mode == .step && ramp.isSequence
        var stops: [Gradient.Stop] = []
        for s in 0...n {
            let t = Double(s) / Double(n)
            if stepped && s > 0 { stops.append(Gradient.Stop(color: Color(ramp: ramp.sample(Double(s - 1) / Double(n))), location: t)) }
            stops.append(Gradient.Stop(color: Color(ramp: ramp.sample(t)), location: t))
        }
        return Gradient(stops: stops)
    }

    /// A tab in the key's colour with a tick up to the bar; outlined blue when selected.
    private func marker(_ i: Int, barWidth w: Double) -> some View {
        let selected = i == editor.selected
        return RoundedRectangle(cornerRadius: 3)
            .fill(Color(ramp: ramp.values[i]))
            .overlay(RoundedRectangle(cornerRadius: 3).stroke(selected ? Color.blue : Color(hex: 0x636366), lineWidth: selected ? 2.5 : 1))
            .overlay(alignment: .top) {
                Rectangle().fill(selected ? Color.blue : Color(hex: 0x1C1C1E)).frame(width: 2, height: 4).offset(y: -4)
            }
            .frame(width: Self.markerSize.width, height: Self.markerSize.height)
            .gesture(DragGesture(minimumDistance: 0)
                .onChanged { v in
                    if editor.dragging == nil { editor.press(key: i) }
                    else if v.translation.width != 0 { editor.drag(to: editor.heldFrom + v.translation.width / w) }
                }
                .onEnded { _ in editor.release() })
            .named("rampKey:\(i)")
    }
}

/// The grey squares of a checkerboard two cells tall, over the width of the frame.
struct Checkerboard: Views.Shape {
    let cell: Double

    func path(in r: Rect) -> Path {
        var p = Path()
        var col = 0
        var x = r.minX
        while x < r.maxX {
            for row in 0..<2 where (col + row) % 2 == 1 {
                p.addRect(Rect(x: x, y: r.minY + Double(row) * cell, width: min(cell, r.maxX - x), height: cell))
            }
            x += cell
            col += 1
        }
        return p
    }
}

/// An alpha or scale sequence as a filled curve: the value (0…top) over the bar's height, across its width.
struct RampCurve: Views.Shape {
    let ramp: LabRamp
    let top: Double

    func path(in r: Rect) -> Path {
        let n = 96
        var p = Path()
        p.move(to: Point(r.minX, r.maxY))
        for s in 0...n {
            let t = Double(s) / Double(n)
            let h = min(1, max(0, ramp.sample(t)[0] / top)) * r.height
            p.addLine(to: Point(r.minX + t * r.width, r.maxY - h))
        }
        p.addLine(to: Point(r.maxX, r.maxY))
        p.closeSubpath()
        return p
    }
}
