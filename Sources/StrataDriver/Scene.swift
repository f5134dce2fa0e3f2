import StrataGestures
import StrataModel

/// A scene as every command drives it: a layer tree, the input it takes, and its clock.
/// Time is always given, never read: the window passes seconds since its first frame, a
/// replay passes `frame index / fps`, so a replay is the same on every run.
///
/// `SceneDriver` calls it, and nothing else does: per frame it (1) delivers every event
/// due, in order, through `handle(_:)`, each after `advance(to:)` the event's time,
/// (2) calls `advance(to:)` with the frame's time, (3) draws `presentationLayer`. A scene
/// never advances its own time inside `handle(_:)`.
///
/// To bring your own scene to `strata` and to `assertFrames`, implement this protocol and
/// describe it with a `SceneDescriptor`.
public protocol Scene: AnyObject {
    /// The root of the layer tree; its bounds are the view, in points.
    var rootLayer: Layer { get }

    /// Takes one input event (pointer or key), in the order they happened. The scene has
    /// already been advanced to the event's time.
    func handle(_ event: InputEvent)

    /// Brings time-driven state (animations, timers) to `time`, seconds from the start.
    /// Called with non-decreasing times: before each event, and once per frame.
    func advance(to time: Double)

    /// What to draw: the tree as of the last `advance(to:)`, with running animations
    /// applied (Core Animation's presentation layer). By default a presentation copy of
    /// `rootLayer` at its clock's time, or the model itself when no layer holds an
    /// animation (a copy would be equal, and copying every frame is work for nothing).
    var presentationLayer: Layer { get }

    /// True while an animation is running: the replay keeps rendering after the last
    /// event until this is false, and the window keeps redrawing.
    var hasRunningAnimations: Bool { get }

    /// A short account of the state that input changes, for a window title and the
    /// end-of-run line, e.g. `angle: 47.5`.
    var statusDescription: String { get }
}

extension Scene {
    public var presentationLayer: Layer {
        rootLayer.subtreeHasAnimations ? rootLayer.presentation() : rootLayer
    }

    /// Nothing is moving: without new input, the next frame equals this one.
    public var isIdle: Bool { !hasRunningAnimations }
}
