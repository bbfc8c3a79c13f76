import Backend
import Foundation
import XCTest
import ZoetropeHarness

/// SDL_mixer, SDL_image and Hunspell are opened with dlopen, not linked (issue 24: the ~45 libraries they pull in
/// were loaded before `main` on every launch). The player still needs them at run time — the package's `Depends:`
/// names them and they are found by soname — and a run without one of them says so once and goes on.
@MainActor
final class OptionalLibrariesTests: XCTestCase {
    var dir: URL!

    override func setUp() async throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("optional-libraries-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDown() async throws { try? FileManager.default.removeItem(at: dir) }

    /// What the dynamic loader loads before `main`: the executable's libraries and everything they pull in.
    func testTheLoaderLoadsNoneOfThemAtStart() async throws {
        let ldd = try E2E.run("/usr/bin/ldd", [try E2E.binary().path], timeout: 60)
        XCTAssertEqual(ldd.status, 0, ldd.summary)
        XCTAssertTrue(ldd.stdout.contains("libSDL2-2.0.so.0"), ldd.stdout)
        // The libraries themselves, and some of what each pulled in (fluidsynth for SDL_mixer, tiff for SDL_image).
        for library in ["libSDL2_mixer", "libfluidsynth", "libSDL2_image", "libtiff", "libhunspell"] {
            XCTAssertFalse(ldd.stdout.contains(library), "\(library) is loaded at start:\n\(ldd.stdout)")
        }
    }

    /// Stand-ins found first on `LD_LIBRARY_PATH` that load but have none of the functions (copies of libm), as a
    /// broken or foreign build of the library would: the elevator still runs its script, silently, with
    /// placeholder pictures, and each library is named once.
    func testWithoutSDLMixerAndSDLImageTheRunSaysSoOnceEachAndGoesOn() async throws {
        let libm = try XCTUnwrap(["/lib/x86_64-linux-gnu/libm.so.6", "/usr/lib/x86_64-linux-gnu/libm.so.6",
                                  "/lib/aarch64-linux-gnu/libm.so.6", "/lib64/libm.so.6"]
            .first { FileManager.default.fileExists(atPath: $0) })
        let fake = dir.appendingPathComponent("lib")
        try FileManager.default.createDirectory(at: fake, withIntermediateDirectories: true)
        for soname in ["libSDL2_mixer-2.0.so.0", "libSDL2_image-2.0.so.0"] {
            try FileManager.default.copyItem(atPath: libm, toPath: fake.appendingPathComponent(soname).path)
        }
        let wav = dir.appendingPathComponent("ride.wav")
        let r = try E2E.zoetrope(["--headless", "--scene", "elevator", "--audio-out", wav.path,
                                  "--script", "at 0.5 click callButton; at 1.5 probe leftDoor; at 2 quit"],
                                 environment: E2E.environment(setting: [
                                     "LD_LIBRARY_PATH": fake.path, "SDL_AUDIODRIVER": "dummy",
                                     "XDG_CACHE_HOME": dir.appendingPathComponent("cache").path,
                                 ]),
                                 timeout: 120)
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertTrue(r.stdout.contains("\"leftDoor\""), "the script ran to its probe: \(r.summary)")
        let lines = r.stderr.split(separator: "\n").map(String.init)
        let mixer = lines.filter { $0.contains("libSDL2_mixer-2.0.so.0") }
        XCTAssertEqual(mixer.count, 1, r.stderr)
        XCTAssertTrue(mixer.first?.hasPrefix("zoetrope: audio unavailable: playing silently, sounds are not loaded "
                                             + "(libSDL2_mixer-2.0.so.0 has no function Mix_Init") ?? false, r.stderr)
        let image = lines.filter { $0.contains("libSDL2_image-2.0.so.0") }
        XCTAssertEqual(image.count, 1, r.stderr)
        XCTAssertTrue(image.first?.hasPrefix("zoetrope: pictures cannot be decoded: libSDL2_image-2.0.so.0 has no "
                                             + "function IMG_Init") ?? false, r.stderr)
        let mix = try WAVFile(contentsOf: wav)
        XCTAssertEqual(mix.channel(0).count, 2 * 44100, "the capture runs on, silent")
        XCTAssertTrue(mix.channel(0).allSatisfy { $0 == 0 } && mix.channel(1).allSatisfy { $0 == 0 })
    }
}
