import Foundation
import Particles
import Stage

/// Which keyframe sequence the lab's ramp editor shows: Xcode's Color Ramp, or the alpha and scale sequences.
enum RampTarget: Int, CaseIterable {
    case color, alpha, scale

    var title: String {
        switch self {
        case .color: return "Color ramp"
        case .alpha: return "Alpha ramp"
        case .scale: return "Scale ramp"
        }
    }
    var channels: Int { self == .color ? 4 : 1 }
    /// Slider range of a key's value.
    var range: ClosedRange<Double> { self == .scale ? 0...3 : 0...1 }
}

/// One keyframe sequence of an emitter as the editor sees it: keys sorted by time, each value as 4 components
/// (RGBA) or 1 (alpha, scale). An emitter without that sequence shows one key at time 0 holding its plain value
/// (`particleColor`, `particleAlpha`, `particleScale`); editing that key edits the plain value, and adding a second key
/// turns it into a sequence, which from then on overrides Start, Range and Speed as in SpriteKit (spec 05 §1.3, §1.7).
struct LabRamp: Equatable {
    var times: [Double]
    var values: [[Double]]
    var mode: KeyframeInterpolation
    var repeatMode: KeyframeRepeat
    /// Whether the emitter has the sequence (else the single key is its plain value).
    var isSequence: Bool

    var count: Int { times.count }

    /// The emitter's ramp for `target`, keys stably sorted by time.
    static func read(_ c: EmitterConfig, _ target: RampTarget) -> LabRamp {
        func make<V>(_ s: KeyframeSequence<V>?, plain: V, parts: (V) -> [Double]) -> LabRamp {
            guard let s, min(s.keyframeTimes.count, s.keyframeValues.count) > 0 else {
                return LabRamp(times: [0], values: [parts(plain)], mode: s?.interpolationMode ?? .linear,
                               repeatMode: s?.repeatMode ?? .clamp, isSequence: false)
            }
            let n = min(s.keyframeTimes.count, s.keyframeValues.count)
            let order = (0..<n).sorted { s.keyframeTimes[$0] < s.keyframeTimes[$1] || (s.keyframeTimes[$0] == s.keyframeTimes[$1] && $0 < $1) }
            return LabRamp(times: order.map { s.keyframeTimes[$0] }, values: order.map { parts(s.keyframeValues[$0]) },
                           mode: s.interpolationMode, repeatMode: s.repeatMode, isSequence: true)
        }
        switch target {
        case .color: return make(c.particleColorSequence, plain: c.particleColor) { [$0.r, $0.g, $0.b, $0.a] }
        case .alpha: return make(c.particleAlphaSequence, plain: c.particleAlpha) { [$0] }
        case .scale: return make(c.particleScaleSequence, plain: c.particleScale) { [$0] }
        }
    }

    /// Writes the ramp back: a sequence when it is one, else the plain value.
    func write(to c: inout EmitterConfig, _ target: RampTarget) {
        switch target {
        case .color:
            let colors = values.map { RGBA($0[0], $0[1], $0[2], $0[3]) }
            if isSequence {
                c.particleColorSequence = KeyframeSequence(keyframeValues: colors, times: times, interpolationMode: mode,
                                                           repeatMode: repeatMode)
            } else {
                c.particleColor = colors[0]
            }
        case .alpha:
            if isSequence {
                c.particleAlphaSequence = KeyframeSequence(keyframeValues: values.map { $0[0] }, times: times,
                                                           interpolationMode: mode, repeatMode: repeatMode)
            } else {
                c.particleAlpha = values[0][0]
            }
        case .scale:
            if isSequence {
                c.particleScaleSequence = KeyframeSequence(keyframeValues: values.map { $0[0] }, times: times,
                                                           interpolationMode: mode, repeatMode: repeatMode)
            } else {
                c.particleScale = values[0][0]
            }
        }
    }

    /// The value at normalised time `t`, exactly as the engine samples it.
    func sample(_ t: Double) -> [Double] {
        if values.first?.count == 4 {
            let s = KeyframeSequence(keyframeValues: values.map { RGBA($0[0], $0[1], $0[2], $0[3]) }, times: times,
                                     interpolationMode: mode, repeatMode: repeatMode)
            guard let c = s.sample(at: t) else { return [1, 1, 1, 1] }
            return [c.r, c.g, c.b, c.a]
        }
        let s = KeyframeSequence(keyframeValues: values.map { $0[0] }, times: times, interpolationMode: mode,
                                 repeatMode: repeatMode)
        return [s.sample(at: t) ?? 0]
    }

    /// Adds a key at `t` holding the value sampled there; returns its index.
    mutating func add(at t: Double) -> Int {
        let t = min(1, max(0, t))
        let v = sample(t)
        let i = times.firstIndex { $0 > t } ?? times.count
        times.insert(t, at: i)
        values.insert(v, at: i)
        isSequence = true
        return i
    }

    /// Moves key `i` to time `t` (0…1), keeping the keys sorted; returns the key's new index.
    mutating func move(_ i: Int, to t: Double) -> Int {
        guard isSequence, times.indices.contains(i) else { return i }
        let t = min(1, max(0, t))
        let v = values.remove(at: i)
        times.remove(at: i)
        let j = times.firstIndex { $0 > t } ?? times.count
        times.insert(t, at: j)
        values.insert(v, at: j)
        return j
    }

    /// Removes key `i` unless it is the last one; returns whether it did.
    mutating func remove(_ i: Int) -> Bool {
        guard count > 1, times.indices.contains(i) else { return false }
        times.remove(at: i)
        values.remove(at: i)
        return true
    }
}

extension Color {
    /// A ramp value as a colour: RGBA, or a grey level for alpha and scale.
    init(ramp v: [Double]) {
        if v.count >= 4 {
            self.init(r: min(1, max(0, v[0])), g: min(1, max(0, v[1])), b: min(1, max(0, v[2])), a: min(1, max(0, v[3])))
        } else {
            let x = min(1, max(0, v.first ?? 0))
            self.init(r: x, g: x, b: x, a: 1)
        }
    }
}
