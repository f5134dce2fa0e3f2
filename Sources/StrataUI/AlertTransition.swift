import StrataModel

/// The animations an alert appears and goes with (UIKit's alert animator, and
/// SPAlertController's animation types), on the alert layer and the dim.
///
/// Appearing runs on a critically damped spring that settles in about 0.4 s, so the
/// motion never overshoots; going is a quicker ease. Model values are set to where each
/// animation ends, as Core Animation code does, so what is left when an animation is
/// removed is the final state.
enum AlertTransition {
    /// Seconds a presentation takes to settle.
    static let presentationDuration = 0.4
    static let alertDismissalDuration = 0.25
    static let sheetDismissalDuration = 0.3
    /// UIKit's alert starts 1.2x its size; SPAlertController's expand starts 0.9x.
    static let shrinkFromScale = 1.2
    static let expandFromScale = 0.9

    /// A critically damped spring (damping = 2 √(stiffness · mass)) whose motion is
    /// within a thousandth of its end after `presentationDuration`: for (1 + u) e^-u
    /// to reach 0.001, u = ω₀ t ≈ 9.23.
    static func spring(keyPath: AnimationKeyPath<Layer, Double>, from: Double, to: Double) -> SpringAnimation.Typed<Layer> {
        var s = SpringAnimation.Typed(keyPath, from: from, to: to)
        let omega = 9.2334 / presentationDuration
        s.mass = 1
        s.stiffness = omega * omega
        s.damping = 2 * omega
        s.duration = s.settlingDuration
        return s
    }

    /// How far the alert travels to leave the screen by `type`'s edge, as a translation.
    static func offscreenOffset(_ type: AlertAnimationType, frame: Rect, screen: Size) -> (x: Double, y: Double) {
        switch type {
        case .fromBottom: return (0, screen.height - frame.minY)
        case .fromTop: return (0, -frame.maxY)
        case .fromLeft: return (-frame.maxX, 0)
        case .fromRight: return (screen.width - frame.minX, 0)
        default: return (0, 0)
        }
    }

    static func present(_ type: AlertAnimationType, alert: Layer, dim: Layer, screen: Size,
                        completion: @escaping () -> Void) {
        Transaction.begin()
        Transaction.setDisableActions(true)
        Transaction.setCompletionBlock(completion)
        alert.transform = .identity
        alert.opacity = 1
        dim.opacity = 1
        switch type {
        case .none:
            break
        case .default, .shrink, .expand:
            let from = type == .expand ? expandFromScale : shrinkFromScale
            alert.add(spring(keyPath: .transform.scale, from: from, to: 1), forKey: "present.scale")
            alert.add(spring(keyPath: .opacity, from: 0, to: 1), forKey: "present.opacity")
            dim.add(spring(keyPath: .opacity, from: 0, to: 1), forKey: "present.opacity")
        case .fade:
            alert.add(spring(keyPath: .opacity, from: 0, to: 1), forKey: "present.opacity")
            dim.add(spring(keyPath: .opacity, from: 0, to: 1), forKey: "present.opacity")
        case .fromBottom, .fromTop, .fromLeft, .fromRight:
            let o = offscreenOffset(type, frame: alert.frame, screen: screen)
            let key: AnimationKeyPath<Layer, Double> = o.x != 0 ? .transform.translationX : .transform.translationY
            alert.add(spring(keyPath: key, from: o.x != 0 ? o.x : o.y, to: 0), forKey: "present.slide")
            dim.add(spring(keyPath: .opacity, from: 0, to: 1), forKey: "present.opacity")
        }
        Transaction.commit()
    }

    static func dismiss(_ type: AlertAnimationType, alert: Layer, dim: Layer, screen: Size,
                        completion: @escaping () -> Void) {
        Transaction.begin()
        Transaction.setDisableActions(true)
        Transaction.setCompletionBlock(completion)
        // Whatever the appearance was doing stops where it is: the fade starts from there.
        let seen = alert.presentation()
        let seenDim = dim.presentation()
        for key in alert.animationKeys() { alert.removeAnimation(forKey: key) }
        for key in dim.animationKeys() { dim.removeAnimation(forKey: key) }
        func ease<Value>(_ keyPath: AnimationKeyPath<Layer, Value>, _ from: Value, _ to: Value, _ duration: Double,
                         _ curve: TimingFunction) -> BasicAnimation.Typed<Layer> {
            var a = BasicAnimation.Typed(keyPath, from: from, to: to)
            a.duration = duration
            a.timingFunction = curve
            return a
        }
        switch type {
        case .none:
            alert.opacity = 0
            dim.opacity = 0
        case .default, .shrink, .expand, .fade:
            alert.opacity = 0
            dim.opacity = 0
            alert.transform = seen.transform
            alert.add(ease(.opacity, seen.opacity, 0, alertDismissalDuration, .easeOut), forKey: "dismiss.opacity")
            dim.add(ease(.opacity, seenDim.opacity, 0, alertDismissalDuration, .easeOut), forKey: "dismiss.opacity")
        case .fromBottom, .fromTop, .fromLeft, .fromRight:
            let o = offscreenOffset(type, frame: alert.frame, screen: screen)
            let end = Transform3D.makeTranslation(o.x, o.y, 0)
            alert.transform = end
            dim.opacity = 0
            alert.add(ease(.transform, seen.transform, end, sheetDismissalDuration, .easeIn),
                      forKey: "dismiss.slide")
            dim.add(ease(.opacity, seenDim.opacity, 0, sheetDismissalDuration, .easeIn), forKey: "dismiss.opacity")
        }
        Transaction.commit()
    }
}
