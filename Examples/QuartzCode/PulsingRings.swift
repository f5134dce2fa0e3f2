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

/// A "live" indicator: rings that grow from a dot and fade, one after another, forever.
public func addPulsingRings(to layer: CALayer) {
    let center = CGPoint(x: layer.bounds.midX, y: layer.bounds.midY)
    for i in 0..<3 {
        let ring = CALayer()
        ring.bounds = CGRect(x: 0, y: 0, width: 80, height: 80)
        ring.position = center
        ring.cornerRadius = 40
        ring.borderWidth = 3
        ring.borderColor = UIColor.systemRed.cgColor
        ring.opacity = 0

        let scale = CABasicAnimation(keyPath: "transform.scale")
        scale.fromValue = 0.2
        scale.toValue = 1.0
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1.0
        fade.toValue = 0.0

        let pulse = CAAnimationGroup()
        pulse.animations = [scale, fade]
        pulse.duration = 1.5
        pulse.beginTime = CACurrentMediaTime() + 0.5 * Double(i)
        pulse.repeatCount = .infinity
        pulse.timingFunction = CAMediaTimingFunction(name: .easeOut)
        ring.add(pulse, forKey: "pulse")
        layer.addSublayer(ring)
    }
    let dot = CALayer()
    dot.bounds = CGRect(x: 0, y: 0, width: 16, height: 16)
    dot.position = center
    dot.cornerRadius = 8
    dot.backgroundColor = UIColor.systemRed.cgColor
    layer.addSublayer(dot)
}
