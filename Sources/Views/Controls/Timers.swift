import Motion

/// Foundation's `Timer` as the books use it (`Timer.scheduledTimer(withTimeInterval: 8, repeats: false) { _ in … }`),
/// on the running scene's clock (spec README §3.2): it fires at its exact due time on the virtual clock, with
/// `now` at that time, so a state change it makes starts its animations there. A scheduled timer is kept alive by
/// the clock until it fires (one-shot) or is invalidated, whether or not anyone keeps a reference, as a run loop
/// keeps Foundation's; leaving the scene cancels it with the scene's other timers.
public final class Timer {
    /// Seconds between firings (the delay of a one-shot timer).
    public let timeInterval: Double
    public let repeats: Bool
    private weak var handle: TimerHandle?

    private init(timeInterval: Double, repeats: Bool) {
        self.timeInterval = timeInterval
        self.repeats = repeats
    }

    /// Schedules `block` after `interval` seconds of scene time (and every `interval` after that if it repeats).
    /// Outside a running scene the timer is returned invalid and never fires.
    @discardableResult
    public static func scheduledTimer(withTimeInterval interval: Double, repeats: Bool,
                                      block: @escaping (Timer) -> Void) -> Timer {
        let timer = Timer(timeInterval: interval, repeats: repeats)
        guard let clock = ViewScene.current?.host.clock else { return timer }
        // The clock owns the handle, the handle's action owns the timer: an unreferenced timer still fires.
        timer.handle = clock.schedule(after: interval, repeats: repeats) { block(timer) }
        return timer
    }

    /// Stops the timer; it will not fire again. Safe to call more than once, and from its own block.
    public func invalidate() { handle?.invalidate() }

    /// False once invalidated, or once a one-shot timer has fired.
    public var isValid: Bool { handle?.isValid ?? false }

    /// The scene time of the next firing (nil once invalid).
    public var fireDate: Double? { handle?.fireTime }
}

extension Timer {
    /// `Timer.publish(every: 1, on: .main, in: .common).autoconnect()`: ticks on the scene clock for `onReceive`.
    public static func publish(every interval: Double, tolerance: Double? = nil, on runLoop: RunLoopName = .main,
                               in mode: RunLoopMode = .common) -> TimerPublisher {
        TimerPublisher(interval: interval)
    }
    public enum RunLoopName { case main }
    public enum RunLoopMode { case common, `default` }
}

/// A timer publisher (Combine's `Timer.TimerPublisher`, reduced to what views use): each view that receives from it
/// gets a repeating timer on the scene clock while it is in the tree, delivering the scene time of each tick.
public struct TimerPublisher {
    let interval: Double
    public func autoconnect() -> TimerPublisher { self }
}

public extension View {
    /// Runs `action` with the scene time at every tick of `publisher` while this view is in the tree.
    func onReceive(_ publisher: TimerPublisher, perform action: @escaping (Double) -> Void) -> some View {
        Attach(content: self) { e, ctx in
            e.interaction.onReceive = action
            guard e.interaction.timers.isEmpty, publisher.interval > 0 else { return }
            let clock = ctx.host.clock
            e.interaction.timers.append(clock.schedule(after: publisher.interval, repeats: true) { [weak e] in
                e?.interaction.onReceive?(clock.now)
            })
        }
    }
}
