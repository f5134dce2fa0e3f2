import StrataModel

/// AFViewShaker (seed 004): shakes views sideways with a keyframe animation on
/// `transform.translation.x`.
///
/// Each view gets, under one key (so a second shake replaces the first), the seed's
/// values current + 0, +15, -12, +9, -6, +6, +0 at keyTimes 0, 0.225, 0.425, 0.6, 0.75,
/// 0.875, 1, with one easeInEaseOut `timingFunction` for the whole animation (which, as
/// in Core Animation, eases the time before the keyframes are looked up). The published
/// library uses 10, -8, 8, -5, 5; the seed's values are the spec.
///
/// The completion runs once, after every view's animation of the latest shake has
/// stopped. (The seed counts every stop, so a shake interrupted by another one would
/// call the new completion early; counting per shake calls it once, at the real end.)
public final class Shaker {
    public static let defaultDuration = 0.5
    public static let animationKey = "kAFViewShakerAnimationKey"
    /// Offsets from the view's current translation, one per keyframe.
    public static let offsets: [Double] = [0, 15, -12, 9, -6, 6, 0]
    public static let keyTimes: [Double] = [0, 0.225, 0.425, 0.6, 0.75, 0.875, 1]

    public let views: [Layer]
    private var generation = 0
    private var stoppedInGeneration = 0
    private var completion: (() -> Void)?

    public init(views: [Layer]) {
        self.views = views
    }

    public convenience init(view: Layer) {
        self.init(views: [view])
    }

    public func shake() {
        shake(duration: Shaker.defaultDuration, completion: nil)
    }

    public func shake(duration: Double, completion: (() -> Void)?) {
        generation += 1
        stoppedInGeneration = 0
        self.completion = completion
        let current = generation
        for view in views {
            var animation = Shaker.animation(for: view, duration: duration)
            // Holds the shaker as CAAnimation holds its delegate, so a shaker made for one
            // shake (the seed's "shake one") lives until its animations end.
            animation.completion = { _ in self.animationStopped(generation: current) }
            view.add(animation, forKey: Shaker.animationKey)
        }
    }

    /// The keyframe animation the seed's `addShakeAnimationForView:withDuration:` builds.
    public static func animation(for view: Layer, duration: Double) -> KeyframeAnimation.Typed<Layer> {
        // UIView.transform.tx: the translation of the view's transform.
        let tx = view.transform.m41
        var animation = KeyframeAnimation.Typed(keyPath: .transform.translationX, values: offsets.map { tx + $0 },
                                                keyTimes: keyTimes)
        animation.duration = duration
        animation.timingFunction = .easeInEaseOut
        return animation
    }

    private func animationStopped(generation g: Int) {
        guard g == generation else { return }
        stoppedInGeneration += 1
        if stoppedInGeneration >= views.count {
            stoppedInGeneration = 0
            let block = completion
            completion = nil
            block?()
        }
    }
}
