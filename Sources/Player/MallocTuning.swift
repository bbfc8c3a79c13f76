#if canImport(Glibc)
import Glibc
#endif

/// How the process's `malloc` is set up, before anything else runs (`main.swift` calls `apply()` first).
///
/// glibc serves a large block (a picture read back, a layer's pixels, a decoded sound) with its own `mmap`, and gives
/// it back to the system when freed — but after each such free it raises the size it maps (the "dynamic mmap
/// threshold", up to 32 MB), so the next blocks of that size come from the heap, where the freed space is kept as
/// resident memory the heap rarely gives back. A window's 4-MB pictures then left ~6 MB of peak memory behind
/// (ch10-ocean, issue 24). A fixed threshold turns that off: blocks of `mmapThreshold` and more are always mapped
/// and unmapped. Smaller, per-frame blocks stay on the heap, where reusing them costs no page faults.
public enum MallocTuning {
    public static let mmapThreshold: Int32 = 256 << 10
    /// `M_MMAP_THRESHOLD` of `<malloc.h>`, which the Glibc module does not bring in.
    static let mmapThresholdParameter: Int32 = -3

    /// Fixes the threshold (idempotent). Returns false when `mallopt` is missing (not glibc) or refused it.
    @discardableResult
    public static func apply() -> Bool {
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return false }
        return unsafeBitCast(symbol, to: Mallopt.self)(mmapThresholdParameter, mmapThreshold) == 1
    }
}
