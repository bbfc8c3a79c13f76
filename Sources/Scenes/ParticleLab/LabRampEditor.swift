import Foundation
import Particles
import Stage

/// The lab's keyframe editor, as in Xcode's particle editor: a bar showing the ramp (colour, alpha or scale over the
/// particle's life), a marker under it for each key. Click the bar to add a key there (holding the value sampled
/// there; keep the button down to drag it), drag a marker to move its key in time, click one to select it and edit its
/// value with the sliders; Delete (or the button) removes it, the last key stays. The mode picker sets the
/// interpolation (linear, step, spline).
final class LabRampEditor {
    let background = Node(name: "rampPanel", content: .shape(.rect, fill: Color(hex: 0xE9E9EE), stroke: nil))
    let title = Node(name: "rampTitle", content: .none)
    let targetPicker = Picker(name: "rampTarget", options: RampTarget.allCases.map { "\($0)".capitalized })
    let modePicker = Picker(name: "rampMode", options: ["linear", "step", "spline"])
    let deleteButton = Button(name: "rampDelete", action: {})
    private let deleteLabel = Node(content: .text("Delete key", Font(size: 12, weight: .semibold), .white))
    let bar = RampBar(name: "rampBar")
    /// Holds one marker per key (`rampKey:0`, `rampKey:1`, …).
    let markerLayer = Node(name: "rampMarkers")
    private(set) var markers: [RampMarker] = []
    /// Red, green, blue, alpha for colour keys; `rampValue` for alpha and scale keys.
    let channelSliders = ["rampRed", "rampGreen", "rampBlue", "rampAlpha"].map { Slider(name: $0, range: 0...1, value: 0) }
    let valueSlider = Slider(name: "rampValue", range: 0...1, value: 0)
    private let channelLabels = ["R", "G", "B", "A"].map { Node(content: .text($0, Font(size: 12, weight: .semibold), .black)) }
    private let valueLabel = Node(content: .text("Value", Font(size: 12, weight: .semibold), .black))
    let swatch = Node(name: "rampSwatch", content: .none)
    let info = Node(name: "rampInfo", content: .none)

    private(set) var target = RampTarget.color
    /// The selected key.
    private(set) var selected = 0
    private var dragging: Int?
    /// The mode new sequences get (an emitter without the sequence has none).
    private var mode = KeyframeInterpolation.linear

    private let read: () -> EmitterConfig
    private let write: (EmitterConfig) -> Void

    /// Nodes in drawing order.
    var nodes: [Node] {
        [background, title, targetPicker, modePicker, deleteButton, bar, markerLayer] + channelLabels + channelSliders
            + [valueLabel, valueSlider, swatch, info]
    }

    /// Controls in keyboard (Tab) order.
    var focusables: [Node] {
        [targetPicker, modePicker] + (target == .color ? channelSliders : [valueSlider]) + [deleteButton]
    }

    init(read: @escaping () -> EmitterConfig, write: @escaping (EmitterConfig) -> Void) {
        self.read = read
        self.write = write
        deleteButton.add([Node(content: .shape(.roundedRect(cornerRadius: 6), fill: Color(hex: 0xC0392B), stroke: nil)), deleteLabel])
        deleteButton.action = { [unowned self] in deleteSelected() }
        bar.ramp = { [unowned self] in ramp }
        bar.target = { [unowned self] in target }
        bar.onPress = { [unowned self] t in
            var r = ramp
            if !r.isSequence { r.mode = mode }
            let i = r.add(at: t)
            selected = i
            dragging = i
            apply(r)
        }
        bar.onMove = { [unowned self] t in drag(to: t) }
        bar.onRelease = { [unowned self] in dragging = nil }
        targetPicker.onChange = { [unowned self] i in
            target = RampTarget(rawValue: i) ?? .color
            selected = 0
            sync()
        }
        modePicker.onChange = { [unowned self] i in
            mode = [.linear, .step, .spline][i]
            var r = ramp
            r.mode = mode
            if r.isSequence { apply(r) }
        }
        for (ch, slider) in channelSliders.enumerated() {
            slider.onChange = { [unowned self] v in setValue(v, channel: ch) }
        }
        valueSlider.onChange = { [unowned self] v in setValue(v, channel: 0) }
        sync()
    }

    /// The emitter's ramp being edited.
    var ramp: LabRamp { LabRamp.read(read(), target) }

    private func apply(_ r: LabRamp) {
        var c = read()
        r.write(to: &c, target)
        write(c)
        sync()
    }

    private func drag(to t: Double) {
        guard let i = dragging else { return }
        var r = ramp
        let j = r.move(i, to: t)
        apply(r)
        dragging = j
        selected = j
        sync()
    }

    func select(key i: Int) {
        selected = max(0, min(i, ramp.count - 1))
        sync()
    }

    /// Removes the selected key (the last one stays).
    func deleteSelected() {
        var r = ramp
        guard r.remove(selected) else { return }
        selected = min(selected, r.count - 1)
        apply(r)
    }

    private func setValue(_ v: Double, channel: Int) {
        var r = ramp
        guard r.values.indices.contains(selected), r.values[selected].indices.contains(channel) else { return }
        r.values[selected][channel] = v
        apply(r)
    }

    /// Brings the controls in line with the emitter (after any change, or another effect).
    func sync() {
        let r = ramp
        selected = max(0, min(selected, r.count - 1))
        if r.isSequence { mode = r.mode }
        let m = [KeyframeInterpolation.linear, .step, .spline].firstIndex(of: mode) ?? 0
        if m != modePicker.selectedIndex { modePicker.setOptions(modePicker.options, selected: m) }
        if target.rawValue != targetPicker.selectedIndex { targetPicker.setOptions(targetPicker.options, selected: target.rawValue) }
        let v = r.values[selected]
        for (ch, s) in channelSliders.enumerated() { s.setValue(v.count == 4 ? v[ch] : 0) }
        valueSlider.range = target.range
        valueSlider.setValue(v[0])
        // RGBA sliders for colour keys, one value slider for alpha and scale keys.
        let isColor = target == .color
        (channelLabels + channelSliders).forEach { $0.isHidden = !isColor }
        valueLabel.isHidden = isColor
        valueSlider.isHidden = isColor
        // One marker per key.
        while markers.count < r.count {
            let m = RampMarker(name: "rampKey:\(markers.count)", index: markers.count)
            m.onPress = { [unowned self] i in selected = i; dragging = i; sync() }
            m.onMove = { [unowned self] x in drag(to: bar.time(atX: x)) }
            m.onRelease = { [unowned self] in dragging = nil }
            markers.append(m)
            markerLayer.add(m)
        }
        while markers.count > r.count { markerLayer.remove(markers.removeLast()) }
    }

    /// Lays the editor out in `rect` (the strip under the preview).
    func layout(in rect: Rect) {
        let r = ramp
        background.frame = rect
        let x = rect.minX + 16, w = rect.width - 32
        title.frame = Rect(x: x, y: rect.minY + 8, width: 110, height: 28)
        title.content = .text(target.title, Font(size: 14, weight: .bold), .black)
        title.textAlignment = .leading
        targetPicker.frame = Rect(x: x + 112, y: rect.minY + 8, width: 120, height: 28)
        modePicker.frame = Rect(x: x + 240, y: rect.minY + 8, width: 120, height: 28)
        deleteButton.frame = Rect(x: x + w - 100, y: rect.minY + 8, width: 100, height: 28)
        deleteButton.children.forEach { $0.frame = deleteButton.frame }
        deleteButton.isEnabled = r.count > 1
        deleteButton.opacity = r.count > 1 ? 1 : 0.4
        targetPicker.layout()
        modePicker.layout()

        bar.frame = Rect(x: x, y: rect.minY + 44, width: w, height: 28)
        markerLayer.frame = Rect(x: x - 8, y: bar.frame.maxY, width: w + 16, height: 20)
        for (i, m) in markers.enumerated() {
            let cx = bar.frame.minX + r.times[i] * bar.frame.width
            m.frame = Rect(x: cx - 7, y: bar.frame.maxY + 2, width: 14, height: 18)
            m.isSelected = i == selected
            m.color = Color(ramp: r.values[i])
            m.layout()
        }

        let y = rect.minY + 100
        let swatchSize = 28.0
        swatch.frame = Rect(x: x + w - swatchSize, y: y - 4, width: swatchSize, height: swatchSize)
        swatch.content = .shape(.roundedRect(cornerRadius: 5), fill: Color(ramp: r.values[selected]), stroke: Stroke(.gray, width: 1))
        let sw = (w - swatchSize - 12) / 4
        for ch in 0..<4 {
            channelLabels[ch].frame = Rect(x: x + Double(ch) * sw, y: y, width: 14, height: 20)
            channelSliders[ch].frame = Rect(x: x + Double(ch) * sw + 16, y: y, width: sw - 24, height: 20)
            channelSliders[ch].layout()
        }
        valueLabel.frame = Rect(x: x, y: y, width: 40, height: 20)
        valueSlider.frame = Rect(x: x + 44, y: y, width: w - swatchSize - 60, height: 20)
        valueSlider.layout()

        let key = r.values[selected]
        let valueText = key.count == 4
            ? String(format: "#%02X%02X%02X%02X", Int((min(1, max(0, key[0])) * 255).rounded()), Int((min(1, max(0, key[1])) * 255).rounded()),
                     Int((min(1, max(0, key[2])) * 255).rounded()), Int((min(1, max(0, key[3])) * 255).rounded()))
            : String(format: "%.2f", key[0])
        let what = r.isSequence ? "key \(selected + 1) of \(r.count) at \(String(format: "%.2f", r.times[selected]))"
            : "no sequence: the plain \(target == .color ? "particleColor" : target == .alpha ? "particleAlpha" : "particleScale")"
        info.frame = Rect(x: x, y: y + 24, width: w, height: 20)
        info.textAlignment = .leading
        info.content = .text("\(what) · \(valueText) · click the bar to add a key, drag a marker, Delete removes",
                             Font(size: 11), .secondaryLabel)
    }
}

/// The ramp bar: the sequence sampled across the particle's life (colours on a checkerboard that shows through
/// their alpha; alpha and scale as a filled curve), and the place to click to add a key.
final class RampBar: Node {
    var ramp: () -> LabRamp = { LabRamp(times: [0], values: [[1, 1, 1, 1]], mode: .linear, repeatMode: .clamp, isSequence: false) }
    var target: () -> RampTarget = { .color }
    var onPress: (Double) -> Void = { _ in }
    var onMove: (Double) -> Void = { _ in }
    var onRelease: () -> Void = {}
    private var pressed = false

    override var isInteractive: Bool { true }
    override func pointerPressed(at point: Point, time: Double) { pressed = true; onPress(self.time(atX: point.x)) }
    override func pointerMoved(to point: Point, time: Double) { if pressed { onMove(self.time(atX: point.x)) } }
    override func pointerReleased(at point: Point, inside: Bool, time: Double) { pressed = false; onRelease() }
    override func pointerCancelled(time: Double) { pressed = false; onRelease() }

    /// Normalised particle age at window x.
    func time(atX x: Double) -> Double { min(1, max(0, (x - frame.minX) / max(1, frame.width))) }

    override func drawCustom(transform: Homography, opacity: Double, renderer: Renderer) {
        var v: [Vertex] = []
        var idx: [Int32] = []
        // Neighbouring quads share their edge coordinates exactly, so no seam opens between them.
        func quad(_ x0: Double, _ x1: Double, _ y0: Double, _ y1: Double, _ a: Color, _ b: Color) {
            let n = Int32(v.count)
            v += [Vertex(transform.apply(Point(x0, y0)), a.opacity(opacity).rgba8),
                  Vertex(transform.apply(Point(x1, y0)), b.opacity(opacity).rgba8),
                  Vertex(transform.apply(Point(x1, y1)), b.opacity(opacity).rgba8),
                  Vertex(transform.apply(Point(x0, y1)), a.opacity(opacity).rgba8)]
            idx += [n, n + 1, n + 2, n, n + 2, n + 3]
        }
        let f = frame
        // Checkerboard (it shows where keys are transparent).
        let cell = f.height / 2
        let cells = max(1, Int((f.width / cell).rounded(.up)))
        let cx = (0...cells).map { min(f.maxX, f.minX + Double($0) * cell) }
        for col in 0..<cells {
            for row in 0..<2 {
                let c = (col + row) % 2 == 0 ? Color(hex: 0xFFFFFF) : Color(hex: 0xC8C8CC)
                quad(cx[col], cx[col + 1], row == 0 ? f.minY : f.midY, row == 0 ? f.midY : f.maxY, c, c)
            }
        }
        let r = ramp()
        let steps = 96
        // Edges on whole points: SDL's software rasterizer leaves a pixel whose centre lies exactly on a shared edge
        // to neither triangle.
        let xs = (0...steps).map { (f.minX + f.width * Double($0) / Double(steps)).rounded() }
        let ts = (0...steps).map { Double($0) / Double(steps) }
        if target() != .color {
            // Alpha and scale: a filled curve of the value (0…1, or 0…3 for scale, over the bar's height).
            let blue = Color(hex: 0x2F6FDE), top = target().range.upperBound
            for s in 0..<steps {
                let h = min(1, max(0, r.sample((ts[s] + ts[s + 1]) / 2)[0] / top)) * f.height
                quad(xs[s], xs[s + 1], f.maxY - h, f.maxY, blue, blue)
            }
        } else {
            // One strip whose columns share their edge vertices (separate quads leave hairline seams in SDL's
            // software rasterizer). Step mode repeats each edge with the next key's colour, so the jump stays sharp.
            let stepped = r.mode == .step && r.isSequence
            func colour(_ t: Double) -> Color { Color(ramp: r.sample(t)) }
            for s in 0...steps {
                let left = colour(stepped && s > 0 ? ts[s - 1] : ts[s]), right = colour(ts[s])
                let n = Int32(v.count)
                v += [Vertex(transform.apply(Point(xs[s], f.minY)), left.opacity(opacity).rgba8),
                      Vertex(transform.apply(Point(xs[s], f.maxY)), left.opacity(opacity).rgba8),
                      Vertex(transform.apply(Point(xs[s], f.minY)), right.opacity(opacity).rgba8),
                      Vertex(transform.apply(Point(xs[s], f.maxY)), right.opacity(opacity).rgba8)]
                // Column s-1 → s: from the previous edge's right colour to this edge's left colour.
                if s > 0 { idx += [n - 2, n, n + 1, n - 2, n + 1, n - 1] }
            }
        }
        // A thin frame.
        let edge = Color(hex: 0x8E8E93)
        quad(f.minX, f.maxX, f.minY, f.minY + 1, edge, edge)
        quad(f.minX, f.maxX, f.maxY - 1, f.maxY, edge, edge)
        quad(f.minX, f.minX + 1, f.minY, f.maxY, edge, edge)
        quad(f.maxX - 1, f.maxX, f.minY, f.maxY, edge, edge)
        renderer.drawTriangles(v, indices: idx, texture: nil, blend: .alpha)
    }
}

/// One key's marker under the ramp bar: a small tab in the key's colour with a tick up to the bar; blue when
/// selected. Press to select, drag to move the key in time.
final class RampMarker: Node {
    let index: Int
    var isSelected = false
    var color = Color.white
    var onPress: (Int) -> Void = { _ in }
    var onMove: (Double) -> Void = { _ in }
    var onRelease: () -> Void = {}
    private var pressed = false
    private let tick = Node(content: .shape(.rect, fill: Color(hex: 0x1C1C1E), stroke: nil))
    private let tab = Node(content: .none)

    init(name: String, index: Int) {
        self.index = index
        super.init(name: name)
        add([tick, tab])
    }

    override var isInteractive: Bool { true }
    override func pointerPressed(at point: Point, time: Double) { pressed = true; onPress(index) }
    override func pointerMoved(to point: Point, time: Double) { if pressed { onMove(point.x) } }
    override func pointerReleased(at point: Point, inside: Bool, time: Double) { pressed = false; onRelease() }
    override func pointerCancelled(time: Double) { pressed = false; onRelease() }

    func layout() {
        tick.frame = Rect(x: frame.midX - 1, y: frame.minY - 8, width: 2, height: 8)
        tab.frame = Rect(x: frame.minX, y: frame.minY + 2, width: frame.width, height: frame.height - 2)
        tab.content = .shape(.roundedRect(cornerRadius: 3), fill: color,
                             stroke: Stroke(isSelected ? .blue : Color(hex: 0x636366), width: isSelected ? 2.5 : 1))
        tick.content = .shape(.rect, fill: isSelected ? .blue : Color(hex: 0x1C1C1E), stroke: nil)
    }
}
