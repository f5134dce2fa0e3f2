/// UIGestureRecognizer.State. A continuous gesture (pan) goes possible → began →
/// changed… → ended or cancelled; a discrete one (tap) goes possible → ended (recognized)
/// or failed. Handlers hear every state but possible and failed.
public enum GestureState: String, CaseIterable, Sendable {
    case possible, began, changed, ended, cancelled, failed

    /// UIKit's name for a discrete gesture's ended.
    public static let recognized = GestureState.ended

    /// Ended, cancelled or failed: the recognizer waits for the next touch-down to reset.
    public var isFinished: Bool { self == .ended || self == .cancelled || self == .failed }
}
