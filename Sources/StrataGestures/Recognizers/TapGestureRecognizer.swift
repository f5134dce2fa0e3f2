import StrataModel

/// UITapGestureRecognizer for a single tap of one pointer: recognized (ended) when the
/// pointer comes up within `allowableMovement` (10 pt) of where it went down; failed as
/// soon as it strays further, or on cancel. Its handlers run once, at ended.
public final class TapGestureRecognizer: GestureRecognizer {
    public typealias Handler = (TapGestureRecognizer) -> Void

    /// Points the pointer may wander from touch-down and still tap.
    public static let allowableMovement = 10.0

    public private(set) var state: GestureState = .possible

    private var handlers: [Handler] = []
    private var touchDown: Point?
    private var currentLocation = Point.zero

    public init() {}

    public convenience init(handler: @escaping Handler) {
        self.init()
        addTarget(handler)
    }

    public func addTarget(_ handler: @escaping Handler) {
        handlers.append(handler)
    }

    public func handle(_ event: InputEvent) {
        guard case .pointer(let p) = event else { return }
        switch p.kind {
        case .down:
            reset()
            touchDown = p.location
            currentLocation = p.location
        case .move:
            guard let start = touchDown, state == .possible else { return }
            currentLocation = p.location
            if p.location.distance(to: start) > TapGestureRecognizer.allowableMovement { state = .failed }
        case .up:
            guard let start = touchDown else { return }
            touchDown = nil
            guard state == .possible else { return }
            currentLocation = p.location
            if p.location.distance(to: start) <= TapGestureRecognizer.allowableMovement {
                state = .ended
                for handler in handlers { handler(self) }
            } else {
                state = .failed
            }
        case .cancel:
            guard touchDown != nil else { return }
            touchDown = nil
            if state == .possible { state = .failed }
        }
    }

    public func reset() {
        state = .possible
        touchDown = nil
    }

    /// Where the tap happened (the touch-up point once recognized).
    public func location(in layer: Layer?) -> Point {
        LayerCoordinateSpace(layer).convertFromRoot(currentLocation)
    }
}
