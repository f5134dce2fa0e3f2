/// Routes a stream of events to recognizers, in the order they were added, each event
/// to every recognizer before the next event. It plays the part of a UIView's
/// gestureRecognizers with every pair allowed to recognize simultaneously; there is no
/// require(toFail:) yet.
public final class GestureDispatcher {
    public private(set) var gestureRecognizers: [any GestureRecognizer]

    public init(_ gestureRecognizers: [any GestureRecognizer] = []) {
        self.gestureRecognizers = gestureRecognizers
    }

    public func addGestureRecognizer(_ recognizer: any GestureRecognizer) {
        gestureRecognizers.append(recognizer)
    }

    public func removeGestureRecognizer(_ recognizer: any GestureRecognizer) {
        gestureRecognizers.removeAll { $0 === recognizer }
    }

    public func dispatch(_ event: InputEvent) {
        for recognizer in gestureRecognizers { recognizer.handle(event) }
    }

    public func dispatch<S: Sequence>(_ events: S) where S.Element == InputEvent {
        for event in events { dispatch(event) }
    }
}
