import Foundation
import Stage

/// `zoetrope run DIR` in a window: watches the project's files and, when one is saved, compiles it again off the
/// main thread. The window loop asks `poll` each time round; a new build replaces the scene at the same scene time
/// (Session.reload), a failed one leaves the old build running with its errors shown over it (`drawErrors`).
/// What the build thread and the window share (`finished`, `compiling`) is behind `lock`; the build thread only
/// compiles, and the window's thread loads what it compiled (`poll`).
nonisolated final class LiveReload: @unchecked Sendable {
    enum Update {
        case rebuilt([SceneEntry], seconds: Double)
        case failed([String])
    }
    /// What the build thread hands over: a compiled library, or the errors.
    private enum Compiled {
        case library(URL, seconds: Double)
        case failed([String])
    }

    let project: ProjectBuilder
    /// How often the files are looked at (a few stat calls: idle stays free).
    static let interval = 0.25

    private var stamp: Date
    private var nextCheck = 0.0
    private let queue = DispatchQueue(label: "zoetrope.live-reload")
    private let lock = NSLock()
    private var finished: Compiled?
    private var compiling = false
    /// The errors of the last failed build, shown until a build succeeds.
    private(set) var errors: [String] = []

    init(project: ProjectBuilder) {
        self.project = project
        stamp = project.folder.stamp()
    }

    /// The project folder: searched for images, sounds and effect files before the bundled ones.
    var assetRoots: [URL] { [project.folder.url] }

    /// The next player time at which `poll` wants to run.
    var nextChange: Double? { nextCheck }

    /// Looks at the files when it is time, starts a build when they changed, and loads and hands over a finished
    /// build.
    @MainActor
    func poll(now: Double) -> Update? {
        lock.lock()
        let compiled = finished
        finished = nil
        let busy = compiling
        lock.unlock()
        if let compiled {
            let update = load(compiled)
            switch update {
            case .rebuilt: errors = []
            case let .failed(lines): errors = lines
            }
            return update
        }
        guard !busy, now >= nextCheck else { return nil }
        nextCheck = now + LiveReload.interval
        let current = project.folder.stamp()
        guard current != stamp else { return nil }
        stamp = current
        lock.lock(); compiling = true; lock.unlock()
        queue.async { [self] in
            let began = Date()
            let result: Compiled
            do {
                let library = try project.compile()
                result = .library(library, seconds: Date().timeIntervalSince(began))
            } catch {
                result = .failed(LiveReload.lines(of: error))
            }
            if case let .failed(lines) = result { BookCompiler.report(lines) }
            lock.lock(); finished = result; compiling = false; lock.unlock()
        }
        return nil
    }

    /// Loads a compiled build (its code registers into the player's state, so on the main thread).
    @MainActor
    private func load(_ compiled: Compiled) -> Update {
        switch compiled {
        case let .failed(lines):
            return .failed(lines)
        case let .library(library, seconds):
            let began = Date()
            do {
                let entries = try project.load(library)
                return .rebuilt(entries, seconds: seconds + Date().timeIntervalSince(began))
            } catch {
                let lines = LiveReload.lines(of: error)
                BookCompiler.report(lines)
                return .failed(lines)
            }
        }
    }

    private static func lines(of error: Error) -> [String] {
        String(describing: error).split(separator: "\n").map(String.init)
    }

    /// The last build's errors over the scene's top: a dark red band, the errors wrapped to the width (as many
    /// lines as fit in the top half).
    @MainActor
    func drawErrors(on r: Renderer, size: Size) {
        guard !errors.isEmpty else { return }
        let font = Font(size: 12, weight: .semibold)
        let lineHeight = 16.0, margin = 8.0
        let width = max(40, size.width - 2 * margin)
        let lines = (["Build failed; the last good build keeps running."] + errors)
            .flatMap { LiveReload.wrap($0, width: width) { r.measure($0, font: font).width } }
            .prefix(max(1, Int((size.height / 2 - 2 * margin) / lineHeight)))
        r.fillRect(Rect(x: 0, y: 0, width: size.width, height: Double(lines.count) * lineHeight + 2 * margin), (40, 0, 0, 225))
        for (i, line) in lines.enumerated() {
            r.drawText(line, font: font, at: Point(margin, margin + Double(i) * lineHeight),
                       i == 0 ? (255, 190, 190, 255) : (255, 255, 255, 255))
        }
    }

    /// `text` broken at spaces (or anywhere, for a word wider than the line) into lines no wider than `width`.
    static func wrap(_ text: String, width: Double, measure: (String) -> Double) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            let candidate = line.isEmpty ? word : line + " " + word
            if measure(candidate) <= width { line = candidate; continue }
            if !line.isEmpty { lines.append(line) }
            line = ""
            for ch in word {
                if measure(line + String(ch)) > width, !line.isEmpty { lines.append(line); line = "" }
                line.append(ch)
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
