import Testing
@testable import StrataModel

/// y at x on the Bézier (0,0) c1 c2 (1,1), by 200 bisection steps on t: an independent
/// reference for the solver's Newton-then-bisection.
private func referenceSolve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double) -> Double {
    func b(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
        3 * p1 * t * (1 - t) * (1 - t) + 3 * p2 * t * t * (1 - t) + t * t * t
    }
    var lo = 0.0, hi = 1.0
    for _ in 0..<200 {
        let mid = (lo + hi) / 2
        if b(x1, x2, mid) < x { lo = mid } else { hi = mid }
    }
    return b(y1, y2, (lo + hi) / 2)
}

@Suite struct AnimationTimingFunctionTests {
    @Test func namedCurvesHaveCoreAnimationsControlPoints() {
        #expect(TimingFunction.linear.c1 == Point(x: 0, y: 0) && TimingFunction.linear.c2 == Point(x: 1, y: 1))
        #expect(TimingFunction.easeIn.c1 == Point(x: 0.42, y: 0) && TimingFunction.easeIn.c2 == Point(x: 1, y: 1))
        #expect(TimingFunction.easeOut.c1 == Point(x: 0, y: 0) && TimingFunction.easeOut.c2 == Point(x: 0.58, y: 1))
        #expect(TimingFunction.easeInEaseOut.c1 == Point(x: 0.42, y: 0) && TimingFunction.easeInEaseOut.c2 == Point(x: 0.58, y: 1))
        #expect(TimingFunction.default.c1 == Point(x: 0.25, y: 0.1) && TimingFunction.default.c2 == Point(x: 0.25, y: 1))
        #expect(TimingFunction(name: .easeInEaseOut) == .easeInEaseOut)
        #expect(TimingFunction.easeIn.controlPoint(at: 0) == .zero)
        #expect(TimingFunction.easeIn.controlPoint(at: 3) == Point(x: 1, y: 1))
        #expect(TimingFunction.easeOut.description == "TimingFunction.easeOut")
    }

    @Test func knownValues() {
        // Symmetric about (0.5, 0.5).
        #expect(abs(TimingFunction.easeInEaseOut.solve(0.5) - 0.5) < 1e-6)
        // Computed by bisection to full precision: y(t) with x(t) = 0.5.
        #expect(abs(TimingFunction.easeIn.solve(0.5) - 0.315_356_812_572_539_4) < 1e-6)
        #expect(abs(TimingFunction.easeOut.solve(0.5) - 0.684_643_187_427_460_6) < 1e-6)
        #expect(abs(TimingFunction.default.solve(0.5) - 0.802_403_387_584_856_9) < 1e-6)
        #expect(abs(TimingFunction.easeInEaseOut.solve(0.225) - 0.104_038_008_268_464_27) < 1e-6)
        for x in stride(from: 0.0, through: 1.0, by: 0.125) {
            #expect(TimingFunction.linear.solve(x) == x)
        }
        // Ends are exact, and x outside 0...1 clamps.
        for f in [TimingFunction.easeIn, .easeOut, .easeInEaseOut, .default] {
            #expect(f.solve(0) == 0 && f.solve(1) == 1 && f.solve(-1) == 0 && f.solve(2) == 1)
        }
    }

    @Test func easeOutMirrorsEaseIn() {
        for x in stride(from: 0.05, to: 1.0, by: 0.05) {
            #expect(abs(TimingFunction.easeOut.solve(x) - (1 - TimingFunction.easeIn.solve(1 - x))) < 2e-6)
        }
    }

    @Test func customCurvesMatchAnIndependentReference() throws {
        // Ordinary, overshooting (y2 > 1, a "back" curve), and flat-start ones where
        // Newton's derivative vanishes and bisection has to take over.
        let curves: [(Double, Double, Double, Double)] = [
            (0.1, 0.7, 0.3, 1), (0.68, -0.55, 0.265, 1.55), (0, 0, 0, 1), (1, 0, 1, 1), (0.9, 0.1, 0.1, 0.9),
        ]
        for (x1, y1, x2, y2) in curves {
            let f = try TimingFunction(controlPoints: x1, y1, x2, y2)
            for x in [0.001, 0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99, 0.999] {
                let t = f.solveT(x, epsilon: 1e-6)
                #expect(abs(f.sampleX(t) - x) < 1e-6, "x(t) within 1e-6 for \(x1),\(y1),\(x2),\(y2) at \(x)")
                // y is off by at most |dy/dx| * 1e-6; these curves stay well under 1e-4.
                #expect(abs(f.solve(x) - referenceSolve(x1, y1, x2, y2, x)) < 1e-4)
            }
        }
    }

    @Test func controlPointsOutsideTheUnitSquareInXThrow() {
        #expect(throws: TimingFunction.Error.self) { try TimingFunction(controlPoints: -0.1, 0, 1, 1) }
        #expect(throws: TimingFunction.Error.self) { try TimingFunction(controlPoints: 0, 0, 1.2, 1) }
        #expect(throws: TimingFunction.Error.self) { try TimingFunction(controlPoints: 0, .nan, 1, 1) }
        #expect(throws: Never.self) { try TimingFunction(controlPoints: 0.5, -2, 0.5, 3) }
    }
}
