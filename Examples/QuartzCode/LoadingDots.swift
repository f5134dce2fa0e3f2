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

/// Three dots that rise and fall in turn, each starting 0.15 s after the one before.
public func addLoadingDots(to layer: CALayer) {
    let now = CACurrentMediaTime()
    for i in 0..<3 {
        let dot = CALayer()
        dot.bounds = CGRect(x: 0, y: 0, width: 14, height: 14)
        dot.position = CGPoint(x: layer.bounds.midX + CGFloat(i - 1) * 24, y: layer.bounds.midY)
        dot.cornerRadius = 7
        dot.backgroundColor = UIColor.systemGray.cgColor

        let bounce = CABasicAnimation(keyPath: "position.y")
        bounce.byValue = -12
        bounce.duration = 0.3
        bounce.autoreverses = true
        bounce.repeatCount = .infinity
        bounce.beginTime = now + 0.15 * Double(i)
        bounce.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        dot.add(bounce, forKey: "bounce")
        layer.addSublayer(dot)
    }
}
