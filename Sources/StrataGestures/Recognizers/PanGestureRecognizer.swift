import StrataModel

/// UIPanGestureRecognizer for one pointer.
///
/// - A touch-down arms it; it begins at the first move at least `hysteresis` (10 pt)
///   from the touch-down point, as UIKit does, so a tap or a jitter never pans.
/// - Translation counts from the touch-down point, so at `began` it already measures at
///   least 10 pt and a drag turns content by its whole length, not 10 pt less.
/// - Each later move is a `changed`; up ends it, cancel cancels it. An up or cancel
///   before it began makes it fail, silently.
/// - Handlers run once per state change and once per changed move, in event order.
///
/// The `in:` parameters take a layer of the scene (nil for the root) and convert from
/// root coordinates through its position, transform and ancestors, as
/// `translation(in: view)` does; a layer seen edge-on cannot be converted into, and
/// gets root coordinates.
public final class PanGestureRecognizer: GestureRecognizer {
    public typealias Handler = (PanGestureRecognizer) -> Void

    /// How far the pointer must move from touch-down, in points, before the pan begins.
    public static let hysteresis = 10.0

    public private(set) var state: GestureState = .possible

    private var handlers: [Handler] = []
    /// Where the pointer went down; nil while no touch is being tracked.
    private var touchDown: Point?
    private var currentLocation = Point.zero
    /// Root-space point the translation is measured from; moved by setTranslation.
    private var translationOrigin = Point.zero
    private var tracker = VelocityTracker()

    public init() {}

    public convenience init(handler: @escaping Handler) {
        self.init()
        addTarget(handler)
    }

    /// UIKit's addTarget(_:action:), as a closure.
    public func addTarget(_ handler: @escaping Handler) {
        handlers.append(handler)
    }

    public func handle(_ event: InputEvent) {
        guard case .pointer(let p) = event else { return }
        switch p.kind {
        case .down:
            // One pointer only: a second down means the first touch's end was lost.
            if touchDown != nil { finishTouch(at: p.location, cancelled: true) }
            reset()
            touchDown = p.location
            currentLocation = p.location
            translationOrigin = p.location
            tracker.add(p.location, t: p.t)
        case .move:
            guard let start = touchDown else { return }
            currentLocation = p.location
            tracker.add(p.location, t: p.t)
            switch state {
            case .possible:
                if p.location.distance(to: start) >= PanGestureRecognizer.hysteresis { transition(to: .began) }
            case .began, .changed:
                transition(to: .changed)
            default:
                break
            }
        case .up:
            guard touchDown != nil else { return }
            tracker.add(p.location, t: p.t)
            finishTouch(at: p.location, cancelled: false)
        case .cancel:
            guard touchDown != nil else { return }
            finishTouch(at: p.location, cancelled: true)
        }
    }

    public func reset() {
        state = .possible
        touchDown = nil
        tracker.removeAll()
        translationOrigin = currentLocation
    }

    // MARK: Reading the gesture

    /// How far the pointer has moved since touch-down (or since the last setTranslation).
    public func translation(in layer: Layer?) -> Point {
        let space = LayerCoordinateSpace(layer)
        let here = space.convertFromRoot(currentLocation)
        let origin = space.convertFromRoot(translationOrigin)
        return Point(x: here.x - origin.x, y: here.y - origin.y)
    }

    /// Makes `translation(in: layer)` read `translation` now; later moves add to it.
    /// The velocity is not affected.
    public func setTranslation(_ translation: Point, in layer: Layer?) {
        let space = LayerCoordinateSpace(layer)
        let here = space.convertFromRoot(currentLocation)
        translationOrigin = space.convertToRoot(Point(x: here.x - translation.x, y: here.y - translation.y))
    }

    /// Points per second, fitted over the last 100 ms of samples (see VelocityTracker).
    /// After the pointer holds still for 100 ms it reads zero.
    public func velocity(in layer: Layer?) -> Point {
        let space = LayerCoordinateSpace(layer)
        return tracker.velocity { space.convertFromRoot($0) }
    }

    public func location(in layer: Layer?) -> Point {
        LayerCoordinateSpace(layer).convertFromRoot(currentLocation)
    }

    // MARK: State machine

    private func finishTouch(at location: Point, cancelled: Bool) {
        touchDown = nil
        currentLocation = location
        switch state {
        case .began, .changed: transition(to: cancelled ? .cancelled : .ended)
        case .possible: state = .failed
        default: break
        }
    }

    private func transition(to newState: GestureState) {
        state = newState
        for handler in handlers { handler(self) }
    }
}
