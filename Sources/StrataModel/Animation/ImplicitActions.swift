/// What happens when an animatable property of a layer changes: Core Animation's
/// actionForKey: with the default actions, and UIKit's view-animation blocks.
extension Layer {
    /// Called by the animatable properties' observers with the value before the change
    /// (an autoclosure: most changes, in trees without a clock, never need it). Does
    /// nothing for presentation copies, while copying, and for layers whose tree has no
    /// clock.
    func animatablePropertyDidChange(_ keyPath: String, from old: @autoclosure () -> AnimationValue) {
        guard !isPresentation, !isCopying, let clock = clock else { return }
        let oldValue = old()
        let stack = TransactionStack.current
        if stack.disableActions { return }
        if let settings = stack.viewAnimation {
            addViewAnimation(keyPath, from: oldValue, settings: settings, now: clock.now)
            return
        }
        let duration = stack.animationDuration
        guard duration > 0 else {
            // A zero-length action replaces the running one: the new value shows at once.
            removeAnimation(forKey: keyPath)
            return
        }
        // From what is on screen now (the presentation value before the change) to the
        // new model value: fromValue set, toValue nil.
        let from = presentationValue(forKeyPath: keyPath, at: clock.now, modelValue: oldValue) ?? oldValue
        var animation = BasicAnimation(keyPath: keyPath, fromValue: from)
        animation.duration = duration
        animation.timingFunction = stack.animationTimingFunction ?? .default
        // The key path is the changed property's own: it needs no checking.
        addRecord(animation, forKey: keyPath)
    }

    /// UIView.animate's action: model value already set, the animation shows the way
    /// there, replacing (and interrupting) any animation of the property.
    private func addViewAnimation(_ keyPath: String, from oldValue: AnimationValue,
                                  settings: ViewAnimation.Settings, now: Double) {
        guard settings.duration > 0, let to = animatableValue(forKeyPath: keyPath) else {
            removeAnimation(forKey: keyPath)
            return
        }
        // Without beginFromCurrentState UIKit starts from the old model value: where a
        // running animation of the property was heading, not where it is.
        let from = settings.options.contains(.beginFromCurrentState)
            ? presentationValue(forKeyPath: keyPath, at: now, modelValue: oldValue) ?? oldValue
            : oldValue
        var animation: any Animation
        if let spring = settings.spring {
            animation = SpringAnimation(keyPath: keyPath, dampingRatio: spring.dampingRatio, initialVelocity: spring.velocity,
                                        settlingIn: settings.duration, fromValue: from, toValue: to)
        } else {
            var basic = BasicAnimation(keyPath: keyPath, fromValue: from, toValue: to)
            basic.duration = settings.duration
            basic.timingFunction = settings.options.timingFunction
            animation = basic
        }
        if settings.delay > 0 {
            animation.beginTime = now + settings.delay
            // The old value stays on screen during the delay, not the new model value.
            animation.fillMode = .backwards
        }
        if settings.options.contains(.repeat) { animation.repeatCount = .infinity }
        animation.autoreverses = settings.options.contains(.autoreverse)
        let record = addRecord(animation, forKey: keyPath)
        record.blocksInteraction = !settings.options.contains(.allowUserInteraction)
    }
}
