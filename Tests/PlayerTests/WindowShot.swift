import Backend
import Foundation
import XCTest
import ZoetropeHarness

/// A scene run in an Xvfb window at 1280x800 with its draw log on (`ZOETROPE_DRAW_LOG=1`), for the window tests
/// that compare two ways of drawing the same frame. Each run starts with an empty cache of its own (its picture
/// store: what an earlier run kept, copies at a drawn size among them, changes which frames make what), unless
/// `setting` names one (`XDG_CACHE_HOME`).
@MainActor
struct WindowShot {
    let picture: Framebuffer
    /// Standard error: the draw log's lines (`draw: …`).
    let log: String

    /// `scene` with `extra` arguments, screenshot by the script `shoot(path)` gives, `setting` in its environment;
    /// the picture is kept as `name`.png in the tests' output folder.
    init(_ scene: String, named name: String, arguments extra: [String] = [], script shoot: (String) -> String,
         in x: E2EXvfb, setting: [String: String], file: StaticString = #filePath, line: UInt = #line) throws {
        let png = E2E.outputDirectory.appendingPathComponent("\(name).png")
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("window-shot-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let r = try E2E.zoetrope(["--scene", scene, "--size", "1280x800"] + extra + ["--script", shoot(png.path)],
                                 environment: x.environment(setting: ["SDL_AUDIODRIVER": "dummy", "ZOETROPE_DRAW_LOG": "1",
                                                                      "XDG_CACHE_HOME": cache.path]
                                     .merging(setting) { $1 }),
                                 timeout: 90)
        XCTAssertEqual(r.status, 0, r.summary, file: file, line: line)
        picture = try Framebuffer.loadPNG(png)
        XCTAssertEqual(picture.width, 1280, file: file, line: line)
        log = r.stderr
    }

    /// The blizzard (seed 3) paused at 1.7 s and sought to 1.5 s, so that runs with different settings show the same
    /// frame; kept as `blizzard-<name>.png`.
    static func pausedBlizzard(_ name: String, in x: E2EXvfb, setting: [String: String],
                               file: StaticString = #filePath, line: UInt = #line) throws -> WindowShot {
        try WindowShot("snow-blizzard", named: "blizzard-\(name)", arguments: ["--seed", "3"],
                       script: { "at 1.7 key space; at 1.8 seek 1.5; at 3.5 screenshot \($0); at 3.7 quit" },
                       in: x, setting: setting, file: file, line: line)
    }

    /// The words after `label` on each of the draw log's lines (each counts the frames since the one before).
    func drawLogLines(after label: String) -> [[Substring]] {
        log.split(separator: "\n").filter { $0.hasPrefix("draw:") }.compactMap { line in
            line.range(of: " \(label) ").map { line[$0.upperBound...].split(separator: " ") }
        }
    }

    /// How far this window's picture is from `other`'s: its worst pixel (the largest difference of a colour channel,
    /// in levels), and the pixels more than `levels` off, of how many.
    func difference(from other: WindowShot, over levels: Int) -> (worst: Int, over: Int, pixels: Int) {
        let a = picture.pixels, b = other.picture.pixels
        var worst = 0, over = 0
        for i in stride(from: 0, to: min(a.count, b.count), by: 4) {
            let d = (0..<3).map { abs(Int(a[i + $0]) - Int(b[i + $0])) }.max() ?? 0
            worst = max(worst, d)
            if d > levels { over += 1 }
        }
        return (worst, over, min(a.count, b.count) / 4)
    }

    /// The numbers after `label` on each of the draw log's lines, brackets dropped and words skipped
    /// (`kept-picture 0.93 (as memory 0.90) taken 0.09` → [0.93, 0.90, 0.09, …]).
    func drawLogNumbers(after label: String) -> [[Double]] {
        drawLogLines(after: label).map { words in
            words.compactMap { Double($0.trimmingCharacters(in: CharacterSet(charactersIn: "()"))) }
        }
    }

    /// The `index`th number after `label` (`drawLogNumbers`), summed over the draw log's lines: each line is a
    /// mean a frame, so the sum is above 0 when any frame counted it.
    func drawLogSum(after label: String, number index: Int = 0) -> Double {
        drawLogNumbers(after: label).reduce(0) { $0 + ($1.count > index ? $1[index] : 0) }
    }

    /// The words after `label` on the draw log's last line (`renders` → ["3.0", "(0.02", "Mpx)", …]).
    func drawLog(after label: String) -> [Substring] {
        guard let line = log.split(separator: "\n").last(where: { $0.hasPrefix("draw:") }),
              let at = line.range(of: " \(label) ") else { return [] }
        return line[at.upperBound...].split(separator: " ")
    }
}
