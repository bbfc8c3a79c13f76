import Particles
import Views

/// The ramp editor's state and edits, as in Xcode's particle editor: which sequence is shown (colour, alpha or
/// scale), which key is selected, the key being dragged. Pressing the bar adds a key there holding the value sampled
/// there (keep the button down to drag it); dragging a marker moves its key in time; the sliders set the selected
/// key's value; Delete removes it, the last key stays; the mode sets the interpolation. `LabRampView` draws it.
final class LabRampEditor: ObservableObject {
    @Published private(set) var target = RampTarget.color
    /// The selected key.
    @Published private(set) var selected = 0
    /// The key a press on the bar or a marker holds, while the button is down.
    private(set) var dragging: Int?
    /// The mode new sequences get (an emitter without the sequence has none).
    @Published private(set) var mode = KeyframeInterpolation.linear

    private let read: () -> EmitterConfig
    private let write: (EmitterConfig) -> Void

    init(read: @escaping () -> EmitterConfig, write: @escaping (EmitterConfig) -> Void) {
        self.read = read
        self.write = write
        sync()
    }

    /// The emitter's ramp being edited.
    var ramp: LabRamp { LabRamp.read(read(), target) }

    static let modes: [KeyframeInterpolation] = [.linear, .step, .spline]

    func show(_ t: RampTarget) {
        target = t
        selected = 0
        sync()
    }

    func set(mode m: KeyframeInterpolation) {
        mode = m
        var r = ramp
        r.mode = m
        if r.isSequence { apply(r) }
    }

    private func apply(_ r: LabRamp) {
        var c = read()
        r.write(to: &c, target)
        write(c)
        sync()
    }

    /// A press on the bar at normalised time `t`: a new key there, selected and held for dragging.
    func press(barAt t: Double) {
        var r = ramp
        if !r.isSequence { r.mode = mode }
        let i = r.add(at: t)
        selected = i
        dragging = i
        apply(r)
    }

    /// The held marker's key time at the press: a marker drag moves it by the pointer's travel.
    private(set) var heldFrom = 0.0

    /// A press on key `i`'s marker: it is selected and held.
    func press(key i: Int) {
        select(key: i)
        dragging = selected
        heldFrom = ramp.times[selected]
    }

    /// The held key follows the pointer to time `t`, the keys staying sorted.
    func drag(to t: Double) {
        guard let i = dragging else { return }
        var r = ramp
        let j = r.move(i, to: t)
        dragging = j
        selected = j
        apply(r)
    }

    func release() { dragging = nil }

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

    /// The selected key's channel (0…3 for a colour, 0 for alpha and scale).
    func value(channel: Int) -> Double {
        let v = ramp.values[min(selected, ramp.count - 1)]
        return v.indices.contains(channel) ? v[channel] : 0
    }

    func set(_ v: Double, channel: Int) {
        var r = ramp
        guard r.values.indices.contains(selected), r.values[selected].indices.contains(channel) else { return }
        r.values[selected][channel] = v
        apply(r)
    }

    /// Brings the selection and mode in line with the emitter (after any change, or another effect).
    func sync() {
        let r = ramp
        let s = max(0, min(selected, r.count - 1))
        if s != selected { selected = s }
        if r.isSequence, r.mode != mode { mode = r.mode }
    }
}
