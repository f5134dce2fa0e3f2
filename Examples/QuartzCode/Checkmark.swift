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

/// A success checkmark drawn stroke by stroke inside a green circle.
public func addCheckmark(to layer: CALayer) {
    let circle = CAShapeLayer()
    circle.path = UIBezierPath(ovalIn: CGRect(x: layer.bounds.midX - 50, y: layer.bounds.midY - 50, width: 100, height: 100)).cgPath
    circle.fillColor = UIColor.systemGreen.cgColor
    layer.addSublayer(circle)

    let tick = UIBezierPath()
    tick.move(to: CGPoint(x: layer.bounds.midX - 24, y: layer.bounds.midY + 2))
    tick.addLine(to: CGPoint(x: layer.bounds.midX - 6, y: layer.bounds.midY + 20))
    tick.addLine(to: CGPoint(x: layer.bounds.midX + 26, y: layer.bounds.midY - 18))

    let check = CAShapeLayer()
    check.path = tick.cgPath
    check.fillColor = nil
    check.strokeColor = UIColor.white.cgColor
    check.lineWidth = 8
    check.lineCap = .round
    check.lineJoin = .round
    layer.addSublayer(check)

    let draw = CABasicAnimation(keyPath: "strokeEnd")
    draw.fromValue = 0
    draw.toValue = 1
    draw.duration = 0.6
    draw.beginTime = CACurrentMediaTime() + 0.2
    draw.fillMode = .backwards
    draw.timingFunction = CAMediaTimingFunction(name: .easeOut)
    check.add(draw, forKey: "draw")
}
