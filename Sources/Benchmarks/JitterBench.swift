import Foundation

/// `zoetrope-bench jitter`: how much the machine itself spreads frame times, as the floor under `scripts/bench
/// windows`' p99 column. A fixed piece of CPU work (sums, no memory traffic, no GL, no X), calibrated to take
/// `workMs` at its fastest, is run once every 1/60 s for 240 frames, sleeping between, as a window's frames are; it
/// prints
///   jitter work_ms=4.0 p50_ms=… p99_ms=… max_ms=…
/// On a quiet machine p99 ≈ p50. On the 2-core VM this project is measured on, the same work's p99 was 3–4 times
/// its p50 (issue 24): a frame that takes 4 ms of CPU may take 15 ms of real time, whatever it draws.
enum JitterBench {
    static let workMs = 4.0, frames = 240

    static func run() {
        // Calibrate: the fastest of 20 runs of a million steps.
        let probeSteps = 1_000_000
        var fastest = Double.infinity
        for _ in 0..<20 { fastest = min(fastest, time { work(steps: probeSteps) }) }
        let steps = max(1, Int(Double(probeSteps) * workMs / max(fastest, 1e-3)))
        var times: [Double] = []
        for _ in 0..<frames {
            let start = DispatchTime.now().uptimeNanoseconds
            let ms = time { work(steps: steps) }
            times.append(ms)
            let left = 1000.0 / 60 - Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            if left > 0 { usleep(UInt32(left * 1000)) }
        }
        let sorted = times.sorted()
        func rank(_ q: Double) -> Double { sorted[min(sorted.count - 1, Int((q * Double(sorted.count)).rounded(.up)) - 1)] }
        print(String(format: "jitter work_ms=%.1f p50_ms=%.2f p99_ms=%.2f max_ms=%.2f", workMs, rank(0.5), rank(0.99), sorted.last ?? 0))
    }

    /// Milliseconds `body` takes.
    private static func time(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }

    /// `steps` dependent multiply-adds (the result is kept, so the loop is not optimised away).
    @inline(never)
    private static func work(steps: Int) {
        var x = 1.0
        for i in 0..<steps { x = x * 0.999_999 + Double(i & 7) }
        sink = x
    }

    nonisolated(unsafe) private static var sink = 0.0
}
