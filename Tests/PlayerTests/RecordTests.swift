import Foundation
import XCTest
import ZoetropeHarness

/// `--record FILE` through the built binary, checked with FFmpeg's own tools (ffprobe, ffmpeg): the elevator ride as
/// MP4 (duration, frame count, the frame at 5 s against the headless screenshot at 5 s, the chime at 11.5 s in the
/// sound track), WebM and GIF (frame count and size), determinism, and bad paths.
@MainActor
final class RecordTests: XCTestCase {
    /// Call the elevator at 0.5, ride at 6 (chime at 6 + 5.5 = 11.5, spec 04 §1.7.2), stop at 12.
    static let ride = "at 0.5 click callButton; at 6 click callButton; at 12 quit"

    private func directory() -> URL {
        let dir = E2E.outputDirectory.appendingPathComponent("record-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    private func record(_ file: URL, script: String, extra: [String] = []) throws -> E2EResult {
        let r = try E2E.zoetrope(["--headless", "--scene", "elevator", "--record", file.path, "--script", script] + extra,
                                 timeout: 180)
        XCTAssertEqual(r.status, 0, r.summary)
        return r
    }

    /// `ffprobe` of the first video stream: codec, size, frames (decoded and counted) and the file's duration.
    struct Probe { var codec: String; var width: Int; var height: Int; var frames: Int; var duration: Double; var audio: String? }
    private func probe(_ file: URL) throws -> Probe {
        let r = try E2E.run(E2E.which("ffprobe")!, ["-v", "error", "-count_frames", "-show_entries",
                                                   "stream=codec_type,codec_name,width,height,nb_read_frames:format=duration",
                                                   "-of", "json", file.path], timeout: 120)
        guard r.status == 0, let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any],
              let streams = json["streams"] as? [[String: Any]],
              let video = streams.first(where: { $0["codec_type"] as? String == "video" }) else {
            throw E2E.Failure("ffprobe cannot read \(file.path): \(r.summary)")
        }
        let format = json["format"] as? [String: Any]
        return Probe(codec: video["codec_name"] as? String ?? "", width: video["width"] as? Int ?? 0,
                     height: video["height"] as? Int ?? 0,
                     frames: Int(video["nb_read_frames"] as? String ?? "") ?? -1,
                     duration: Double(format?["duration"] as? String ?? "") ?? -1,
                     audio: streams.first(where: { $0["codec_type"] as? String == "audio" })?["codec_name"] as? String)
    }

    private func ffmpeg(_ args: [String]) throws {
        let r = try E2E.run(E2E.which("ffmpeg")!, ["-v", "error", "-y"] + args, timeout: 120)
        guard r.status == 0 else { throw E2E.Failure("ffmpeg failed: \(r.summary)") }
    }

    func testElevatorRideAsMP4() async throws {
        try E2E.requireTools(["ffprobe", "ffmpeg", "convert"])
        let dir = directory()
        let video = dir.appendingPathComponent("ride.mp4"), shot = dir.appendingPathComponent("shot-5s.png")
        let started = Date()
        _ = try record(video, script: Self.ride + "; at 5 screenshot \(shot.path); at 8 screenshot \(dir.path)/shot-8s.png")
        let wall = Date().timeIntervalSince(started)
        print("recording 12 s of elevator (393x759, debug build) took \(String(format: "%.1f", wall)) s of wall time")

        let p = try probe(video)
        XCTAssertEqual(p.codec, "h264")
        XCTAssertEqual(p.audio, "aac")
        // 393x759 is odd: H.264 4:2:0 gets one more column and row.
        XCTAssertEqual(p.width, 394)
        XCTAssertEqual(p.height, 760)
        XCTAssertEqual(p.frames, 720, "12 s at 60 fps")
        XCTAssertEqual(p.duration, 12, accuracy: 0.05)

        // The frame at 5 s is the picture the headless screenshot at 5 s saved.
        let frame = dir.appendingPathComponent("frame-5s.png")
        try ffmpeg(["-ss", "5", "-i", video.path, "-frames:v", "1", frame.path])
        let decoded = try E2EImage(png: frame), expected = try E2EImage(png: shot)
        XCTAssertEqual(expected.width, 393)
        let difference = decoded.meanDifference(to: expected, x: 0..<393, y: 0..<759)
        print("frame at 5 s vs the screenshot at 5 s: mean absolute difference \(String(format: "%.2f", difference)) of 255")
        XCTAssertLessThan(difference, 2.5, "the recorded frame at 5 s should match the screenshot at 5 s")
        // At 5 s the doors stand open and nothing moves; at 8 s they are closing (ride click at 6 → 6.3…10.19 s), so
        // the frame at 8 s matches the screenshot at 8 s, and the frames three video frames away do not.
        let shot8 = try E2EImage(png: dir.appendingPathComponent("shot-8s.png"))
        func mismatch(at t: String) throws -> Double {
            let f = dir.appendingPathComponent("frame-\(t)s.png")
            try ffmpeg(["-ss", t, "-i", video.path, "-frames:v", "1", f.path])
            return try E2EImage(png: f).meanDifference(to: shot8, x: 0..<393, y: 0..<759)
        }
        let at8 = try mismatch(at: "8"), before = try mismatch(at: "7.95"), after = try mismatch(at: "8.05")
        print("frames at 7.95, 8, 8.05 s vs the screenshot at 8 s: \([before, at8, after].map { String(format: "%.2f", $0) })")
        XCTAssertLessThan(at8, 2.5)
        XCTAssertGreaterThan(min(before, after), 1.5 * at8, "the frame at 8 s is the one drawn at 8 s, not a neighbour")

        // The sound track: the chime of the ride at 6 s rings at 11.5 s.
        let wav = dir.appendingPathComponent("ride.wav")
        try ffmpeg(["-i", video.path, "-vn", "-ac", "2", "-ar", "44100", "-c:a", "pcm_s16le", wav.path])
        let a = try E2EWAV(contentsOf: wav)
        XCTAssertEqual(a.duration, 12, accuracy: 0.05)
        let door = a.firstWindow(above: -40, from: 0, to: 3)
        // The door sound starts 0.5 s after the 0.5-s click; its first ~0.15 s are silent (as in EndToEndTests).
        XCTAssertTrue((1.09...1.22).contains(door ?? -1), "door sound audible at \(door ?? -1) s")
        let chime = a.firstWindow(above: -30, from: 11.0, to: 12.0)
        XCTAssertNotNil(chime, "no chime in the recording")
        XCTAssertEqual(chime ?? -1, 11.5, accuracy: 0.05, "chime onset")
        XCTAssertLessThan(a.rmsDB(from: 11.3, to: 11.45), -60, "quiet just before the chime")
    }

    func testWebMAndGIF() async throws {
        try E2E.requireTools(["ffprobe"])
        let dir = directory()
        let webm = dir.appendingPathComponent("open.webm"), gif = dir.appendingPathComponent("open.gif")
        _ = try record(webm, script: "at 0.5 click callButton; at 2 quit")
        let w = try probe(webm)
        XCTAssertEqual(w.codec, "vp9")
        XCTAssertEqual(w.audio, "vorbis")
        XCTAssertEqual([w.width, w.height], [393, 759], "VP9 keeps the odd size")
        XCTAssertEqual(w.frames, 120)
        XCTAssertEqual(w.duration, 2, accuracy: 0.05)

        _ = try record(gif, script: "at 0.5 click callButton; at 2 quit")
        let g = try probe(gif)
        XCTAssertEqual(g.codec, "gif")
        XCTAssertNil(g.audio)
        XCTAssertEqual([g.width, g.height], [393, 759])
        XCTAssertEqual(g.frames, 60, "2 s at 30 fps")
        XCTAssertEqual(g.duration, 2, accuracy: 0.05)
    }

    /// Same seed and script, same file: the encoders and muxers run bit-exact.
    func testTheSameRunGivesTheSameFile() async throws {
        let dir = directory()
        let a = dir.appendingPathComponent("a.mp4"), b = dir.appendingPathComponent("b.mp4")
        for file in [a, b] {
            _ = try record(file, script: "at 0.2 click callButton; at 1.5 quit", extra: ["--seed", "7"])
        }
        let da = try Data(contentsOf: a), db = try Data(contentsOf: b)
        XCTAssertGreaterThan(da.count, 1000)
        XCTAssertEqual(da, db, "two recordings of the same run should be the same bytes")
    }

    func testBadRecordPathsFailBeforeTheRun() async throws {
        let dir = directory()
        // An extension we cannot write: a usage error.
        var r = try E2E.zoetrope(["--headless", "--scene", "elevator", "--record", dir.appendingPathComponent("x.avi").path,
                                  "--duration", "1"], timeout: 60)
        XCTAssertEqual(r.status, 2, r.summary)
        XCTAssertTrue(r.stderr.contains(".avi") && r.stderr.contains(".mp4"), r.stderr)
        r = try E2E.zoetrope(["--headless", "--scene", "elevator", "--record", dir.appendingPathComponent("noext").path,
                              "--duration", "1"], timeout: 60)
        XCTAssertEqual(r.status, 2, r.summary)
        XCTAssertTrue(r.stderr.contains("no extension"), r.stderr)
        // A folder that does not exist: a run problem, said before anything runs (the script's probe never prints).
        let missing = dir.appendingPathComponent("no/such/folder/x.mp4").path
        r = try E2E.zoetrope(["--headless", "--scene", "elevator", "--record", missing, "--script", "at 0 probe callButton"],
                             timeout: 60)
        XCTAssertEqual(r.status, 1, r.summary)
        XCTAssertTrue(r.stderr.contains("cannot write \(missing)"), r.stderr)
        XCTAssertFalse(r.stdout.contains("probe"), "nothing ran")
        XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, "one message: \(r.stderr)")
    }
}
