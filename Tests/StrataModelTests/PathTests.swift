import Foundation
import Testing
@testable import StrataModel

private func near(_ a: Double, _ b: Double, _ tol: Double = 1e-9) -> Bool { abs(a - b) <= tol }
private func near(_ a: Point, _ b: Point, _ tol: Double = 1e-9) -> Bool { near(a.x, b.x, tol) && near(a.y, b.y, tol) }

@Suite struct PathTests {
    @Test func rectWindsFromTheOriginAlongX() {
        let p = Path.rect(Rect(x: 10, y: 20, width: 30, height: 40))
        #expect(p.elements == [.move(to: Point(10, 20)), .line(to: Point(40, 20)), .line(to: Point(40, 60)),
                               .line(to: Point(10, 60)), .closeSubpath])
        #expect(p.currentPoint == Point(10, 20))
        #expect(p.boundingBox == Rect(x: 10, y: 20, width: 30, height: 40))
        // Perimeter 2 * (30 + 40), the closing segment included.
        #expect(near(p.length(), 140))
    }

    @Test func ellipseIsFourQuarterCubicsOnTheCircle() {
        let p = Path.ellipse(in: Rect(x: 0, y: 0, width: 20, height: 20))
        #expect(p.structure == [0, 3, 3, 3, 3, 4])
        #expect(p.elements[0] == .move(to: Point(20, 10)))
        // The first quarter ends at the bottom (y down: angle pi/2 is +y).
        guard case .curve(let end, let c1, _) = p.elements[1] else { Issue.record("not a curve"); return }
        #expect(near(end, Point(10, 20)))
        // Control arm 4/3 tan(pi/8) * r = 0.5523 * 10, straight down from the start.
        #expect(near(c1, Point(20, 10 + 10 * 4 / 3 * tan(Double.pi / 8))))
        // Circumference 2 pi r within the flattening tolerance.
        #expect(near(p.length(tolerance: 0.001), 2 * .pi * 10, 0.01))
    }

    @Test func arcDirectionIsCGPaths() {
        // Counterclockwise in CGPath's terms (increasing angle) from 0 to pi/2: ends at +y.
        var a = Path()
        a.addArc(center: Point(0, 0), radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(a.structure == [0, 3])
        #expect(near(a.currentPoint!, Point(0, 10)))
        // Clockwise from 0 to pi/2 goes the long way round: three quarters.
        var b = Path()
        b.addArc(center: Point(0, 0), radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(b.structure == [0, 3, 3, 3])
        #expect(near(b.length(tolerance: 0.001), 1.5 * .pi * 10, 0.01))
        // A line joins the current point to the arc's start.
        var c = Path()
        c.move(to: Point(-5, 0))
        c.addArc(center: Point(0, 0), radius: 10, startAngle: 0, endAngle: .pi, clockwise: false)
        #expect(c.elements[1] == .line(to: Point(10, 0)))
    }

    @Test func arcToTangentsMeetsBothLines() {
        // A corner at (10, 0) between (0, 0) and (10, 10), radius 5: tangent points (5, 0)
        // and (10, 5), centre (5, 5).
        var p = Path()
        p.move(to: Point(0, 0))
        p.addArc(tangent1End: Point(10, 0), tangent2End: Point(10, 10), radius: 5)
        guard case .line(let s) = p.elements[1] else { Issue.record("not a line"); return }
        #expect(near(s, Point(5, 0), 1e-12))
        #expect(near(p.currentPoint!, Point(10, 5), 1e-12))
        // The quarter cubic runs about 0.02% longer than the true arc.
        #expect(near(p.length(tolerance: 0.0001), 5 + 2.5 * .pi, 0.003))
        // Collinear: just a line to the first tangent's end.
        var q = Path()
        q.move(to: Point(0, 0))
        q.addArc(tangent1End: Point(10, 0), tangent2End: Point(20, 0), radius: 5)
        #expect(q.elements.last == .line(to: Point(10, 0)))
    }

    @Test func roundedRectLengthAndClamping() {
        let p = Path.roundedRect(Rect(x: 0, y: 0, width: 40, height: 20), cornerWidth: 5, cornerHeight: 5)
        // Straight sides 30 + 10 + 30 + 10, four quarter circles of radius 5.
        // (Each quarter cubic runs about 0.02% longer than the true arc.)
        #expect(near(p.length(tolerance: 0.0001), 80 + 10 * .pi, 0.01))
        // Radii of half the height: a stadium of two half circles.
        let s = Path.roundedRect(Rect(x: 0, y: 0, width: 40, height: 20), cornerWidth: 10, cornerHeight: 10)
        #expect(near(s.length(tolerance: 0.0001), 40 + 10 * 2 * .pi, 0.01))
        // Larger radii are clamped to half of each side apart: the inscribed ellipse.
        let e = Path.roundedRect(Rect(x: 0, y: 0, width: 40, height: 20), cornerWidth: 50, cornerHeight: 50)
        #expect(near(e.length(tolerance: 0.0001), Path.ellipse(in: Rect(x: 0, y: 0, width: 40, height: 20)).length(tolerance: 0.0001), 1e-6))
    }

    @Test func quadCurvesFlattenOntoTheCurve() {
        var p = Path()
        p.move(to: Point(0, 0))
        p.addQuadCurve(to: Point(20, 0), control: Point(10, 20))
        let line = p.flattened(tolerance: 0.01)
        #expect(line.count == 1 && !line[0].isClosed)
        // The curve's apex, at t = 1/2: (10, 10).
        let apex = line[0].points.max { $0.y < $1.y }!
        #expect(near(apex.y, 10, 0.01))
        #expect(line[0].points.last == Point(20, 0))
    }

    @Test func transformedCopyMovesEveryPoint() {
        let p = Path.rect(Rect(x: 0, y: 0, width: 10, height: 10))
        let t = Transform3D.makeScale(2, 3, 1).concatenating(.makeTranslation(5, 7, 0))
        let q = p.applying(t)
        #expect(q.boundingBox == Rect(x: 5, y: 7, width: 20, height: 30))
        #expect(q.structure == p.structure)
    }

    @Test func trimmingByArcLength() {
        // A 10 x 10 square (length 40): 0.25...0.75 is the right side's end to the left side's start.
        let p = Path.rect(Rect(x: 0, y: 0, width: 10, height: 10))
        let t = p.trimmed(from: 0.25, to: 0.75)
        #expect(t.count == 1)
        #expect(t[0].points == [Point(10, 0), Point(10, 10), Point(0, 10)])
        #expect(!t[0].isClosed && near(t[0].length, 20))
        // The first 10% of the length: 4 points along the top.
        #expect(p.trimmed(from: 0, to: 0.1)[0].points == [Point(0, 0), Point(4, 0)])
        // Untrimmed keeps the subpath closed; an empty range draws nothing.
        #expect(p.trimmed(from: 0, to: 1)[0].isClosed)
        #expect(p.trimmed(from: 0.5, to: 0.5).isEmpty)
        // Two subpaths end to end: half of (10 + 30) is 20, ten into the second line.
        var two = Path()
        two.addLines(between: [Point(0, 0), Point(10, 0)])
        two.addLines(between: [Point(0, 5), Point(30, 5)])
        let half = two.trimmed(from: 0, to: 0.5)
        #expect(half.count == 2 && half[1].points == [Point(0, 5), Point(10, 5)])
    }
}

@Suite struct ShapeLayerTests {
    @Test func defaultsAreCAShapeLayers() {
        let s = ShapeLayer()
        #expect(s.path == nil && s.fillColor == .black && s.strokeColor == nil)
        #expect(s.fillRule == .nonZero && s.lineWidth == 1 && s.lineCap == .butt && s.lineJoin == .miter)
        #expect(s.miterLimit == 10 && s.lineDashPattern == nil && s.lineDashPhase == 0)
        #expect(s.strokeStart == 0 && s.strokeEnd == 1)
        #expect(!s.drawsOwnContent)
        s.path = .rect(Rect(x: 0, y: 0, width: 4, height: 4))
        #expect(s.drawsOwnContent)
        s.fillColor = nil
        #expect(!s.drawsOwnContent)
        s.strokeColor = .black
        #expect(s.drawsOwnContent)
        s.strokeEnd = 0
        #expect(!s.drawsOwnContent)
    }

    @Test func strokeEndAnimatesAProgressRing() throws {
        let s = ShapeLayer()
        s.path = .ellipse(in: Rect(x: 0, y: 0, width: 40, height: 40))
        var a = BasicAnimation(keyPath: "strokeEnd", fromValue: 0, toValue: 1)
        a.duration = 2
        try s.add(a, forKey: "progress")
        let seen = s.presentation(at: 0.5) as! ShapeLayer
        #expect(near(seen.strokeEnd, 0.25))
        #expect(seen.path == s.path && s.strokeEnd == 1)
    }

    @Test func pathAnimatesPointByPointWithinOneStructure() throws {
        let s = ShapeLayer()
        let from = Path.rect(Rect(x: 0, y: 0, width: 10, height: 10))
        let to = Path.rect(Rect(x: 10, y: 20, width: 30, height: 10))
        s.path = to
        var a = BasicAnimation(keyPath: "path", fromValue: .path(from), toValue: .path(to))
        a.duration = 1
        try s.add(a, forKey: "morph")
        let seen = s.presentation(at: 0.5) as! ShapeLayer
        #expect(seen.path == .rect(Rect(x: 5, y: 10, width: 20, height: 10)))
        // Different structures switch at the halfway point instead.
        let circle = Path.ellipse(in: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(AnimationValue.path(from).interpolated(to: .path(circle), fraction: 0.4) == .path(from))
        #expect(AnimationValue.path(from).interpolated(to: .path(circle), fraction: 0.6) == .path(circle))
    }

    @Test func presentationCopiesCarryEveryProperty() {
        let s = ShapeLayer()
        s.path = .rect(Rect(x: 0, y: 0, width: 3, height: 3))
        s.fillRule = .evenOdd; s.strokeColor = .white; s.lineWidth = 4; s.lineCap = .round
        s.lineJoin = .bevel; s.miterLimit = 2; s.lineDashPattern = [3, 1]; s.lineDashPhase = 1
        s.strokeStart = 0.1; s.strokeEnd = 0.9; s.fillColor = nil
        let c = s.presentation(at: 0) as! ShapeLayer
        #expect(c.path == s.path && c.fillRule == .evenOdd && c.strokeColor == .white && c.lineWidth == 4)
        #expect(c.lineCap == .round && c.lineJoin == .bevel && c.miterLimit == 2 && c.lineDashPattern == [3, 1])
        #expect(c.lineDashPhase == 1 && c.strokeStart == 0.1 && c.strokeEnd == 0.9 && c.fillColor == nil)
    }
}
