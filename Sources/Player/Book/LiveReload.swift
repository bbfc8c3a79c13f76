import Foundation
import Stage

/// `zoetrope run DIR` in a window: watches the project's files and, when one is saved, compiles it again off the
/// main thread. The window loop asks `poll` each time round; a new build replaces the scene at the same scene time
/// (Session.reload), a failed one leaves the old build running with its errors shown over it (`drawErrors`).
final class LiveReload {
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
            if case let .failed(lines) = result { for line in lines { logger.error("\(line)") } }
            lock.lock(); finished = result; compiling = false; lock.unlock()
        }
        return nil
    }

    /// The last build's errors over the scene's top: a dark band, one line each (as many as fit).
    func drawErrors(on r: Renderer, size: Size) {
        guard !errors.isEmpty else { return }
        let font = Font(size: 13, weight: .semibold)
        let lineHeight = 18.0
        let shown = errors.prefix(max(1, Int((size.height / 2 - 16) / lineHeight)))
        let header = "Build failed; the last good build keeps running. Fix and save to try again."
        r.fillRect(Rect(x: 0, y: 0, width: size.width, height: Double(shown.count + 1) * lineHeight + 16), (40, 0, 0, 225))
        r.drawText(header, font: Font(size: 13, weight: .bold), at: Point(8, 8), (255, 200, 200, 255))
        for (i, line) in shown.enumerated() {
            r.drawText(line, font: font, at: Point(8, 8 + Double(i + 1) * lineHeight), (255, 255, 255, 255))
        }
    }
}
