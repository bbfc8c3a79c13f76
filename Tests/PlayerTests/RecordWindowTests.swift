import Foundation
import XCTest
import ZoetropeHarness

/// `R` and `F12` in a real window under Xvfb, pressed with the real X keyboard (xdotool): R starts a recording into
/// `$XDG_VIDEOS_DIR` with a red dot in the corner, R again stops it and the file decodes; F12 writes a PNG into
/// `$XDG_PICTURES_DIR`.
@MainActor
final class RecordWindowTests: XCTestCase {
    func testRAndF12InARealWindow() async throws {
        try E2E.requireTools(["Xvfb", "xdotool", "import", "convert", "ffprobe"])
        let binary = try E2E.binary()
        let x = try E2EXvfb(screen: "1280x1024x24")
        defer { x.stop() }
        let out = E2E.outputDirectory.appendingPathComponent("record-window-\(UUID().uuidString.prefix(8))")
        let videos = out.appendingPathComponent("Videos"), pictures = out.appendingPathComponent("Pictures")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let player = try E2EChild(binary.path, ["--scene", "elevator"],
                                  environment: x.environment(setting: ["SDL_AUDIODRIVER": "dummy",
                                                                       "XDG_VIDEOS_DIR": videos.path,
                                                                       "XDG_PICTURES_DIR": pictures.path]))
        defer { player.stop() }
        let found = try x.xdotool(["search", "--sync", "--onlyvisible", "--name", "Need a Lift"], timeout: 30)
        let window = try XCTUnwrap(found.split(separator: "\n").first.map(String.init), "no window\n\(player.stderr)")
        func files(_ dir: URL, _ ext: String) -> [URL] {
            ((try? FileManager.default.contentsOfDirectory(at: dir, includingPropertiesForKeys: nil)) ?? [])
                .filter { $0.pathExtension == ext }
        }
        func red(_ image: E2EImage) -> Int {
            var n = 0
            for yy in 8..<30 { for xx in 8..<30 where image.pixel(xx, yy, is: 0xEB1E1E, tolerance: 40) { n += 1 } }
            return n
        }
        try x.xdotool(["windowfocus", "--sync", window])
        let before = try x.screenshot(window: window, to: out.appendingPathComponent("before.png"))
        XCTAssertLessThan(red(before), 5, "no recording indicator before R")

        try x.xdotool(["key", "--window", window, "r"])
        var recording = before
        try poll("the red recording dot", timeout: 10) {
            recording = try x.screenshot(window: window, to: out.appendingPathComponent("recording.png"))
            return red(recording) > 30
        }
        XCTAssertEqual(files(videos, "mp4").count, 1, "the video is being written: \(player.stderr)")
        // Something moves while it records: the doors open.
        try x.xdotool(["mousemove", "--window", window, "12", "380", "click", "1"])
        try await Task.sleep(for: .seconds(2.5))
        try x.xdotool(["key", "--window", window, "r"])
        try x.xdotool(["key", "--window", window, "F12"])
        // Generous waits (a poll ends as soon as it sees it): on a busy machine the encoder drains its queue of
        // frames before the player reads the next key.
        try poll("the screenshot", timeout: 40) { !files(pictures, "png").isEmpty }
        try poll("the saved note", timeout: 40) { player.stderr.contains("Saved") && player.stderr.contains(".mp4") }

        let video = try XCTUnwrap(files(videos, "mp4").first)
        XCTAssertTrue(video.lastPathComponent.hasPrefix("zoetrope-elevator-"), video.lastPathComponent)
        let r = try E2E.run(E2E.which("ffprobe")!, ["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                                                   "stream=codec_name,width,height,nb_read_frames", "-of", "csv=p=0", video.path],
                            timeout: 60)
        XCTAssertEqual(r.status, 0, r.summary)
        let fields = r.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").map(String.init)
        XCTAssertEqual(fields.first, "h264", r.stdout)
        if fields.count == 4, let frames = Int(fields[3]) {
            XCTAssertEqual(fields[1], "394", "the window's 393 pixels, made even")
            // R to R took about 3 s (screenshot polling, the click, 2.5 s): 60 frames a second.
            XCTAssertTrue((100...600).contains(frames), "\(frames) frames")
        } else {
            XCTFail("ffprobe: \(r.stdout)")
        }
        // The indicator is drawn after the frame is read: the recording does not show it.
        let first = out.appendingPathComponent("first.png")
        _ = try E2E.run(E2E.which("ffmpeg")!, ["-v", "error", "-y", "-i", video.path, "-frames:v", "1", first.path], timeout: 60)
        XCTAssertLessThan(red(try E2EImage(png: first)), 5, "no red dot in the video")

        let shot = try E2EImage(png: try XCTUnwrap(files(pictures, "png").first))
        XCTAssertEqual([shot.width, shot.height], [393, 759])
        XCTAssertLessThan(red(shot), 5, "no red dot in the screenshot")

        try x.xdotool(["key", "--clearmodifiers", "--window", window, "ctrl+q"])
        XCTAssertTrue(player.wait(timeout: 30), "Ctrl+Q did not quit the player")
    }
}
