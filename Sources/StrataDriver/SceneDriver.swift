import StrataGestures
import StrataModel

/// The one frame loop: owns a scene's time and the order of each frame. Replay, check,
/// render, the live window and `assertFrames` all drive scenes through it, and nothing
/// else calls a scene's `advance(to:)` or decides which events are due.
///
/// A frame at time t: every queued event with `event.t <= t` is delivered in order (the
/// scene first advanced to the event's own time, so whatever the event starts begins
/// then and timers due before it fire first), then the scene is advanced to t, then its
/// presentation tree is drawn. Time never goes backwards.
public final class SceneDriver {
    public let scene: Scene
    /// The time of the last step, seconds from the start.
    public private(set) var time: Double = 0
    /// Events handed to the scene so far.
    public private(set) var deliveredEventCount = 0
    private var queue: [InputEvent]
    private var next = 0
    private var started = false

    /// `events`: input known ahead (a trace, a render's script), in time order.
    public init(scene: Scene, events: [InputEvent] = []) {
        self.scene = scene
        queue = events
    }

    /// Queues input as it happens (the live window); it is delivered at the next step.
    public func enqueue(_ event: InputEvent) { queue.append(event) }

    /// Events queued and not yet delivered.
    public var pendingEventCount: Int { queue.count - next }

    /// Brings the scene to time `t` (or the last step's time, if later): delivers every
    /// event due, then advances.
    public func step(to t: Double) {
        let target = started ? max(t, time) : max(0, t)
        started = true
        while next < queue.count && queue[next].t <= target {
            let event = queue[next]
            scene.advance(to: max(time, event.t))
            time = max(time, event.t)
            scene.handle(event)
            next += 1
            deliveredEventCount += 1
        }
        if next == queue.count && next > 0 {
            // Everything delivered: drop it, so a long live session does not keep it all.
            queue.removeAll(keepingCapacity: true)
            next = 0
        }
        scene.advance(to: target)
        time = target
    }

    /// What to draw now.
    public var presentationLayer: Layer { scene.presentationLayer }

    /// One frame: step to `t`, then `draw` the presentation tree.
    public func frame<Output>(at t: Double, draw: (Layer) throws -> Output) rethrows -> Output {
        step(to: t)
        return try draw(scene.presentationLayer)
    }
}
