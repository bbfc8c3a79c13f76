import Foundation

/// Measures how large a binary property list becomes once expanded into a tree, without building it.
///
/// A `bplist00` file may reference the same array from many places; Foundation on Linux converts the parsed result
/// into native Swift values one reference at a time, so 41 objects that each hold two references to the next one
/// expand to 2⁴¹ values and exhaust memory before any loader code runs. This scan walks the object table (iteratively,
/// memoised, saturating) and reports the expanded size so the loader can refuse such a file up front.
enum BinaryPlistScan {
    enum Outcome: Equatable {
        /// Not something this scan understands; leave the verdict to PropertyListSerialization.
        case notBinary
        /// Expanded value count (saturated at `limit + 1`).
        case expandedCount(Int)
        /// An object that (indirectly) contains itself.
        case cycle
        /// An object type keyed archives never use and Foundation mishandles (sets: bridging a malformed `NSSet`
        /// crashes swift-corelibs-foundation), an unknown marker, or a dictionary key that is not a string.
        case unsupported(String)
    }

    static func scan(_ data: Data, limit: Int) -> Outcome {
        let bytes = [UInt8](data)
        let n = bytes.count
        guard n >= 8 + 32, bytes.starts(with: Array("bplist0".utf8)) else { return .notBinary }
        let t = n - 32
        func uint(_ at: Int, _ size: Int) -> UInt64? {
            guard size >= 1, size <= 8, at >= 0, at + size <= n else { return nil }
            var v: UInt64 = 0
            for k in 0..<size { v = (v << 8) | UInt64(bytes[at + k]) }
            return v
        }
        guard let offSize8 = uint(t + 6, 1), let refSize8 = uint(t + 7, 1),
              let count64 = uint(t + 8, 8), let top64 = uint(t + 16, 8), let table64 = uint(t + 24, 8) else { return .notBinary }
        let offSize = Int(offSize8), refSize = Int(refSize8)
        guard (1...8).contains(offSize), (1...8).contains(refSize),
              count64 >= 1, count64 <= UInt64(n), top64 < count64, table64 < UInt64(t),
              table64 + count64 * UInt64(offSize) <= UInt64(t) else { return .notBinary }
        let count = Int(count64), table = Int(table64)

        var problem: String?
        func markerOf(_ i: Int) -> UInt8? {
            guard let off64 = uint(table + i * offSize, offSize), off64 < UInt64(t) else { return nil }
            return bytes[Int(off64)]
        }
        /// Children (object indices) of object `i`, or [] for a leaf; nil when unreadable or unsupported.
        func children(_ i: Int) -> [Int]? {
            guard let off64 = uint(table + i * offSize, offSize), off64 < UInt64(t) else { return nil }
            var p = Int(off64)
            let marker = bytes[p]
            let high = marker >> 4
            switch high {
            case 0x0:
                guard [0x00, 0x08, 0x09, 0x0F].contains(marker) else { problem = "unknown object marker"; return nil }
                return []
            case 0x1, 0x2, 0x3, 0x4, 0x5, 0x6, 0x8: return []
            case 0xA, 0xD: break
            case 0xB, 0xC: problem = "a set, which keyed archives do not contain"; return nil
            default: problem = "unknown object marker"; return nil
            }
            var len = Int(marker & 0x0F)
            p += 1
            if len == 0x0F {
                guard p < t else { return nil }
                let intMarker = bytes[p]
                guard intMarker >> 4 == 0x1 else { return nil }
                let size = 1 << Int(intMarker & 0x0F)
                guard size <= 8, let l = uint(p + 1, size), l <= UInt64(n) else { return nil }
                len = Int(l)
                p += 1 + size
            }
            let refs = high == 0xD ? len * 2 : len
            guard refs <= n, p + refs * refSize <= t else { return nil }
            var out: [Int] = []
            out.reserveCapacity(refs)
            for k in 0..<refs {
                guard let r = uint(p + k * refSize, refSize), r < count64 else { return nil }
                out.append(Int(r))
            }
            if high == 0xD {
                for k in out.prefix(len) {
                    guard let m = markerOf(k), m >> 4 == 0x5 || m >> 4 == 0x6 else {
                        problem = "a dictionary key that is not a string"; return nil
                    }
                }
            }
            return out
        }

        // Iterative post-order with memo: size[i] = 1 + Σ size[child], saturating at limit + 1.
        var size = [Int](repeating: -1, count: count)      // -1 unvisited, -2 in progress
        var stack: [(node: Int, kids: [Int], next: Int, sum: Int)] = []
        let cap = limit + 1
        func push(_ i: Int) -> Bool {
            guard let kids = children(i) else { return false }
            size[i] = -2
            stack.append((i, kids, 0, 1))
            return true
        }
        guard push(Int(top64)) else { return problem.map { .unsupported($0) } ?? .notBinary }
        while !stack.isEmpty {
            let top = stack.count - 1
            if stack[top].next < stack[top].kids.count {
                let child = stack[top].kids[stack[top].next]
                stack[top].next += 1
                switch size[child] {
                case -2: return .cycle
                case -1: if !push(child) { return problem.map { .unsupported($0) } ?? .notBinary }
                default: stack[top].sum = Swift.min(cap, stack[top].sum + size[child])
                }
            } else {
                let done = stack.removeLast()
                size[done.node] = done.sum
                if !stack.isEmpty { stack[stack.count - 1].sum = Swift.min(cap, stack[stack.count - 1].sum + done.sum) }
            }
        }
        return .expandedCount(size[Int(top64)])
    }
}
