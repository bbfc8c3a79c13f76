import Foundation

/// The particles of one emitter as a structure of arrays: 19 `Double` fields in one allocation (field f at
/// `base + f·capacity`), indices [head, tail) in birth order (oldest first).
///
/// Deaths at the head (every scene: constant lifetime) just advance `head`; appends go at `tail`; when `tail` reaches
/// the end the span slides down, or the capacity doubles when more than half full, so steady state never allocates.
/// If lifetimes vary, a particle can die while older ones live: such holes stay in place (skipped when drawn, not
/// counted) until an ordered compaction removes them, once they make up a quarter of the span. Birth order is
/// therefore always kept, and `oldestLast` drawing walks the span backwards.
final class ParticleStorage {
    enum Field: Int, CaseIterable {
        case birth, life, death, px, py, dx, dy, speed, alpha, scale, scaleMul, rot, rotOff, blend, cr, cg, cb, ca, targeted
    }
    static let fieldCount = Field.allCases.count

    private var base: UnsafeMutablePointer<Double>
    /// Slots per field.
    private(set) var capacity = 64
    var head = 0, tail = 0
    /// Dead entries still inside [head, tail); only possible when `outOfOrder`.
    private(set) var holes = 0
    /// Deaths in [head, tail) may not be ascending (varying lifetimes).
    var outOfOrder = false
    /// Some stored particle was handed to a target space (its scale factor / rotation offset are not 1 / 0).
    var anyTargeted = false

    init() { base = .allocate(capacity: 64 * Self.fieldCount) }

    deinit { base.deallocate() }

    /// Live particles.
    var count: Int { tail - head - holes }

    @inline(__always) func field(_ f: Field) -> UnsafeMutablePointer<Double> { base + f.rawValue &* capacity }

    func removeAll() {
        head = 0; tail = 0; holes = 0; outOfOrder = false; anyTargeted = false
    }

    /// Drops the dead particles at the head (everything, when all are dead).
    func popDeadHead(now: Double) {
        let death = field(.death)
        while head < tail && death[head] <= now { head += 1 }
        if head == tail { removeAll() }
    }

    /// Counts dead entries in the span and compacts once they are a quarter of it (or the span is small).
    func scanHoles(now: Double) {
        let death = field(.death)
        var dead = 0, ascending = true, previous = -Double.infinity
        for i in head..<tail {
            let d = death[i]
            if d <= now { dead += 1; continue }
            if d < previous { ascending = false }
            previous = d
        }
        holes = dead
        if dead > 0 && (dead * 4 >= tail - head || tail - head <= 256) { compact(now: now) }
        outOfOrder = !(ascending && holes == 0)
    }

    /// Ordered (stable) removal of dead entries.
    func compact(now: Double) {
        let death = field(.death), cap = capacity, fields = Self.fieldCount
        var w = head
        for i in head..<tail where death[i] > now {
            if w != i {
                var p = base
                for _ in 0..<fields { p[w] = p[i]; p += cap }
            }
            w += 1
        }
        tail = w
        holes = 0
    }

    /// Makes room for n more entries at `tail`: slide down when the span fits in half the capacity, else double.
    func ensureRoom(_ n: Int) {
        guard tail + n > capacity else { return }
        let span = tail - head, needed = span + n
        if needed <= capacity / 2 {
            for f in 0..<Self.fieldCount {
                let p = base + f * capacity
                memmove(p, p + head, span * MemoryLayout<Double>.stride)
            }
        } else {
            var newCapacity = max(64, capacity * 2)
            while newCapacity < needed * 2 { newCapacity *= 2 }
            let newBase = UnsafeMutablePointer<Double>.allocate(capacity: newCapacity * Self.fieldCount)
            for f in 0..<Self.fieldCount {
                (newBase + f * newCapacity).update(from: base + f * capacity + head, count: span)
            }
            base.deallocate()
            base = newBase
            capacity = newCapacity
        }
        head = 0; tail = span
    }
}
