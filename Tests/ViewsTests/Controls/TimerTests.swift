import Motion
import Stage
@testable import Views
import XCTest

/// `Timer.scheduledTimer` on the scene's clock (Sources/Views/Controls/Timers.swift).
@MainActor
private final class Ticker: ObservableObject {
    @Published var count = 0
    @Published var lit = false
    var timer: Views.Timer?
    var fired: [Double] = []

    func start(after interval: Double, repeats: Bool = false) {
        timer = Views.Timer.scheduledTimer(withTimeInterval: interval, repeats: repeats) { [unowned self] _ in
            fired.append(ViewScene.current!.host.now)
            count += 1
        }
    }

    /// Like the elevator's door sound: the reference is replaced, the earlier timer still fires.
    func startUnreferenced(after interval: Double) {
        Views.Timer.scheduledTimer(withTimeInterval: interval, repeats: false) { [unowned self] _ in
            fired.append(ViewScene.current!.host.now)
        }
    }

    func lightLater() {
        timer = Views.Timer.scheduledTimer(withTimeInterval: 2, repeats: false) { [unowned self] _ in
            withAnimation(.linear(duration: 1)) { lit = true }
        }
    }
}

@MainActor
private struct TickerView: View {
    @ObservedObject var ticker: Ticker
    var body: some View {
        Color.red.frame(width: 10, height: 10)
            .opacity(ticker.lit ? 1 : 0)
            .named("light")
    }
}

@MainActor
final class TimerTests: XCTestCase {
    func testFiresOnceAtItsExactDueTime() async {
        let ticker = Ticker()
        let s = TestScene { TickerView(ticker: ticker) }
        s.advance(to: 0.25)
        ticker.start(after: 1)
        XCTAssertTrue(ticker.timer!.isValid)
        XCTAssertEqual(ticker.timer!.fireDate, 1.25)
        s.advance(to: 1.2)
        XCTAssertEqual(ticker.count, 0)
        s.advance(to: 3)   // one big step still fires at 1.25 exactly
        XCTAssertEqual(ticker.fired, [1.25])
        XCTAssertFalse(ticker.timer!.isValid, "a one-shot timer is done once it has fired")
    }

    func testInvalidateStopsIt() async {
        let ticker = Ticker()
        let s = TestScene { TickerView(ticker: ticker) }
        ticker.start(after: 1)
        s.advance(to: 0.5)
        ticker.timer!.invalidate()
        ticker.timer!.invalidate()
        XCTAssertFalse(ticker.timer!.isValid)
        s.advance(to: 5)
        XCTAssertEqual(ticker.fired, [])
    }

    func testRepeatsWithoutDrift() async {
        let ticker = Ticker()
        let s = TestScene { TickerView(ticker: ticker) }
        ticker.start(after: 0.5, repeats: true)
        for i in 1...7 { s.advance(to: Double(i) * 0.3) }
        XCTAssertEqual(ticker.fired, [0.5, 1.0, 1.5, 2.0])
        ticker.timer!.invalidate()
        s.advance(to: 4)
        XCTAssertEqual(ticker.count, 4)
    }

    func testAnUnreferencedTimerStillFires() async {
        let ticker = Ticker()
        let s = TestScene { TickerView(ticker: ticker) }
        ticker.startUnreferenced(after: 0.5)
        s.advance(to: 1)
        XCTAssertEqual(ticker.fired, [0.5])
    }

    func testAChangeInATimerAnimatesFromTheDueTime() async {
        let ticker = Ticker()
        let s = TestScene { TickerView(ticker: ticker) }
        ticker.lightLater()
        s.advance(to: 2.0 + 1.0 / 60)   // fires at 2.0, inside a frame step
        s.advance(to: 2.5)
        XCTAssertEqual(s.presented("light", "opacity")!, 0.5, accuracy: 1e-9)
        s.advance(to: 3)
        XCTAssertEqual(s.presented("light", "opacity")!, 1, accuracy: 1e-9)
    }

    func testOutsideASceneItNeverFires() async {
        let scene = ViewScene.current
        ViewScene.current = nil
        defer { ViewScene.current = scene }
        let t = Views.Timer.scheduledTimer(withTimeInterval: 0, repeats: false) { _ in XCTFail("fired") }
        XCTAssertFalse(t.isValid)
        XCTAssertNil(t.fireDate)
    }
}
