// `import QuartzCore` brings Foundation on iOS (NSObject, NSNumber, NSValue, CGFloat,
// CGPoint, CGSize, CGRect); so does `import StrataQuartzCore`.
@_exported import Foundation
import StrataModel

/// Core Foundation's name for seconds, which QuartzCore's timing API uses.
public typealias CFTimeInterval = Double

/// Darwin's `HUGE` (a Float infinity), which iOS code passes as a `repeatCount`.
public let HUGE: Float = .infinity

// Conversions between Foundation's CG geometry and Strata's own (Double) geometry.
extension CGPoint {
    init(_ p: Point) { self.init(x: CGFloat(p.x), y: CGFloat(p.y)) }
    var strata: Point { Point(x: Double(x), y: Double(y)) }
}
extension CGSize {
    init(_ s: Size) { self.init(width: CGFloat(s.width), height: CGFloat(s.height)) }
    var strata: Size { Size(width: Double(width), height: Double(height)) }
}
extension CGRect {
    init(_ r: Rect) { self.init(origin: CGPoint(r.origin), size: CGSize(r.size)) }
    var strata: Rect { Rect(origin: origin.strata, size: size.strata) }
}
