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

/// A download's progress ring: a grey track and a blue arc from twelve o'clock that fills
/// clockwise as `strokeEnd` goes from 0 to 0.8.
public func addProgressRing(to layer: CALayer) {
    let center = CGPoint(x: layer.bounds.midX, y: layer.bounds.midY)
    let circle = UIBezierPath(arcCenter: center, radius: 50, startAngle: -.pi / 2, endAngle: 3 * .pi / 2, clockwise: true)

    let track = CAShapeLayer()
    track.path = circle.cgPath
    track.fillColor = UIColor.clear.cgColor
    track.strokeColor = UIColor.systemGray5.cgColor
    track.lineWidth = 10
    layer.addSublayer(track)

    let progress = CAShapeLayer()
    progress.path = circle.cgPath
    progress.fillColor = nil
    progress.strokeColor = UIColor.systemBlue.cgColor
    progress.lineWidth = 10
    progress.lineCap = .round
    progress.strokeEnd = 0.8
    layer.addSublayer(progress)

    let fill = CABasicAnimation(keyPath: "strokeEnd")
    fill.fromValue = 0
    fill.toValue = 0.8
    fill.duration = 1.5
    fill.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
    progress.add(fill, forKey: "progress")
}
