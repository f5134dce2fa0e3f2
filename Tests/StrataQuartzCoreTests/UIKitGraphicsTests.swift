#if canImport(UIKit)
import UIKit
#else
import StrataUIKitGraphics
#endif
import Testing

// Written as iOS code is written: UIColor and UIBezierPath as layer code uses them.

@Suite struct UIKitGraphicsTests {
    @Test func colorsAreTheOnesIOSHas() {
        #expect(UIColor.systemGreen.cgColor == CGColor(red: 52 / 255, green: 199 / 255, blue: 89 / 255, alpha: 1))
        #expect(UIColor.red.cgColor == CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(UIColor(white: 0.5, alpha: 1).cgColor == CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1))
        #expect(UIColor.systemBlue.withAlphaComponent(0.5).cgColor.alpha == 0.5)
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        #expect(UIColor(red: 0.25, green: 0.5, blue: 0.75, alpha: 1).getRed(&r, green: &g, blue: &b, alpha: &a))
        #expect([r, g, b, a] == [0.25, 0.5, 0.75, 1])
        #expect(UIColor(cgColor: UIColor.orange.cgColor) == UIColor.orange)
    }

    /// UIBezierPath's `clockwise` is as seen on the y-down screen: 0 to pi/2 clockwise is
    /// the short quarter from (r, 0) down to (0, r).
    @Test func arcsTurnClockwiseOnScreen() {
        let quarter = UIBezierPath(arcCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(abs(quarter.currentPoint.x) < 1e-12 && quarter.currentPoint.y == 10)
        #expect(quarter.bounds.width < 10.001 && quarter.bounds.minX > -0.001)
        let long = UIBezierPath(arcCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(long.bounds.minX < -9.99)
    }

    /// iOS 7's continuous corners: the top side ends 1.52866 radii before the corner (a
    /// circle's would end at 1), and the curve crosses the corner's diagonal 0.29151 radii in
    /// from each side (the middle cubic at t = 1/2: (0.63149 + 3 * 0.37282 + 3 * 0.16906 + 0.07491) / 8;
    /// a quarter circle crosses at 1 - 1/sqrt(2) = 0.29289).
    @Test func roundedRectanglesHaveContinuousCorners() {
        let card = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 80), cornerRadius: 10)
        var points: [CGPoint] = []
        var kinds: [CGPathElementType] = []
        card.cgPath.applyWithBlock { e in
            kinds.append(e.pointee.type)
            points.append(e.pointee.type == .addCurveToPoint ? e.pointee.points[2] : e.pointee.points[0])
        }
        #expect(kinds.first == .moveToPoint && kinds.last == .closeSubpath)
        #expect(abs(points[0].x - 15.2866483) < 1e-6 && points[0].y == 0)
        #expect(abs(points[1].x - (100 - 15.2866483)) < 1e-6 && points[1].y == 0)
        #expect(card.bounds == CGRect(x: 0, y: 0, width: 100, height: 80))
        // Three cubics a corner, four corners.
        #expect(kinds.filter { $0 == .addCurveToPoint }.count == 12)
        // The top-right corner: a curve, a short line to the middle cubic's start, the middle cubic.
        var elements: [[CGPoint]] = []
        card.cgPath.applyWithBlock { e in
            let n = [CGPathElementType.moveToPoint: 1, .addLineToPoint: 1, .addQuadCurveToPoint: 2, .addCurveToPoint: 3][e.pointee.type] ?? 0
            elements.append((0..<n).map { e.pointee.points[$0] })
        }
        let start = elements[3][0], c1 = elements[4][0], c2 = elements[4][1], end = elements[4][2]
        let x = (start.x + 3 * c1.x + 3 * c2.x + end.x) / 8, y = (start.y + 3 * c1.y + 3 * c2.y + end.y) / 8
        #expect(abs((100 - x) - 2.9150724) < 1e-4 && abs(y - 2.9150724) < 1e-4)
    }

    /// With no room for a straight side, UIKit rounds the short ends whole (a capsule).
    @Test func aRadiusTooLargeGivesACapsule() {
        let pill = UIBezierPath(roundedRect: CGRect(x: 50, y: 20, width: 208, height: 50), cornerRadius: 20)
        var first = CGPoint.zero, got = false
        pill.cgPath.applyWithBlock { e in if !got { first = e.pointee.points[0]; got = true } }
        #expect(first == CGPoint(x: 75, y: 20))
        #expect(pill.bounds == CGRect(x: 50, y: 20, width: 208, height: 50))
    }

    @Test func someCornersOnly() {
        let top = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 100),
                               byRoundingCorners: [.topLeft, .topRight], cornerRadii: CGSize(width: 10, height: 10))
        var kinds: [CGPathElementType] = [], ends: [CGPoint] = []
        top.cgPath.applyWithBlock { e in
            kinds.append(e.pointee.type)
            ends.append(e.pointee.type == .addCurveToPoint ? e.pointee.points[2] : e.pointee.points[0])
        }
        #expect(kinds.filter { $0 == .addCurveToPoint }.count == 6)
        // The bottom corners are sharp: the outline passes through them.
        #expect(ends.contains(CGPoint(x: 100, y: 100)) && ends.contains(CGPoint(x: 0, y: 100)))
    }
}
