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

/// A card that lifts off the page when picked up: its shadow's shape is given up front
/// as `shadowPath` (so iOS never renders the card offscreen to find it), and lifting it
/// grows the shadow's blur and offset and widens its path, all in one group. Its coloured
/// header rounds only the card's top corners (`maskedCorners`), on the continuous curve.
public func addShadowPathCard(to layer: CALayer) {
    let card = CALayer()
    card.frame = CGRect(x: 40, y: 36, width: 160, height: 112)
    card.backgroundColor = UIColor.white.cgColor
    card.cornerRadius = 16
    card.cornerCurve = .continuous
    card.shadowColor = UIColor.black.cgColor
    card.shadowOpacity = 0.3
    card.shadowRadius = 6
    card.shadowOffset = CGSize(width: 0, height: 4)
    card.shadowPath = UIBezierPath(roundedRect: card.bounds, cornerRadius: 16).cgPath
    layer.addSublayer(card)

    let header = CALayer()
    header.frame = CGRect(x: 0, y: 0, width: 160, height: 36)
    header.backgroundColor = UIColor.systemBlue.cgColor
    header.cornerRadius = 16
    header.cornerCurve = .continuous
    header.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
    card.addSublayer(header)

    let line = CALayer()
    line.frame = CGRect(x: 16, y: 48, width: 96, height: 12)
    line.backgroundColor = UIColor.systemGray4.cgColor
    line.cornerRadius = 3
    card.addSublayer(line)

    let restingPath = card.shadowPath
    let liftedPath = UIBezierPath(roundedRect: card.bounds.insetBy(dx: -6, dy: -2), cornerRadius: 20).cgPath

    // The model takes the lifted values at once; the group shows the way there.
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    card.shadowRadius = 14
    card.shadowOffset = CGSize(width: 0, height: 14)
    card.shadowPath = liftedPath
    CATransaction.commit()

    let radius = CABasicAnimation(keyPath: "shadowRadius")
    radius.fromValue = 6
    let offset = CABasicAnimation(keyPath: "shadowOffset")
    offset.fromValue = CGSize(width: 0, height: 4)
    let path = CABasicAnimation(keyPath: "shadowPath")
    path.fromValue = restingPath

    let lift = CAAnimationGroup()
    lift.animations = [radius, offset, path]
    lift.duration = 0.8
    lift.timingFunction = CAMediaTimingFunction(name: .easeOut)
    card.add(lift, forKey: "lift")
}
