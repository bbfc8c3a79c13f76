import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `recording: 12.3 s of 20 s` on standard error, rewritten in place at most once a second of wall time, for a
/// headless recording that takes a while. Only when standard error is a terminal: a log file or a test's pipe gets
/// nothing (so no test depends on timing).
public final class RecordingProgress {
    private let total: Double
    private let enabled: Bool
    private var lastPrint = Date()
    private var printed = false

    public init(total: Double, enabled: Bool = isatty(STDERR_FILENO) != 0) {
        self.total = total
        self.enabled = enabled
    }

    /// The recording has reached `seconds` of video.
    public func update(_ seconds: Double) {
        guard enabled, Date().timeIntervalSince(lastPrint) >= 1 else { return }
        lastPrint = Date()
        printed = true
        FileHandle.standardError.write(Data("\r\u{1B}[K\(Self.line(seconds, of: total))".utf8))
    }

    /// Ends the line (when one was printed).
    public func finish() {
        if printed { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        printed = false
    }

    /// `recording: 12.3 s of 20 s`.
    public static func line(_ seconds: Double, of total: Double) -> String {
        let of = total == total.rounded() ? String(Int(total)) : String(format: "%.1f", total)
        return "recording: " + String(format: "%.1f", seconds) + " s of \(of) s"
    }
}
