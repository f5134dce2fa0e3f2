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

/// A background gradient drifting from a morning palette to an evening one and back.
public func addGradientColors(to layer: CALayer) {
    let gradient = CAGradientLayer()
    gradient.frame = layer.bounds.insetBy(dx: 20, dy: 20)
    gradient.cornerRadius = 16
    gradient.startPoint = CGPoint(x: 0, y: 0)
    gradient.endPoint = CGPoint(x: 1, y: 1)
    let morning = [UIColor.systemYellow.cgColor, UIColor.systemOrange.cgColor]
    let evening = [UIColor.systemIndigo.cgColor, UIColor.systemPurple.cgColor]
    gradient.colors = morning

    let drift = CABasicAnimation(keyPath: "colors")
    drift.fromValue = morning
    drift.toValue = evening
    drift.duration = 2
    drift.autoreverses = true
    drift.repeatCount = .infinity
    gradient.add(drift, forKey: "drift")
    layer.addSublayer(gradient)
}
