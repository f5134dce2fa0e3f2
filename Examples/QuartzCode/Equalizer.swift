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

/// An audio equalizer: bars anchored at their feet, each scaling on y at its own pace.
public func addEqualizer(to layer: CALayer) {
    let durations: [CFTimeInterval] = [0.45, 0.6, 0.35, 0.5, 0.4]
    for (i, duration) in durations.enumerated() {
        let bar = CALayer()
        bar.anchorPoint = CGPoint(x: 0.5, y: 1)
        bar.bounds = CGRect(x: 0, y: 0, width: 12, height: 60)
        bar.position = CGPoint(x: layer.bounds.midX + CGFloat(i - 2) * 18, y: layer.bounds.midY + 30)
        bar.cornerRadius = 3
        bar.backgroundColor = UIColor.systemGreen.cgColor

        let level = CABasicAnimation(keyPath: "transform.scale.y")
        level.fromValue = 0.2
        level.toValue = 1.0
        level.duration = duration
        level.autoreverses = true
        level.repeatCount = HUGE
        level.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        bar.add(level, forKey: "level")
        layer.addSublayer(bar)
    }
}
