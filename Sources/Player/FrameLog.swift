import Foundation

/// Per-frame timings for `scripts/bench`: with `ZOETROPE_FRAME_LOG=FILE`, a headless run writes
/// `first_frame_ms X` (process start → first frame drawn) and one `frame N wall_ms W` line per frame.
final class FrameLog {
    private var lines: [String] = []
    private let url: URL?
    private var frameStart = DispatchTime.now().uptimeNanoseconds

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        url = environment["ZOETROPE_FRAME_LOG"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
    }

    var isEnabled: Bool { url != nil }

    /// Milliseconds since the process started (from /proc/self/stat's start time).
    private static func msSinceProcessStart() -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // Field 22 overall (starttime, in clock ticks since boot) is index 19 after the command name.
        guard fields.count > 19, let ticks = Double(fields[19]),
              let uptime = (try? String(contentsOfFile: "/proc/uptime", encoding: .utf8))?.split(separator: " ").first,
              let up = Double(uptime) else { return 0 }
        let hz = Double(sysconf(Int32(_SC_CLK_TCK)))
        return (up - ticks / hz) * 1000
    }

    func firstFrameDrawn() {
        guard isEnabled else { return }
        lines.append(String(format: "first_frame_ms %.1f", FrameLog.msSinceProcessStart()))
        frameStart = DispatchTime.now().uptimeNanoseconds
    }

    func frameDone(_ n: Int) {
        guard isEnabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        lines.append(String(format: "frame %d wall_ms %.3f", n, Double(now - frameStart) / 1e6))
        frameStart = now
    }

    func write() {
        guard let url else { return }
        try? (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
    }
}
