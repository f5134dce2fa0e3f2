/// A scene's time: seconds that the host moves forward, never read from a wall clock,
/// so a replay is the same on every run. It is this world's CACurrentMediaTime(): the
/// time animations begin at, implicit animations start from, and timers fire on.
///
/// Attach it to the root of a layer tree (`attach(_:)`); every layer in that tree finds
/// it by walking up (`Layer.clock`), and only such layers animate implicitly.
///
/// `advance(to:)` is the run loop's turn: it commits the thread's implicit transaction,
/// then handles, in time order, every animation start (delegate `animationDidStart`),
/// animation end (removal when `isRemovedOnCompletion`, delegate and completion with
/// finished true, transaction and view-animation completion blocks) and timer fire due by
/// the new time. During each callback `now` is the moment it was due, not the frame's
/// time, so what a callback starts begins exactly then, whatever the frame rate.
public final class SceneClock {
    public private(set) var now: Double
    private var roots: [WeakLayer] = []
    var timers: [Timer] = []
    /// Bumped when animations or timers are added: pending work must be gathered again.
    private var changes = 0
    private var timerSerial = 0
    /// The earliest animation start or end not yet handled, as of `scannedAt` changes:
    /// until then a frame need not walk the trees (removals only make it early, which
    /// costs one walk that finds nothing).
    private var nextAnimationEvent = -Double.infinity
    private var scannedAt = -1

    public init(now: Double = 0) {
        self.now = now
    }

    /// Makes `root`'s tree run on this clock.
    public func attach(_ root: Layer) {
        root.attachedClock = self
        changes += 1
        roots.removeAll { $0.layer == nil || $0.layer === root }
        roots.append(WeakLayer(root))
    }

    public func detach(_ root: Layer) {
        if root.attachedClock === self { root.attachedClock = nil }
        roots.removeAll { $0.layer == nil || $0.layer === root }
    }

    /// Moves time forward to `time` (an earlier time is ignored: time never runs
    /// backwards), handling everything due on the way.
    ///
    /// A repeating timer fires at most `maximumTimerFires` times in one advance (one frame);
    /// the ticks after those are skipped, as NSTimer skips the ticks a busy run loop missed,
    /// so a 0.1 ms timer costs a bounded time a frame however long the render's `--time`.
    public func advance(to time: Double) {
        Transaction.flush()
        guard time.isFinite else { return }
        let target = max(now, time)
        var fires: [ObjectIdentifier: Int] = [:]
        while true {
            let due = pendingEvents(until: target)
            if due.isEmpty { break }
            let stamp = changes
            for event in due {
                now = max(now, event.time)
                if let timer = event.timer, event.kind == .timer {
                    let n = fires[ObjectIdentifier(timer), default: 0] + 1
                    fires[ObjectIdentifier(timer)] = n
                    if n > SceneClock.maximumTimerFires {
                        timer.skipTicks(through: target)
                        changes += 1
                        break
                    }
                }
                handle(event)
                // A callback added work that may be due before the rest: gather again.
                if changes != stamp { break }
            }
        }
        now = target
    }

    /// The most fires of one repeating timer in one `advance`.
    public static let maximumTimerFires = 1000

    // MARK: Queries

    /// True when an animation in an attached tree runs at `now` (see
    /// `Layer.hasRunningAnimations(at:)`).
    public var hasRunningAnimations: Bool {
        roots.contains { $0.layer?.hasRunningAnimations(at: now) ?? false }
    }

    /// Valid timers waiting to fire.
    public var scheduledTimers: [Timer] { timers.filter(\.isValid) }

    /// When the next timer fires, if any.
    public var nextTimerFireDate: Double? { timers.filter(\.isValid).map(\.fireDate).min() }

    /// Nothing runs and no timer waits: without input, every later frame equals this one.
    public var isIdle: Bool { !hasRunningAnimations && nextTimerFireDate == nil }

    // MARK: Internals

    func animationsChanged() { changes += 1 }

    func schedule(_ timer: Timer) {
        timers.append(timer)
        changes += 1
    }

    func unschedule(_ timer: Timer) {
        timers.removeAll { $0 === timer }
    }

    func nextTimerSerial() -> Int {
        timerSerial += 1
        return timerSerial
    }

    private enum EventKind: Int { case start = 0, timer = 1, stop = 2 }

    private struct Event {
        var time: Double
        var kind: EventKind
        var serial: Int
        var record: AnimationRecord?
        // Strong: events live only while one `advance` handles them, and a weak reference
        // would give every animated layer a side table, making each retain and release of
        // it (every presentation copy makes two) take the runtime's slow path for good.
        var layer: Layer?
        var timer: Timer?
    }

    private func pendingEvents(until target: Double) -> [Event] {
        var events: [Event] = []
        if changes != scannedAt || target >= nextAnimationEvent {
            var serial = 0
            var next = Double.infinity
            func walk(_ layer: Layer) {
                for r in layer.animationRecords {
                    serial += 1
                    if !r.didStart {
                        if r.beginTime <= target {
                            events.append(Event(time: r.beginTime, kind: .start, serial: serial, record: r, layer: layer))
                        } else {
                            next = min(next, r.beginTime)
                        }
                    }
                    if !r.didStop {
                        if r.endTime <= target {
                            events.append(Event(time: r.endTime, kind: .stop, serial: serial, record: r, layer: layer))
                        } else {
                            next = min(next, r.endTime)
                        }
                    }
                }
                for s in layer.sublayers { walk(s) }
                // A mask's animations are the tree's too: they start and end on this clock.
                if let m = layer.mask { walk(m) }
            }
            roots.removeAll { $0.layer == nil }
            for root in roots { if let l = root.layer { walk(l) } }
            // The events found now are handled next; what lies beyond `target` is next.
            nextAnimationEvent = next
            scannedAt = changes
        }
        for t in timers where t.isValid && t.fireDate <= target {
            events.append(Event(time: t.fireDate, kind: .timer, serial: t.serial, timer: t))
        }
        return events.sorted { a, b in
            if a.time != b.time { return a.time < b.time }
            if a.kind != b.kind { return a.kind.rawValue < b.kind.rawValue }
            return a.serial < b.serial
        }
    }

    private func handle(_ event: Event) {
        switch event.kind {
        case .start:
            event.record?.start()
        case .stop:
            guard let record = event.record, !record.didStop else { return }
            record.start()
            if record.animation.isRemovedOnCompletion, let layer = event.layer {
                // Only if it is still there: removing it earlier already reported it.
                guard let i = layer.animationRecords.firstIndex(where: { $0 === record }) else { return }
                layer.animationRecords.remove(at: i)
            }
            record.stop(finished: true)
        case .timer:
            guard let timer = event.timer, timer.isValid, timer.fireDate == event.time else { return }
            timer.fireScheduled()
            changes += 1
        }
    }
}

private struct WeakLayer {
    weak var layer: Layer?
    init(_ layer: Layer) { self.layer = layer }
}
