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

/// A story card that moves on by itself: a bar at the top fills in half a second, and
/// when it is full the next page pushes in from the right (a CATransition added to the
/// page, then the page changed with actions disabled).
public func addTransitionPush(to layer: CALayer) {
    let card = CALayer()
    card.bounds = CGRect(x: 0, y: 0, width: 160, height: 120)
    card.position = CGPoint(x: layer.bounds.midX, y: layer.bounds.midY)
    card.cornerRadius = 16
    card.masksToBounds = true
    layer.addSublayer(card)

    let page = CALayer()
    page.frame = card.bounds
    page.backgroundColor = UIColor.systemBlue.cgColor
    card.addSublayer(page)

    let number = CATextLayer()
    number.frame = CGRect(x: 0, y: 36, width: 160, height: 48)
    number.string = "1"
    number.font = UIFont.systemFont(ofSize: 40, weight: .bold)
    number.fontSize = 40
    number.foregroundColor = UIColor.white.cgColor
    number.alignmentMode = .center
    number.contentsScale = 2
    page.addSublayer(number)

    let bar = CAShapeLayer()
    let line = UIBezierPath()
    line.move(to: CGPoint(x: 16, y: 12))
    line.addLine(to: CGPoint(x: 144, y: 12))
    bar.path = line.cgPath
    bar.strokeColor = UIColor.white.cgColor
    bar.lineWidth = 4
    bar.lineCap = .round
    card.addSublayer(bar)

    CATransaction.begin()
    CATransaction.setCompletionBlock {
        let transition = CATransition()
        transition.type = .push
        transition.subtype = .fromRight
        transition.duration = 0.5
        transition.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        page.add(transition, forKey: kCATransition)

        CATransaction.begin()
        CATransaction.setDisableActions(true)
        page.backgroundColor = UIColor.systemOrange.cgColor
        number.string = "2"
        CATransaction.commit()
    }
    let fill = CABasicAnimation(keyPath: "strokeEnd")
    fill.fromValue = 0
    fill.toValue = 1
    fill.duration = 0.5
    bar.add(fill, forKey: "fill")
    CATransaction.commit()
}
