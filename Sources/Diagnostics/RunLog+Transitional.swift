import Logging

/// The hand-written `Log`'s calls, kept while the audio engine (being split into smaller files in parallel) still
/// makes them; each goes through this run's swift-log handler like any `Logger` call. New code logs with a `Logger`:
/// `warning` for `warnOnce`, `error` for `outputFailed`, `notice` for `info`.
public extension RunLog {
    func warnOnce(_ message: String) { logger("zoetrope").warning("\(message)") }
    func outputFailed(_ message: String) { logger("zoetrope").error("\(message)") }
    func info(_ message: String) { logger("zoetrope").notice("\(message)") }
}
