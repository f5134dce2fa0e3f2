#if canImport(QuartzCore)
import QuartzCore
#else
import StrataQuartzCore
#endif
import Testing

// Written as iOS layer code is written: only public QuartzCore / Core Graphics API, so the
// same expectations hold against Apple's CGPath.

/// Every element of a path as (kind, points), read back through CGPath's own API.
private func outline(_ path: CGPath) -> [String] {
    var out: [String] = []
    path.applyWithBlock { e in
        let p = e.pointee.points
        func s(_ i: Int) -> String { "(\(round(p[i].x * 1000) / 1000), \(round(p[i].y * 1000) / 1000))" }
        switch e.pointee.type {
        case .moveToPoint: out.append("move \(s(0))")
        case .addLineToPoint: out.append("line \(s(0))")
        case .addQuadCurveToPoint: out.append("quad \(s(1))")
        case .addCurveToPoint: out.append("curve \(s(2))")
        case .closeSubpath: out.append("close")
        @unknown default: out.append("?")
        }
    }
    return out
}

@Suite struct PathAndShapeTests {
    @Test func aMutablePathRecordsWhatItIsGiven() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 10, y: 10))
        path.addLine(to: CGPoint(x: 50, y: 10))
        path.addQuadCurve(to: CGPoint(x: 50, y: 50), control: CGPoint(x: 60, y: 30))
        path.addCurve(to: CGPoint(x: 10, y: 50), control1: CGPoint(x: 40, y: 60), control2: CGPoint(x: 20, y: 60))
        path.closeSubpath()
        #expect(outline(path) == ["move (10.0, 10.0)", "line (50.0, 10.0)", "quad (50.0, 50.0)", "curve (10.0, 50.0)", "close"])
        #expect(path.currentPoint == CGPoint(x: 10, y: 10))
        #expect(path.boundingBox == CGRect(x: 10, y: 10, width: 50, height: 50))
        #expect(CGMutablePath().isEmpty && CGMutablePath().currentPoint == .zero)
    }

    @Test func transformsApplyToThePointsAdded() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 10, height: 20), transform: CGAffineTransform(translationX: 5, y: 7))
        #expect(outline(path) == ["move (5.0, 7.0)", "line (15.0, 7.0)", "line (15.0, 27.0)", "line (5.0, 27.0)", "close"])
        var scale = CGAffineTransform(scaleX: 2, y: 3)
        let scaled = CGPath(rect: CGRect(x: 1, y: 1, width: 1, height: 1), transform: &scale)
        #expect(scaled.boundingBox == CGRect(x: 2, y: 3, width: 2, height: 3))
        #expect(CGPath(rect: CGRect(x: 1, y: 1, width: 1, height: 1), transform: nil).boundingBox == CGRect(x: 1, y: 1, width: 1, height: 1))
        // An arc added through a translation starts at the translated start and is joined
        // to the current point by a line, as CGPath joins arcs.
        let arc = CGMutablePath()
        arc.move(to: CGPoint(x: 0, y: 0))
        arc.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false,
                   transform: CGAffineTransform(translationX: 100, y: 0))
        #expect(Array(outline(arc).prefix(3)) == ["move (0.0, 0.0)", "line (110.0, 0.0)", "curve (100.0, 10.0)"])
    }

    /// CGPath's `clockwise` is decreasing angle; UIBezierPath's is increasing (clockwise as
    /// seen on the y-down screen). From 0 to pi/2 one is a quarter turn, the other three.
    @Test func arcsTurnTheWayEachAPISays() {
        let cg = CGMutablePath()
        cg.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(outline(cg).filter { $0.hasPrefix("curve") }.count == 3)
        let quarter = CGMutablePath()
        quarter.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(outline(quarter) == ["move (10.0, 0.0)", "curve (0.0, 10.0)"])
    }

    @Test func aShapeLayerHasCoreAnimationsDefaults() {
        let shape = CAShapeLayer()
        #expect(shape.path == nil)
        #expect(shape.fillColor == CGColor(gray: 0, alpha: 1))
        #expect(shape.strokeColor == nil)
        #expect(shape.lineWidth == 1 && shape.miterLimit == 10 && shape.lineDashPhase == 0)
        #expect(shape.lineCap == .butt && shape.lineJoin == .miter && shape.fillRule == .nonZero)
        #expect(shape.strokeStart == 0 && shape.strokeEnd == 1 && shape.lineDashPattern == nil)
        // iOS's string constants.
        #expect(CAShapeLayerFillRule.evenOdd.rawValue == "even-odd" && CAShapeLayerLineCap.round.rawValue == "round")
    }

    @Test func aShapeLayerKeepsWhatItIsGiven() {
        let shape = CAShapeLayer()
        let ring = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil)
        shape.path = ring
        shape.fillColor = nil
        shape.strokeColor = CGColor(red: 0, green: 0.5, blue: 1, alpha: 1)
        shape.lineWidth = 4
        shape.lineCap = .round
        shape.lineJoin = .bevel
        shape.fillRule = .evenOdd
        shape.lineDashPattern = [6, 3]
        shape.strokeEnd = 0.25
        #expect(shape.path == ring && shape.fillColor == nil)
        #expect(shape.lineWidth == 4 && shape.lineCap == .round && shape.lineJoin == .bevel && shape.fillRule == .evenOdd)
        #expect(shape.lineDashPattern == [6, 3] && shape.strokeEnd == 0.25)
        // A sublayer comes back as a CAShapeLayer from a presentation.
        let root = CALayer()
        root.addSublayer(shape)
        #expect(root.presentation()?.sublayers?.first is CAShapeLayer)
    }

    /// A progress ring: strokeEnd from 0 to 1 over 2 s, linear: 0.25 at 0.5 s.
    @Test func strokeEndAndPathAnimate() {
        let root = CALayer()
        let ring = CAShapeLayer()
        ring.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil)
        root.addSublayer(ring)
        let grow = CABasicAnimation(keyPath: "strokeEnd")
        grow.fromValue = 0
        grow.toValue = 1
        grow.duration = 2
        grow.timingFunction = CAMediaTimingFunction(name: .linear)
        ring.add(grow, forKey: "progress")
        let morph = CABasicAnimation(keyPath: "path")
        morph.fromValue = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        morph.toValue = CGPath(rect: CGRect(x: 0, y: 0, width: 30, height: 50), transform: nil)
        morph.duration = 1
        morph.timingFunction = CAMediaTimingFunction(name: .linear)
        ring.add(morph, forKey: "morph")
        advanceClock(of: root, to: 0.5)
        let now = ring.presentation()
        #expect(now?.strokeEnd == 0.25)
        #expect(now?.path?.boundingBox == CGRect(x: 0, y: 0, width: 20, height: 30))
    }
}
