import Foundation

// SKKeyframeSequence evaluation (spec 05 §1.7).
//
// - Times are normalised particle age (0 = birth, 1 = death). Keys are taken in ascending time; equal times keep
//   their order, and a later duplicate wins from its time on (a jump).
// - Repeat `.clamp`: before the first key → first value, at or after the last key → last value.
//   Repeat `.loop`: time wraps into [first time, last time) with period (last − first); a zero period is constant.
// - Interpolation `.linear`: per-component lerp. `.step`: the value of the key at or before t.
//   `.spline`: a Catmull-Rom spline through the keys, parameterised by the key times themselves (the non-uniform
//   Barry–Goldman form, which needs only `lerp`, so it works for colours too). At the ends the missing neighbour is the
//   reflection of the inner one (P₋₁ = 2P₀ − P₁ at time 2t₀ − t₁), so two keys give a straight line and evenly spaced
//   keys give the classic uniform Catmull-Rom. SpriteKit does not document its spline; this is our choice.
// - One key is a constant; no keys → nil. Extra values or times beyond the shorter of the two arrays are ignored.

extension KeyframeSequence {
    /// The sequence's value at normalised time `t` (nil when it has no keys).
    public func sample(at t: Double) -> Value? {
        let n = Swift.min(keyframeValues.count, keyframeTimes.count)
        if n == 0 { return nil }
        if n == 1 { return keyframeValues[0] }
        if isSorted(n) { return sampleSorted(n: n, t) }
        return sortedByTime().sampleSorted(n: n, t)
    }

    /// Keys stably sorted by time, trimmed to equal counts.
    func sortedByTime() -> KeyframeSequence {
        let n = Swift.min(keyframeValues.count, keyframeTimes.count)
        let order = (0..<n).sorted { keyframeTimes[$0] < keyframeTimes[$1] || (keyframeTimes[$0] == keyframeTimes[$1] && $0 < $1) }
        return KeyframeSequence(keyframeValues: order.map { keyframeValues[$0] }, times: order.map { keyframeTimes[$0] },
                                interpolationMode: interpolationMode, repeatMode: repeatMode)
    }

    private func isSorted(_ n: Int) -> Bool {
        var i = 1
        while i < n { if keyframeTimes[i] < keyframeTimes[i - 1] { return false }; i += 1 }
        return true
    }

    /// Requires n ≥ 2 sorted keys.
    @inline(__always)
    func sampleSorted(n: Int, _ t: Double) -> Value {
        let t0 = keyframeTimes[0], t1 = keyframeTimes[n - 1]
        var u = t
        switch repeatMode {
        case .clamp:
            if !(u > t0) { return keyframeValues[0] }   // also NaN
            if u >= t1 { return keyframeValues[n - 1] }
        case .loop:
            let period = t1 - t0
            if !(period > 0) || !u.isFinite { return keyframeValues[n - 1] }
            u = t0 + (u - t0) - period * ((u - t0) / period).rounded(.down)
            if !(u < t1) || u < t0 { u = t0 }
        }
        let i = segment(n: n, containing: u)
        return value(inSegment: i, n: n, at: u)
    }

    /// The largest i ≤ n − 2 with times[i] ≤ u (u in [t₀, t_last)); then times[i] ≤ u < times[i + 1].
    @inline(__always)
    private func segment(n: Int, containing u: Double) -> Int {
        if n <= 8 {
            var i = 0
            while i + 1 < n - 1 && keyframeTimes[i + 1] <= u { i += 1 }
            return i
        }
        var lo = 0, hi = n - 1   // times[lo] ≤ u < times[hi]
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if keyframeTimes[mid] <= u { lo = mid } else { hi = mid }
        }
        return lo
    }

    /// Segment i's interpolant (keys i and i + 1, which have distinct times) at u, also at the segment's ends.
    @inline(__always)
    func value(inSegment i: Int, n: Int, at u: Double) -> Value {
        let ta = keyframeTimes[i], tb = keyframeTimes[i + 1]
        let pa = keyframeValues[i], pb = keyframeValues[i + 1]
        let w = tb - ta
        switch interpolationMode {
        case .step:
            return u < tb ? pa : pb
        case .linear:
            return Value.lerp(pa, pb, w > 0 ? (u - ta) / w : 1)
        case .spline:
            guard w > 0 else { return pb }
            let p0: Value, tp0: Double
            if i > 0 && keyframeTimes[i - 1] < ta { p0 = keyframeValues[i - 1]; tp0 = keyframeTimes[i - 1] } else { p0 = Value.lerp(pa, pb, -1); tp0 = ta - w }
            let p3: Value, tp3: Double
            if i + 2 < n && keyframeTimes[i + 2] > tb { p3 = keyframeValues[i + 2]; tp3 = keyframeTimes[i + 2] } else { p3 = Value.lerp(pa, pb, 2); tp3 = tb + w }
            // Barry–Goldman pyramid.
            let a1 = Value.lerp(p0, pa, (u - tp0) / (ta - tp0))
            let a2 = Value.lerp(pa, pb, (u - ta) / w)
            let a3 = Value.lerp(pb, p3, (u - tb) / (tp3 - tb))
            let b1 = Value.lerp(a1, a2, (u - tp0) / (tb - tp0))
            let b2 = Value.lerp(a2, a3, (u - ta) / (tp3 - ta))
            return Value.lerp(b1, b2, (u - ta) / w)
        }
    }
}

extension KeyframeSequence where Value == Double {
    /// ∫ₐᵇ sample(t) dt, exact for every interpolation mode (each segment is a polynomial of degree ≤ 3, which
    /// Simpson's rule integrates exactly). Used for `particleSpeedSequence`: distance travelled along the direction.
    public func integral(from a: Double, to b: Double) -> Double {
        let n = Swift.min(keyframeValues.count, keyframeTimes.count)
        if n == 0 { return 0 }
        if n == 1 { return keyframeValues[0] * (b - a) }
        let s = (0..<n).allSatisfy { $0 == 0 || keyframeTimes[$0] >= keyframeTimes[$0 - 1] } ? self : sortedByTime()
        return s.antiderivativeSorted(n: n, b) - s.antiderivativeSorted(n: n, a)
    }

    /// An antiderivative F of the sampled function (sorted keys, n ≥ 2); F(first time) = 0.
    func antiderivativeSorted(n: Int, _ x: Double) -> Double {
        let t0 = keyframeTimes[0], t1 = keyframeTimes[n - 1]
        switch repeatMode {
        case .clamp:
            if x <= t0 { return (x - t0) * keyframeValues[0] }
            if x >= t1 { return partialIntegral(n: n, upTo: t1) + (x - t1) * keyframeValues[n - 1] }
            return partialIntegral(n: n, upTo: x)
        case .loop:
            let period = t1 - t0
            guard period > 0 else { return x * keyframeValues[n - 1] }
            let k = ((x - t0) / period).rounded(.down)
            let r = Swift.min(Swift.max(x - t0 - k * period, 0), period)
            return k * partialIntegral(n: n, upTo: t1) + partialIntegral(n: n, upTo: t0 + r)
        }
    }

    /// ∫ from the first key's time to x (x within the keys' span).
    private func partialIntegral(n: Int, upTo x: Double) -> Double {
        var sum = 0.0
        var i = 0
        while i < n - 1 {
            let ta = keyframeTimes[i], tb = keyframeTimes[i + 1]
            if ta >= x { break }
            if tb > ta {
                let end = Swift.min(tb, x)
                let h = end - ta
                if interpolationMode == .step {
                    sum += keyframeValues[i] * h
                } else {
                    let fa = value(inSegment: i, n: n, at: ta)
                    let fm = value(inSegment: i, n: n, at: ta + h / 2)
                    let fb = value(inSegment: i, n: n, at: end)
                    sum += h / 6 * (fa + 4 * fm + fb)
                }
            }
            i += 1
        }
        return sum
    }
}
