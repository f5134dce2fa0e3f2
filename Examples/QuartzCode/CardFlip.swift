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

/// A card that turns over about its vertical axis in perspective, its back showing after
/// the half turn.
public func addCardFlip(to layer: CALayer) {
    var perspective = CATransform3DIdentity
    perspective.m34 = -1.0 / 500
    let container = CATransformLayer()
    container.frame = layer.bounds

    let front = CALayer()
    front.bounds = CGRect(x: 0, y: 0, width: 120, height: 160)
    front.position = CGPoint(x: layer.bounds.midX, y: layer.bounds.midY)
    front.backgroundColor = UIColor.systemBlue.cgColor
    front.cornerRadius = 12
    front.isDoubleSided = false

    let back = CALayer()
    back.bounds = front.bounds
    back.position = front.position
    back.backgroundColor = UIColor.systemOrange.cgColor
    back.cornerRadius = 12
    back.isDoubleSided = false
    back.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)

    container.addSublayer(front)
    container.addSublayer(back)
    layer.sublayerTransform = perspective
    layer.addSublayer(container)

    let flip = CABasicAnimation(keyPath: "transform.rotation.y")
    flip.fromValue = 0
    flip.toValue = Double.pi
    flip.duration = 1.2
    flip.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
    flip.fillMode = .forwards
    flip.isRemovedOnCompletion = false
    container.add(flip, forKey: "flip")
}
