/// NSTimer on a `SceneClock`: a block run after `interval` seconds of scene time, once or
/// repeatedly, until `invalidate()`.
///
/// A repeating timer keeps its schedule (fire dates are start + k * interval, not
/// "interval after the last fire"). Unlike NSTimer, which skips ticks missed while the
/// run loop was busy, a clock advanced past several ticks fires each of them, each at its
/// own time: a replay gives the same ticks at any frame rate.
///
/// In files that also import Foundation, `Timer` is ambiguous with Foundation's; write
/// `StrataModel.Timer` there.
public final class Timer {
    /// Seconds between fires; at least 0.1 ms, as NSTimer clamps it.
    public let timeInterval: Double
    public let repeats: Bool
    /// Scene time of the next fire.
    public private(set) var fireDate: Double
    public private(set) var isValid = true
    private var block: ((Timer) -> Void)?
    private weak var clock: SceneClock?
    let serial: Int

    /// NSTimer.scheduledTimer(withTimeInterval:repeats:block:) on `clock`: first fires at
    /// `clock.now + interval`.
    @discardableResult
    public static func scheduled(on clock: SceneClock, interval: Double, repeats: Bool,
                                 block: @escaping (Timer) -> Void) -> Timer {
        let timer = Timer(clock: clock, interval: interval, repeats: repeats, block: block)
        clock.schedule(timer)
        return timer
    }

    private init(clock: SceneClock, interval: Double, repeats: Bool, block: @escaping (Timer) -> Void) {
        timeInterval = max(interval.isFinite ? interval : 0, 0.0001)
        self.repeats = repeats
        self.block = block
        self.clock = clock
        fireDate = clock.now + timeInterval
        serial = clock.nextTimerSerial()
    }

    /// Stops it for good; the block is released.
    public func invalidate() {
        guard isValid else { return }
        isValid = false
        block = nil
        clock?.unschedule(self)
    }

    /// NSTimer.fire(): runs the block now without changing the schedule; a one-shot
    /// timer is invalidated by it.
    public func fire() {
        guard isValid else { return }
        block?(self)
        if !repeats { invalidate() }
    }

    /// Moves the next fire past `time` on the timer's schedule, skipping the ticks between.
    func skipTicks(through time: Double) {
        guard repeats, fireDate <= time else { return }
        let missed = ((time - fireDate) / timeInterval).rounded(.down) + 1
        fireDate += missed * timeInterval
        if fireDate <= time { fireDate = time.nextUp }
    }

    /// The clock's fire at `fireDate`.
    func fireScheduled() {
        guard isValid else { return }
        if repeats { fireDate += timeInterval }
        block?(self)
        if !repeats { invalidate() }
    }
}

extension SceneClock {
    /// dispatch_after on the scene clock: `block` runs once, `seconds` from now.
    @discardableResult
    public func after(seconds: Double, _ block: @escaping () -> Void) -> Timer {
        Timer.scheduled(on: self, interval: seconds, repeats: false) { _ in block() }
    }

    @discardableResult
    public func scheduledTimer(withTimeInterval interval: Double, repeats: Bool,
                               block: @escaping (Timer) -> Void) -> Timer {
        Timer.scheduled(on: self, interval: interval, repeats: repeats, block: block)
    }
}
