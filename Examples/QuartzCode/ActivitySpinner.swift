#if canImport(QuartzCore)
import QuartzCore
#else
import StrataQuartzCore
#endif
#if canImport(UIKit)
import UIKit
#else
import StrataUIKitGraphics
#endif

/// The classic activity spinner: one bar, replicated twelve times round a circle, each copy
/// fading 1/12 s after the one before, so a bright bar seems to run round.
public func addActivitySpinner(to layer: CALayer) {
    let replicator = CAReplicatorLayer()
    replicator.bounds = CGRect(x: 0, y: 0, width: 80, height: 80)
    replicator.position = CGPoint(x: layer.bounds.midX, y: layer.bounds.midY)

    let bar = CALayer()
    bar.bounds = CGRect(x: 0, y: 0, width: 6, height: 20)
    bar.position = CGPoint(x: 40, y: 12)
    bar.cornerRadius = 3
    bar.backgroundColor = UIColor.darkGray.cgColor
    bar.opacity = 0.25
    replicator.addSublayer(bar)

    let count = 12
    replicator.instanceCount = count
    replicator.instanceTransform = CATransform3DMakeRotation(2 * .pi / CGFloat(count), 0, 0, 1)

    let duration: CFTimeInterval = 1
    let fade = CABasicAnimation(keyPath: "opacity")
    fade.fromValue = 1
    fade.toValue = 0.25
    fade.duration = duration
    fade.repeatCount = .infinity
    bar.add(fade, forKey: "fade")
    replicator.instanceDelay = duration / CFTimeInterval(count)

    layer.addSublayer(replicator)
}
