import Foundation
import Stage

/// `zoetrope run DIR` in a window: watches the project's files and, when one is saved, compiles it again off the
/// main thread. The window loop asks `poll` each time round; a new build replaces the scene at the same scene time
/// (Session.reload), a failed one leaves the old build running with its errors shown over it (`drawErrors`).
/// What the build thread and the window share (`finished`, `compiling`) is behind `lock`.
final class LiveReload: @unchecked Sendable {
    enum Update {
        case rebuilt([SceneEntry], seconds: Double)
        case failed([String])
    }

    let project: ProjectBuilder
    /// How often the files are looked at (a few stat calls: idle stays free).
    static let interval = 0.25

    private var stamp: Date
    private var nextCheck = 0.0
    private let queue = DispatchQueue(label: "zoetrope.live-reload")
    private let lock = NSLock()
    private var finished: Update?
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

    /// Looks at the files when it is time, starts a build when they changed, and hands over a finished build.
    func poll(now: Double) -> Update? {
        lock.lock()
        let update = finished
        finished = nil
        let busy = compiling
        lock.unlock()
        if let update {
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
            let result: Update
            do {
                let entries = try project.build()
                result = .rebuilt(entries, seconds: Date().timeIntervalSince(began))
            } catch {
                result = .failed(String(describing: error).split(separator: "\n").map(String.init))
            }
            if case let .failed(lines) = result { BookCompiler.report(lines) }
            lock.lock(); finished = result; compiling = false; lock.unlock()
        }
        return nil
    }

    /// The last build's errors over the scene's top: a dark red band, the errors wrapped to the width (as many
    /// lines as fit in the top half).
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
