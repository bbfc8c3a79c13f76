import Foundation

/// Per-frame timings. With `ZOETROPE_FRAME_LOG=FILE` (for `scripts/bench`) a run writes `first_frame_ms X`
/// (process start → first frame drawn) and one `frame N wall_ms W ends_s T step_ms … draw_ms … present_ms …` line per
/// frame (the phases as the window run marks them); with `--frame-stats FILE.json`
/// it writes, at exit, `{"frames":N,"first_frame_ms":…,"frame_ms":{"p50":…,"p99":…,"max":…},"cpu_s":…,"wall_s":…,"moving_s":…,"peak_rss_mb":…}`
/// where `cpu_s` is the process's CPU time (all threads) from the first frame to the end, `wall_s` the real time
/// over the same span (so cpu_s / wall_s is the cores used, as `scripts/bench windows` prints) and `moving_s` that
/// time less the scene's rests (gaps of over 100 ms with no frame drawn: nothing moved).
final class FrameLog {
    private var lines: [String] = []
    private let url: URL?
    private let statsURL: URL?
    private var frameStart = DispatchTime.now().uptimeNanoseconds
    private var frameMs: [Double] = []
    private var firstFrameMs: Double?
    private var cpuAtFirstFrame = 0.0
    private var wallAtFirstFrame: UInt64?
    /// When the last frame ended, and the time spent resting: gaps of more than `restNs` between frames, while
    /// nothing moved and nothing was drawn (a stroke that has reached its end waits before it starts again).
    private var lastFrameEnd: UInt64?
    private var restedNs: UInt64 = 0
    static let restNs: UInt64 = 100_000_000
    /// Where the frame's time went so far: (phase, ms since the frame began), for the frame log's line.
    private var phases: [(String, Double)] = []

    init(environment: [String: String] = ProcessInfo.processInfo.environment, stats: URL? = nil) {
        url = environment["ZOETROPE_FRAME_LOG"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
        statsURL = stats
    }

    var isEnabled: Bool { url != nil || statsURL != nil }

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
        let ms = FrameLog.msSinceProcessStart()
        firstFrameMs = ms
        cpuAtFirstFrame = FrameLog.usage().cpu
        wallAtFirstFrame = DispatchTime.now().uptimeNanoseconds
        lastFrameEnd = wallAtFirstFrame
        lines.append(String(format: "first_frame_ms %.1f", ms))
        frameStart = DispatchTime.now().uptimeNanoseconds
    }

    /// A window's frame starts (the time it slept before is not the frame's).
    func frameBegan() {
        frameStart = DispatchTime.now().uptimeNanoseconds
        phases.removeAll(keepingCapacity: true)
        if let last = lastFrameEnd, frameStart > last + FrameLog.restNs { restedNs += frameStart - last }
    }

    /// Marks the end of one phase of the frame (`step`, `draw`, `present`): the frame log's line then says how long
    /// each took, so a slow frame shows whether it was our work or the wait for the GPU.
    func phaseDone(_ phase: String) {
        guard url != nil else { return }
        phases.append((phase, Double(DispatchTime.now().uptimeNanoseconds - frameStart) / 1e6))
    }

    func frameDone(_ n: Int) {
        guard isEnabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        let ms = Double(now - frameStart) / 1e6
        frameMs.append(ms)
        lastFrameEnd = now
        // `ends_s`: when it ended, in seconds of CLOCK_MONOTONIC, to find a slow frame in `perf record -k mono`.
        if url != nil {
            var since = 0.0
            let split = phases.map { phase, at in defer { since = at }; return String(format: " %@_ms %.3f", phase, at - since) }.joined()
            lines.append(String(format: "frame %d wall_ms %.3f ends_s %.6f", n, ms, Double(now) / 1e9) + split)
        }
        frameStart = now
    }

    /// Writes what was asked for; a stats file that cannot be written is an error the caller reports.
    func write() throws {
        if let url { try? (lines.joined(separator: "\n") + "\n").write(to: url, atomically: false, encoding: .utf8) }
        guard let statsURL else { return }
        let sorted = frameMs.sorted()
        func rank(_ q: Double) -> Double { sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int((q * Double(sorted.count)).rounded(.up)) - 1)] }
        let u = FrameLog.usage()
        let wall = wallAtFirstFrame.map { Double(DispatchTime.now().uptimeNanoseconds - $0) / 1e9 } ?? 0
        // The time it moved: the real time since the first frame less its rests (the one after its last frame too).
        var rested = restedNs
        if let last = lastFrameEnd, DispatchTime.now().uptimeNanoseconds > last + FrameLog.restNs {
            rested += DispatchTime.now().uptimeNanoseconds - last
        }
        let moving = max(0, wall - Double(rested) / 1e9)
        let json = String(format: "{\"frames\":%d,\"first_frame_ms\":%.1f,\"frame_ms\":{\"p50\":%.3f,\"p99\":%.3f,\"max\":%.3f},\"cpu_s\":%.3f,\"wall_s\":%.3f,\"moving_s\":%.3f,\"peak_rss_mb\":%.1f}\n",
                          frameMs.count, firstFrameMs ?? 0, rank(0.5), rank(0.99), sorted.last ?? 0,
                          max(0, u.cpu - cpuAtFirstFrame), wall, moving, u.peakRSSMB)
        do { try json.write(to: statsURL, atomically: false, encoding: .utf8) } catch {
            throw StatsError(description: "cannot write the frame statistics to \(statsURL.path): \(error.localizedDescription)")
        }
    }

    struct StatsError: Error, CustomStringConvertible { let description: String }

    /// The process's CPU time (user + system, all threads) and peak resident memory.
    static func usage() -> (cpu: Double, peakRSSMB: Double) {
        var r = rusage()
        getrusage(RUSAGE_SELF.rawValue, &r)
        let cpu = Double(r.ru_utime.tv_sec) + Double(r.ru_utime.tv_usec) / 1e6 + Double(r.ru_stime.tv_sec) + Double(r.ru_stime.tv_usec) / 1e6
        return (cpu, ownPeakRSSKB().map { Double($0) / 1024 } ?? Double(r.ru_maxrss) / 1024)
    }

    /// The peak resident memory of this program's own address space (`VmHWM`), in KiB. Not `ru_maxrss`: Linux
    /// carries that across `execve`, and a process started with `posix_spawn` (vfork) inherits its parent's peak —
    /// a test runner of 500 MB made a 90 MB player report 500 MB.
    private static func ownPeakRSSKB() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }
}
