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

/// A badge that slides in and, when that is done, pops: the second animation starts from
/// the first transaction's completion block.
public func addTransactionChain(to layer: CALayer) {
    let badge = CALayer()
    badge.bounds = CGRect(x: 0, y: 0, width: 44, height: 44)
    badge.position = CGPoint(x: layer.bounds.maxX - 60, y: layer.bounds.midY)
    badge.cornerRadius = 22
    badge.backgroundColor = UIColor.systemPink.cgColor
    layer.addSublayer(badge)

    CATransaction.begin()
    CATransaction.setCompletionBlock {
        let pop = CAKeyframeAnimation(keyPath: "transform.scale")
        pop.values = [1.0, 1.4, 0.9, 1.0]
        pop.keyTimes = [0, 0.4, 0.7, 1]
        pop.duration = 0.5
        badge.add(pop, forKey: "pop")
    }
    let slide = CABasicAnimation(keyPath: "position.x")
    slide.fromValue = layer.bounds.minX + 60
    slide.toValue = badge.position.x
    slide.duration = 0.8
    slide.timingFunction = CAMediaTimingFunction(name: .easeOut)
    badge.add(slide, forKey: "slide")
    CATransaction.commit()
}
