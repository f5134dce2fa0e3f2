/// UIView's block animations, for layers: `ViewAnimation.animate(withDuration:...)` is
/// `UIView.animate(withDuration:delay:options:animations:completion:)`.
///
/// As in UIKit (seed 001): the changes made in `animations` take effect at once (read a
/// property back and you get the new value); what is seen animates there. Each changed
/// property of a layer in a tree with a clock gets an animation under the property's name,
/// replacing a running one, whose own completion then hears finished false.
/// `completion` runs once, after every animation the block made has stopped: finished is
/// true when all ran to their end, false when any was interrupted (removed, or replaced by
/// another change of the same property, animated or not, while actions are enabled). When the block animates nothing
/// (no property changed, no clock) completion runs at once with true.
///
/// A spring block (`usingSpringWithDamping:`) makes `SpringAnimation`s instead of basic ones.
///
/// Not modelled: iOS 8's additive view animations (here a new animation of a property
/// starts from the old model value, or from what is seen with `.beginFromCurrentState`,
/// as before iOS 8), layoutSubviews, transitions.
public enum ViewAnimation {
    /// UIView.AnimationOptions, with UIKit's raw values.
    public struct Options: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Touches reach the animating layers (otherwise `Layer.hitTest` skips them).
        public static let allowUserInteraction = Options(rawValue: 1 << 1)
        /// Start from what is seen rather than from the old model value.
        public static let beginFromCurrentState = Options(rawValue: 1 << 2)
        /// Repeat forever.
        public static let `repeat` = Options(rawValue: 1 << 3)
        /// Run forwards then backwards (each repeat, with `.repeat`).
        public static let autoreverse = Options(rawValue: 1 << 4)

        /// The curve is a two-bit field: easeInOut is its zero value, the default.
        public static let curveEaseInOut = Options([])
        public static let curveEaseIn = Options(rawValue: 1 << 16)
        public static let curveEaseOut = Options(rawValue: 2 << 16)
        public static let curveLinear = Options(rawValue: 3 << 16)

        var timingFunction: TimingFunction {
            switch (rawValue >> 16) & 3 {
            case 1: return .easeIn
            case 2: return .easeOut
            case 3: return .linear
            default: return .easeInEaseOut
            }
        }
    }

    /// One animation block's parameters, as the layers' change observers see them.
    struct Settings {
        var duration: Double
        var delay: Double
        var options: Options
        /// usingSpringWithDamping's ratio and initialSpringVelocity, for a spring block.
        var spring: (dampingRatio: Double, velocity: Double)?
    }

    public static func animate(withDuration duration: Double, delay: Double = 0, options: Options = [],
                               animations: () -> Void, completion: ((_ finished: Bool) -> Void)? = nil) {
        run(Settings(duration: max(0, duration), delay: max(0, delay), options: options), animations, completion)
    }

    /// UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:animations:completion:):
    /// each change runs as a `SpringAnimation` with damping ratio `dampingRatio` (1: no
    /// overshoot; towards 0, more bounce) and `velocity` in whole distances per second,
    /// stiff enough to come to rest at `duration` (`SpringAnimation.init(keyPath:dampingRatio:initialVelocity:settlingIn:)`).
    /// The options' curve is ignored, as UIKit ignores it for springs.
    public static func animate(withDuration duration: Double, delay: Double = 0,
                               usingSpringWithDamping dampingRatio: Double, initialSpringVelocity velocity: Double,
                               options: Options = [], animations: () -> Void,
                               completion: ((_ finished: Bool) -> Void)? = nil) {
        run(Settings(duration: max(0, duration), delay: max(0, delay), options: options,
                     spring: (dampingRatio, velocity)), animations, completion)
    }

    private static func run(_ settings: Settings, _ animations: () -> Void, _ completion: ((_ finished: Bool) -> Void)?) {
        let frame = TransactionFrame()
        frame.viewAnimation = settings
        let group = CompletionGroup { finished in completion?(finished) }
        frame.completionGroup = group
        let stack = TransactionStack.current
        stack.frames.append(frame)
        animations()
        // The block's frame is the innermost unless `animations` left a transaction
        // open; take it out wherever it is so later changes are not animated by it.
        if let i = stack.frames.lastIndex(where: { $0 === frame }) { stack.frames.remove(at: i) }
        group.seal()
    }

    /// UIView.performWithoutAnimation: the changes show at once, even inside an
    /// animation block (a transaction with actions disabled).
    public static func performWithoutAnimation(_ changes: () -> Void) {
        Transaction.perform(disableActions: true, changes)
    }

    public static func animate(withDuration duration: Double, animations: () -> Void,
                               completion: ((_ finished: Bool) -> Void)? = nil) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }
}
