import StrataModel

/// The drain: a repeating NSTimer that takes the oldest label away every
/// `drainInterval` seconds. As the seed's lecture insists, a timer must not run while
/// its view is off screen: it is invalidated in viewWillDisappear and scheduled anew
/// (the interval counted from then) in viewWillAppear.
extension KitchenSinkViewController {
    /// Schedules the drain on the window's clock, unless it runs already or is off.
    func startDrainTimer() {
        guard drainInterval > 0, drainTimer?.isValid != true, let clock = window?.clock else { return }
        drainTimer = clock.scheduledTimer(withTimeInterval: drainInterval, repeats: true) { [weak self] _ in
            self?.drain()
        }
    }

    func stopDrainTimer() {
        drainTimer?.invalidate()
        drainTimer = nil
    }

    /// The timer's tick: the oldest label not already going swirls down the drain (to
    /// the sink's centre, shrinking, turning a quarter and fading) and is removed when
    /// that finishes.
    public func drain() {
        guard let label = labels.first(where: { l in !drainingLabels.contains { $0 === l } }) else { return }
        drainingLabels.append(label)
        let centre = Point(x: kitchenSink.bounds.midX, y: kitchenSink.bounds.midY)
        ViewAnimation.animate(withDuration: KitchenSinkViewController.drainAnimationDuration, delay: 0,
                              options: .curveEaseIn, animations: {
            label.position = centre
            label.transform = Transform3D.makeScale(0.1, 0.1, 1).rotated(-Double.pi / 2, 0, 0, 1)
            label.opacity = 0
        }) { [weak self] finished in
            self?.drainingLabels.removeAll { $0 === label }
            if finished { label.removeFromSuperlayer() }
        }
    }

    /// Whether the drain has anything left to do: it is scheduled and the sink holds a
    /// label. (While true the scene is not idle: the next tick changes what is seen.)
    public var isDraining: Bool { drainTimer?.isValid == true && !labels.isEmpty }
}
