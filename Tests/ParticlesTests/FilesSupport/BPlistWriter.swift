import Foundation

/// A minimal `bplist00` writer, independent of CoreFoundation: objects are added one by one and refer to each other
/// by index, so fixtures can hold genuine UIDs (marker 0x8n), shared sub-trees and deliberately broken structures.
final class BPlistWriter {
    enum Obj {
        case string(String)          // ASCII
        case int(Int64)
        case real(Double)
        case bool(Bool)
        case data(Data)
        case uid(UInt32)
        case array([Int])
        case dict([(key: Int, value: Int)])
    }

    private(set) var objs: [Obj] = []

    @discardableResult
    func add(_ o: Obj) -> Int { objs.append(o); return objs.count - 1 }
    func replace(_ i: Int, _ o: Obj) { objs[i] = o }

    func data(top: Int) -> Data {
        let refSize = objs.count < 256 ? 1 : objs.count < 65_536 ? 2 : 4
        var out = Data("bplist00".utf8)
        var offsets: [Int] = []
        func bigEndian(_ v: UInt64, _ n: Int) -> [UInt8] { (0..<n).reversed().map { UInt8((v >> (8 * UInt64($0))) & 0xFF) } }
        func marker(_ high: UInt8, count: Int) -> [UInt8] {
            if count < 15 { return [high | UInt8(count)] }
            return [high | 0x0F, 0x13] + bigEndian(UInt64(count), 8)
        }
        func ref(_ i: Int) -> [UInt8] { bigEndian(UInt64(i), refSize) }
        for o in objs {
            offsets.append(out.count)
            switch o {
            case .string(let s):
                let bytes = Array(s.utf8)
                out.append(contentsOf: marker(0x50, count: bytes.count) + bytes)
            case .int(let i): out.append(contentsOf: [0x13] + bigEndian(UInt64(bitPattern: i), 8))
            case .real(let d): out.append(contentsOf: [0x23] + bigEndian(d.bitPattern, 8))
            case .bool(let b): out.append(b ? 0x09 : 0x08)
            case .data(let d): out.append(contentsOf: marker(0x40, count: d.count) + Array(d))
            case .uid(let u): out.append(contentsOf: [0x83] + bigEndian(UInt64(u), 4))
            case .array(let items): out.append(contentsOf: marker(0xA0, count: items.count) + items.flatMap(ref))
            case .dict(let pairs):
                out.append(contentsOf: marker(0xD0, count: pairs.count) + pairs.flatMap { ref($0.key) } + pairs.flatMap { ref($0.value) })
            }
        }
        let tableOffset = out.count
        let offsetSize = tableOffset < 256 ? 1 : tableOffset < 65_536 ? 2 : tableOffset < 1 << 32 ? 4 : 8
        for off in offsets { out.append(contentsOf: bigEndian(UInt64(off), offsetSize)) }
        out.append(contentsOf: [UInt8](repeating: 0, count: 6) + [UInt8(offsetSize), UInt8(refSize)])
        out.append(contentsOf: bigEndian(UInt64(objs.count), 8) + bigEndian(UInt64(top), 8) + bigEndian(UInt64(tableOffset), 8))
        return out
    }

    /// Converts a Foundation-style tree where `{CF$UID: n}` dictionaries stand for UIDs (as `ArchiveBuilder` makes).
    static func encode(_ root: Any) -> Data {
        let w = BPlistWriter()
        func add(_ v: Any) -> Int {
            if let d = v as? [String: Any] {
                if d.count == 1, let n = d["CF$UID"] as? Int { return w.add(.uid(UInt32(n))) }
                let slot = w.add(.dict([]))
                let pairs = d.keys.sorted().map { k in (key: w.add(.string(k)), value: add(d[k]!)) }
                w.replace(slot, .dict(pairs))
                return slot
            }
            if let a = v as? [Any] {
                let slot = w.add(.array([]))
                let items = a.map(add)
                w.replace(slot, .array(items))
                return slot
            }
            if type(of: v) == Bool.self { return w.add(.bool(v as! Bool)) }
            if let i = v as? Int, type(of: v) == Int.self { return w.add(.int(Int64(i))) }
            if let d = v as? Double { return w.add(.real(d)) }
            if let s = v as? String { return w.add(.string(s)) }
            if let d = v as? Data { return w.add(.data(d)) }
            fatalError("BPlistWriter: unsupported \(type(of: v))")
        }
        let top = add(root)
        return w.data(top: top)
    }
}
