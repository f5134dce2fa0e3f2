import Foundation
import Testing
@testable import StrataModel
@testable import StrataSceneFile

@Suite struct SVGPathDataTests {
    @Test func absoluteAndRelativeLinesAndClose() throws {
        let p = try SVGPathData.parse("M10,20 L40 20 v40 H10 z")
        #expect(p == .rect(Rect(x: 10, y: 20, width: 30, height: 40)))
        let r = try SVGPathData.parse("m10 20 l30 0 0 40 h-30 Z")
        #expect(r == p)
        // Pairs after a move are lines.
        #expect(try SVGPathData.parse("M0 0 5 5 1e1-2").elements == [.move(to: Point(0, 0)), .line(to: Point(5, 5)), .line(to: Point(10, -2))])
    }

    @Test func curvesAndTheirSmoothForms() throws {
        let p = try SVGPathData.parse("M0 0 C0 10 10 10 10 0 S20 -10 20 0 Q25 10 30 0 t10 0")
        #expect(p.elements[1] == .curve(to: Point(10, 0), control1: Point(0, 10), control2: Point(10, 10)))
        // S reflects the last control point about the current point.
        #expect(p.elements[2] == .curve(to: Point(20, 0), control1: Point(10, -10), control2: Point(20, -10)))
        #expect(p.elements[3] == .quadCurve(to: Point(30, 0), control: Point(25, 10)))
        // t reflects Q's control: (35, -10).
        #expect(p.elements[4] == .quadCurve(to: Point(40, 0), control: Point(35, -10)))
    }

    @Test func arcsReachTheirEndOnTheCircle() throws {
        // A half circle of radius 10 from (0, 10) to (20, 10), sweep 1 (clockwise on a
        // y-down screen): through the top, (10, 0).
        let p = try SVGPathData.parse("M0 10 A10 10 0 0 1 20 10")
        #expect(p.currentPoint.map { abs($0.x - 20) < 1e-9 && abs($0.y - 10) < 1e-9 } == true)
        let top = p.flattened(tolerance: 0.001)[0].points.min { $0.y < $1.y }!
        #expect(abs(top.y - 0) < 0.01 && abs(top.x - 10) < 0.01)
        #expect(abs(p.length(tolerance: 0.0001) - 10 * .pi) < 0.01)
        // Radii too small are scaled up; a zero radius is a line.
        #expect(try SVGPathData.parse("M0 0 a1 1 0 0 0 20 0").currentPoint!.x.distance(to: 20) < 1e-9)
        #expect(try SVGPathData.parse("M0 0 A0 5 0 0 0 20 0").elements.last == .line(to: Point(20, 0)))
    }

    @Test func errorsNameTheCharacterAndTheReason() {
        func message(_ s: String) -> String? {
            do { _ = try SVGPathData.parse(s); return nil } catch { return "\(error)" }
        }
        #expect(message("L0 0") == "path data, character 1: path data starts with M or m")
        #expect(message("M0 0 X") == "path data, character 6: expected a command (M L H V C S Q T A Z), got \"X\"")
        #expect(message("M0 0 L5") == "path data, character 8: expected a number")
        #expect(message("M0 0 A5 5 0 2 0 1 1") == "path data, character 13: expected an arc flag, 0 or 1")
        #expect(message("M0 0 L1e 2") == "path data, character 9: expected the exponent's digits")
    }
}
