import Foundation

/// The player's one place for user-facing warnings. Each distinct message is printed once (spec: "tells the user once").
public final class Log: @unchecked Sendable {
    public static let shared = Log()
    private let lock = NSLock()
    private var seen = Set<String>()
    /// Every message in order, for tests and the harness.
    public private(set) var messages: [String] = []
    /// Where messages go; standard error by default.
    public var sink: (String) -> Void = { FileHandle.standardError.write(Data(("zoetrope: " + $0 + "\n").utf8)) }

    public init() {}

    /// Prints `message` unless the same message was printed before.
    public func warnOnce(_ message: String) {
        lock.lock()
        let isNew = seen.insert(message).inserted
        if isNew { messages.append(message) }
        lock.unlock()
        if isNew { sink(message) }
    }

    /// An output the user asked for (a WAV capture, a screenshot) could not be written: said once, and the run ends
    /// with a non-zero exit code.
    public func outputFailed(_ message: String) {
        lock.lock(); outputFailures += 1; lock.unlock()
        warnOnce(message)
    }
    private var outputFailures = 0
    public var hasOutputFailures: Bool { lock.lock(); defer { lock.unlock() }; return outputFailures > 0 }

    /// Prints every time (scene logs such as the book's `print` lines).
    public func info(_ message: String) {
        lock.lock(); messages.append(message); lock.unlock()
        sink(message)
    }

    /// A scene's own log line (the book's `print`): plain on standard output, and kept for tests.
    public func sceneLine(_ line: String) {
        lock.lock(); messages.append(line); lock.unlock()
        lineSink(line)
    }
    public var lineSink: (String) -> Void = { line in
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    public func reset() { lock.lock(); seen.removeAll(); messages.removeAll(); outputFailures = 0; lock.unlock() }
}
