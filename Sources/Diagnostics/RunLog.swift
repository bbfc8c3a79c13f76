import Foundation
import Logging

/// What one run of the player has told the user. Messages are logged through swift-log `Logger`s whose handler is a
/// `RunLogHandler` reporting here; every logger of a run shares one `RunLog`, so each distinct warning is said once
/// per run whichever module says it (spec README: the player degrades and tells the user once).
///
/// The executable bootstraps swift-log with `RunLog.shared`'s handler. The modules' own loggers
/// (`Logger.zoetrope(_:)`) are built with that handler explicitly, so tests, which never bootstrap (it can be done
/// once per process), get the same behaviour; a test that wants a record of its own makes a `RunLog()` and hands
/// `logger(_:)` or the log itself to the code under test.
public final class RunLog: @unchecked Sendable {
    /// The process's run: what the executable bootstraps and the modules' loggers report to.
    public static let shared = RunLog()

    /// The label of a scene's own `print` lines (the books' `print`): plain on standard output, every time.
    public static let printLabel = "zoetrope.print"

    private let lock = NSLock()
    private var said = Set<String>()
    private var outputFailures = 0
    private var record: [String] = []
    /// Lines recorded before the last `reset` (so `lineCount` only grows).
    private var forgotten = 0
    private var messageSink: (String) -> Void = RunLog.standardError
    private var printSink: (String) -> Void = RunLog.standardOutput

    public init() {}

    /// A logger for `label` whose messages this run handles.
    public func logger(_ label: String) -> Logger {
        Logger(label: label) { RunLogHandler(label: $0, run: self) }
    }

    /// Where a message for the user goes: `zoetrope: MESSAGE` on standard error unless replaced (tests silence it).
    public var sink: (String) -> Void {
        get { lock.lock(); defer { lock.unlock() }; return messageSink }
        set { lock.lock(); messageSink = newValue; lock.unlock() }
    }

    /// Where a scene's own `print` line goes: the line, plain, on standard output.
    public var lineSink: (String) -> Void {
        get { lock.lock(); defer { lock.unlock() }; return printSink }
        set { lock.lock(); printSink = newValue; lock.unlock() }
    }

    /// Every message the user was told and every scene line, in order (for tests and the harness's `log`).
    public var messages: [String] { lock.lock(); defer { lock.unlock() }; return record }

    /// How many lines were recorded in this process so far, forgotten ones included: a mark for `messages(since:)`.
    public var lineCount: Int { lock.lock(); defer { lock.unlock() }; return forgotten + record.count }

    /// The lines recorded after `mark` (a `lineCount` taken earlier), so a reader counts only its own, whatever
    /// other readers of the shared log reset meanwhile.
    public func messages(since mark: Int) -> [String] {
        lock.lock(); defer { lock.unlock() }
        return Array(record[min(record.count, max(0, mark - forgotten))...])
    }

    /// Whether an output the user asked for (a WAV capture, a screenshot) could not be written: the run exits 1.
    public var hasOutputFailures: Bool { lock.lock(); defer { lock.unlock() }; return outputFailures > 0 }

    /// Forgets what was said, recorded and counted.
    public func reset() {
        lock.lock(); said.removeAll(); forgotten += record.count; record.removeAll(); outputFailures = 0; lock.unlock()
    }

    // MARK: What the handler does

    /// Tells the user `message` — unless `once` and it was told before — and records it.
    func tell(_ message: String, once: Bool) {
        lock.lock()
        let isNew = !once || said.insert(message).inserted
        if isNew { record.append(message) }
        let sink = messageSink
        lock.unlock()
        if isNew { sink(message) }
    }

    /// Prints a scene's own line and records it.
    func printLine(_ line: String) {
        lock.lock(); record.append(line); let sink = printSink; lock.unlock()
        sink(line)
    }

    func countOutputFailure() { lock.lock(); outputFailures += 1; lock.unlock() }

    static func standardError(_ message: String) {
        FileHandle.standardError.write(Data(("zoetrope: " + message + "\n").utf8))
    }

    static func standardOutput(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}

public extension Logger {
    /// The logger for `label` in this process's run (`RunLog.shared`), the same handler the executable bootstraps.
    static func zoetrope(_ label: String) -> Logger { RunLog.shared.logger(label) }
}
