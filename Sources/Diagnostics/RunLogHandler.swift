import Logging

/// The player's swift-log handler: what a level means to the user of a desktop player.
///
/// - `warning`: something degraded (a missing image drawn as a placeholder, a sound left silent): said once per
///   distinct message per run, as `zoetrope: MESSAGE` on standard error.
/// - `error`, `critical`: an output the user asked for (a WAV capture, a screenshot) could not be written: said once
///   likewise, and counted, so the run ends with exit code 1 (`RunLog.hasOutputFailures`). The player also says
///   with `critical` why it cannot start at all (a bad argument or input file), just before it exits with its own code.
/// - `notice`, `info` (and `debug`, `trace` when the level is lowered): said every time, on standard error (the
///   books' own log lines, such as a failed `playSound`'s "ERROR: …").
/// - Anything logged under `RunLog.printLabel`: a scene's own `print` line, plain on standard output, every time.
///
/// Metadata is kept as swift-log asks but not shown: the user reads sentences, not key-value pairs.
public struct RunLogHandler: LogHandler {
    public let label: String
    public let run: RunLog
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]

    public init(label: String, run: RunLog) {
        self.label = label
        self.run = run
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let text = event.message.description
        if label == RunLog.printLabel { return run.printLine(text) }
        switch event.level {
        case .trace, .debug, .info, .notice:
            run.tell(text, once: false)
        case .warning:
            run.tell(text, once: true)
        case .error, .critical:
            run.countOutputFailure()
            run.tell(text, once: true)
        }
    }
}
