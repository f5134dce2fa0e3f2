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

/// A loading placeholder that shimmers: grey blocks where a row's avatar, title and
/// subtitle will be, seen through a gradient mask whose bright band sweeps from left to
/// right as its `locations` animate, again and again.
public func addShimmer(to layer: CALayer) {
    let placeholder = CALayer()
    placeholder.frame = layer.bounds.insetBy(dx: 20, dy: 60)

    let avatar = CALayer()
    avatar.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
    avatar.cornerRadius = 32
    avatar.backgroundColor = UIColor.systemGray4.cgColor
    placeholder.addSublayer(avatar)

    let title = CALayer()
    title.frame = CGRect(x: 80, y: 8, width: placeholder.bounds.width - 80, height: 18)
    title.cornerRadius = 6
    title.cornerCurve = .continuous
    title.backgroundColor = UIColor.systemGray4.cgColor
    placeholder.addSublayer(title)

    let subtitle = CALayer()
    subtitle.frame = CGRect(x: 80, y: 38, width: (placeholder.bounds.width - 80) * 0.6, height: 14)
    subtitle.cornerRadius = 5
    subtitle.cornerCurve = .continuous
    subtitle.backgroundColor = UIColor.systemGray4.cgColor
    placeholder.addSublayer(subtitle)

    let shine = CAGradientLayer()
    shine.frame = placeholder.bounds
    shine.startPoint = CGPoint(x: 0, y: 0.5)
    shine.endPoint = CGPoint(x: 1, y: 0.5)
    shine.colors = [UIColor(white: 0, alpha: 0.4).cgColor, UIColor.black.cgColor, UIColor(white: 0, alpha: 0.4).cgColor]
    shine.locations = [0, 0.15, 0.3]
    placeholder.mask = shine

    let sweep = CABasicAnimation(keyPath: "locations")
    sweep.fromValue = [-0.3, -0.15, 0]
    sweep.toValue = [1, 1.15, 1.3]
    sweep.duration = 1.5
    sweep.repeatCount = .infinity
    shine.add(sweep, forKey: "shimmer")

    layer.addSublayer(placeholder)
}
