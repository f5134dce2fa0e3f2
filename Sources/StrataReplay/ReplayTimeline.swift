import StrataDriver
import StrataGestures

/// The scene a replay steps through time: the trace's events through a `SceneDriver`, and
/// at each scene text the trace kept after its start (a live reload of the scene file) the
/// scene swapped as the window swapped it: the old scene brought to the reload's time with
/// the events before it, then a new scene (`reload`) given the events after it.
final class ReplayTimeline {
    private(set) var scene: Scene
    private var driver: SceneDriver
    private var reloads: ArraySlice<TraceSceneText>
    private let events: [InputEvent]
    private let reload: ((TraceSceneText, Scene) throws -> Scene)?
    /// Events delivered by the drivers before the current one.
    private var deliveredBefore = 0
    private var segmentStart = 0

    /// `reload` nil: the trace's scene texts are not replayed (a named scene), every event
    /// goes to `scene`.
    init(scene: Scene, trace: Trace, reload: ((TraceSceneText, Scene) throws -> Scene)?) {
        self.scene = scene
        self.reload = reload
        events = trace.events
        // A text before any event and at time 0 is the one the scene was made from.
        var texts = trace.sceneTexts[...]
        if let first = texts.first, first.afterEvents == 0, first.t == 0 { texts = texts.dropFirst() }
        reloads = reload == nil ? [] : texts
        driver = SceneDriver(scene: scene, events: Array(events[0..<(reloads.first?.afterEvents ?? events.count)]))
    }

    var deliveredEventCount: Int { deliveredBefore + driver.deliveredEventCount }

    func step(to t: Double) throws {
        while let next = reloads.first, next.t <= t, let reload {
            reloads = reloads.dropFirst()
            driver.step(to: next.t)
            deliveredBefore += driver.deliveredEventCount
            scene = try reload(next, scene)
            segmentStart = next.afterEvents
            let end = reloads.first?.afterEvents ?? events.count
            driver = SceneDriver(scene: scene, events: Array(events[segmentStart..<max(segmentStart, end)]))
            driver.step(to: next.t)
        }
        driver.step(to: t)
    }
}
