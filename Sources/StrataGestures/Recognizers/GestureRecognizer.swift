import StrataModel

/// What a `GestureDispatcher` needs from a recognizer: UIGestureRecognizer's surface,
/// with events pushed in through `handle(_:)` instead of UIKit's touchesBegan family.
///
/// Like UIKit, a finished recognizer keeps its final state (and its translation,
/// location…) readable until the next touch-down resets it to possible.
public protocol GestureRecognizer: AnyObject {
    var state: GestureState { get }
    /// Takes the next event; pointer events drive the state machine, others are ignored.
    func handle(_ event: InputEvent)
    /// Back to possible, forgetting the current touch, without calling handlers.
    func reset()
    /// Where the pointer is (or last was), in `layer`'s coordinates; nil means the scene's root.
    func location(in layer: Layer?) -> Point
}
