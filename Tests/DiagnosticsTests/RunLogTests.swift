import Diagnostics
import Logging
import XCTest

/// The player's logging (spec README: the player degrades and tells the user once): what each level does through
/// `RunLogHandler`, with a `RunLog` of the test's own (no bootstrap: loggers are built with the handler).
final class RunLogTests: XCTestCase {
    /// A run whose user-facing output the test reads instead of standard error and standard output.
    private func makeRun() -> (run: RunLog, told: () -> [String], printed: () -> [String]) {
        let run = RunLog()
        var told: [String] = [], printed: [String] = []
        run.sink = { told.append($0) }
        run.lineSink = { printed.append($0) }
        return (run, { told }, { printed })
    }

    func testAWarningIsSaidOncePerRunWhicheverLoggerSaysIt() {
        let (run, told, printed) = makeRun()
        let backend = run.logger("zoetrope.backend"), player = run.logger("zoetrope.player")
        backend.warning("image \"manFour\" not found in the asset folders; drawing a placeholder")
        backend.warning("image \"manFour\" not found in the asset folders; drawing a placeholder")
        player.warning("image \"manFour\" not found in the asset folders; drawing a placeholder")
        player.warning("asset folder /nowhere does not exist")
        XCTAssertEqual(told(), ["image \"manFour\" not found in the asset folders; drawing a placeholder",
                                "asset folder /nowhere does not exist"])
        XCTAssertEqual(run.messages, told())
        XCTAssertEqual(printed(), [])
        XCTAssertFalse(run.hasOutputFailures, "a warning is not a failed output")
    }

    /// A reader of the shared log (the test harness) counts only the lines after its mark, even when someone else
    /// resets the log in between.
    func testLinesSinceAMarkSurviveAReset() {
        let (run, _, _) = makeRun()
        let log = run.logger("zoetrope.player")
        log.warning("before")
        let mark = run.lineCount
        XCTAssertEqual(run.messages(since: mark), [])
        log.warning("mine")
        run.reset()
        XCTAssertEqual(run.messages(since: mark), [], "the reset forgot the line")
        log.warning("after the reset")
        XCTAssertEqual(run.messages(since: mark), ["after the reset"])
        XCTAssertEqual(run.lineCount, mark + 2)
        let later = run.lineCount
        log.warning("later")
        XCTAssertEqual(run.messages(since: later), ["later"])
    }

    func testAnOutputThatCannotBeWrittenIsSaidOnceAndCountedForTheExitCode() {
        let (run, told, _) = makeRun()
        let log = run.logger("zoetrope.player")
        XCTAssertFalse(run.hasOutputFailures)
        log.error("cannot save the screenshot /dev/null/x.png: not a directory")
        log.error("cannot save the screenshot /dev/null/x.png: not a directory")
        XCTAssertEqual(told(), ["cannot save the screenshot /dev/null/x.png: not a directory"])
        XCTAssertTrue(run.hasOutputFailures)
        // A failure first said as a warning is still a failure.
        let other = makeRun()
        other.run.logger("a").warning("cannot write audio capture /dev/full")
        other.run.logger("b").critical("cannot write audio capture /dev/full")
        XCTAssertEqual(other.told(), ["cannot write audio capture /dev/full"])
        XCTAssertTrue(other.run.hasOutputFailures)
    }

    func testNoticesAreSaidEveryTimeAndDebugIsNotShown() {
        let (run, told, _) = makeRun()
        let log = run.logger("zoetrope.audio")
        log.notice("ERROR: Could not find and play the sound file!")
        log.info("ERROR: Could not find and play the sound file!")
        log.debug("decoder state")
        log.trace("every sample")
        XCTAssertEqual(told(), Array(repeating: "ERROR: Could not find and play the sound file!", count: 2))
    }

    func testAScenesPrintLinesGoPlainToStandardOutputEveryTime() {
        let (run, told, printed) = makeRun()
        let scene = run.logger(RunLog.printLabel)
        scene.info("Button was clicked!")
        scene.info("Button was clicked!")
        scene.warning("a print is a print at any level")
        XCTAssertEqual(printed(), ["Button was clicked!", "Button was clicked!", "a print is a print at any level"])
        XCTAssertEqual(told(), [])
        XCTAssertEqual(run.messages, printed(), "kept for the harness's log")
    }

    func testRunsAreIndependentAndResetForgets() {
        let a = makeRun(), b = makeRun()
        a.run.logger("x").warning("same words")
        b.run.logger("x").warning("same words")
        XCTAssertEqual(a.told(), ["same words"])
        XCTAssertEqual(b.told(), ["same words"])
        a.run.logger("x").error("cannot write out.wav")
        a.run.reset()
        XCTAssertFalse(a.run.hasOutputFailures)
        XCTAssertEqual(a.run.messages, [])
        a.run.logger("x").warning("same words")
        XCTAssertEqual(a.told(), ["same words", "cannot write out.wav", "same words"], "said again after a reset")
    }

    func testMetadataIsKeptButNotShown() {
        let (run, told, _) = makeRun()
        var log = run.logger("zoetrope.backend")
        log[metadataKey: "asset"] = "manFour"
        XCTAssertEqual(log[metadataKey: "asset"], "manFour")
        log.warning("image not found", metadata: ["root": "/tmp"])
        XCTAssertEqual(told(), ["image not found"])
    }
}
