import StrataModel
import StrataQuartzCore

/// UIRectCorner: the corners `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)` rounds.
public struct UIRectCorner: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let topLeft = UIRectCorner(rawValue: 1 << 0)
    public static let topRight = UIRectCorner(rawValue: 1 << 1)
    public static let bottomLeft = UIRectCorner(rawValue: 1 << 2)
    public static let bottomRight = UIRectCorner(rawValue: 1 << 3)
    public static let allCorners = UIRectCorner(rawValue: 0b1111)
}

/// UIKit's path object over a CGMutablePath, with UIKit's conventions: angles measured on
/// the y-down screen, so `clockwise: true` turns clockwise as seen (the opposite of
/// CGPath's flag), and rounded rectangles with iOS 7's continuous corners.
open class UIBezierPath: NSObject {
    /// The Strata path this one is.
    public private(set) var strataPath = Path()

    public override init() { super.init() }

    public convenience init(rect: CGRect) {
        self.init()
        strataPath.addRect(rect.strataRect)
    }

    /// An ellipse inscribed in `rect`, starting at its right-most point and running clockwise
    /// on screen, as UIKit's.
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        strataPath.addEllipse(in: rect.strataRect)
    }

    /// iOS 7's continuous corners (`Path.addContinuousRoundedRect`), not quarter circles.
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init()
        strataPath.addContinuousRoundedRect(in: rect.strataRect, cornerRadius: Double(cornerRadius))
    }

    /// Continuous corners too; UIKit takes `cornerRadii.width` for both directions.
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        strataPath.addContinuousRoundedRect(in: rect.strataRect, cornerRadius: Double(cornerRadii.width),
                                            corners: Path.Corners(rawValue: corners.rawValue))
    }

    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    public convenience init(cgPath: CGPath) {
        self.init()
        strataPath = cgPath.strataPath
    }

    /// A copy of the path as it is now.
    open var cgPath: CGPath { CGPath(strataPath) }

    open func move(to point: CGPoint) { strataPath.move(to: point.strataPoint) }
    open func addLine(to point: CGPoint) { strataPath.addLine(to: point.strataPoint) }
    open func addCurve(to end: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        strataPath.addCurve(to: end.strataPoint, control1: controlPoint1.strataPoint, control2: controlPoint2.strataPoint)
    }
    open func addQuadCurve(to end: CGPoint, controlPoint: CGPoint) {
        strataPath.addQuadCurve(to: end.strataPoint, control: controlPoint.strataPoint)
    }
    /// `clockwise` as seen on iOS's y-down screen (increasing angle): CGPath's flag inverted.
    open func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        strataPath.addArc(center: center.strataPoint, radius: Double(radius), startAngle: Double(startAngle),
                          endAngle: Double(endAngle), clockwise: !clockwise)
    }
    open func close() { strataPath.closeSubpath() }
    open func removeAllPoints() { strataPath = Path() }
    open func append(_ other: UIBezierPath) { strataPath.addPath(other.strataPath) }
    open func apply(_ transform: CGAffineTransform) {
        var t = transform
        if let moved = CGPath(strataPath).copy(using: &t) { strataPath = moved.strataPath }
    }

    open var isEmpty: Bool { strataPath.isEmpty }
    open var bounds: CGRect { cgPath.boundingBox }
    open var currentPoint: CGPoint { cgPath.currentPoint }

    // Stroke attributes UIKit keeps on the path; a CAShapeLayer takes its own, so these
    // only carry values for code that reads them back.
    open var lineWidth: CGFloat = 1
    open var miterLimit: CGFloat = 10
    open var usesEvenOddFillRule = false
}

extension CGRect {
    var strataRect: Rect { Rect(x: Double(origin.x), y: Double(origin.y), width: Double(size.width), height: Double(size.height)) }
}

extension CGPoint {
    var strataPoint: Point { Point(x: Double(x), y: Double(y)) }
}
