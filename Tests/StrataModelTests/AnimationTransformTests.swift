import Foundation
import Testing
@testable import StrataModel

private func close(_ a: Transform3D, _ b: Transform3D, _ tol: Double = 1e-9) -> Bool {
    zip(a.elements, b.elements).allSatisfy { abs($0 - $1) <= tol }
}

private func near(_ a: Double, _ b: Double, _ tol: Double = 1e-9) -> Bool { abs(a - b) <= tol }

@Suite struct AnimationTransformTests {
    static var carouselPlane: Transform3D {
        var t = Transform3D.identity
        t.m34 = -1.0 / 1000
        return t.rotated(Transform3D.degrees(30), 0, 1, 0).translated(0, 0, 250)
    }

    @Test func decompositionRecomposes() {
        var skewed = Transform3D.identity
        skewed.m21 = 0.4
        let cases: [Transform3D] = [
            .identity,
            Self.carouselPlane,
            Transform3D.makeScale(2, 3, 1).rotated(0.7, 0, 0, 1).translated(10, -4, 0),
            Transform3D.makeRotation(1.1, 1, 2, 3).scaled(1.5, 0.5, 2).translated(3, 4, 5),
            skewed.concatenating(.makeRotation(0.3, 0, 0, 1)),
            Transform3D.makeScale(-1, 1, 1).translated(5, 0, 0),
            Transform3D.makeScale(0, 0, 1).translated(5, 6, 0),
        ]
        for m in cases {
            #expect(close(DecomposedTransform(m).transform, m), "\(m)")
        }
    }

    @Test func interpolationIsRigid() {
        let quarter = Transform3D.makeRotation(.pi / 2, 0, 0, 1)
        let mid = AnimationValue.transform(.identity).interpolated(to: .transform(quarter), fraction: 0.5)
        // A 45° turn, not the 0.5-scaled average of the matrices.
        #expect(close(mid.transformValue!, .makeRotation(.pi / 4, 0, 0, 1)))
        // Translation and scale interpolate linearly alongside.
        let a = Transform3D.makeScale(1, 1, 1), b = Transform3D.makeScale(3, 5, 1).translated(10, 20, 0)
        let half = AnimationValue.transform(a).interpolated(to: .transform(b), fraction: 0.5).transformValue!
        // b translates by (10, 20) and then scales by (3, 5): its translation row is (30, 100).
        #expect(near(half.m11, 2) && near(half.m22, 3) && near(half.m41, 15) && near(half.m42, 50))
        // The carousel's plane halfway between two turns is the plane at the mean angle.
        var p0 = Transform3D.identity, p1 = Transform3D.identity
        p0.m34 = -0.001; p1.m34 = -0.001
        p0 = p0.rotated(Transform3D.degrees(0), 0, 1, 0).translated(0, 0, 250)
        p1 = p1.rotated(Transform3D.degrees(60), 0, 1, 0).translated(0, 0, 250)
        var expected = Transform3D.identity
        expected.m34 = -0.001
        expected = expected.rotated(Transform3D.degrees(30), 0, 1, 0).translated(0, 0, 250)
        let between = AnimationValue.transform(p0).interpolated(to: .transform(p1), fraction: 0.5).transformValue!
        // The translation part is linear (the chord, not the arc), as Core Animation does.
        #expect(near(between.m11, expected.m11, 1e-9) && near(between.m13, expected.m13, 1e-9))
    }

    @Test func subPathsReadTheDecomposition() {
        let layer = Layer()
        // Scale first, then turn, then move: the decomposition's own order.
        layer.transform = Transform3D.makeScale(2, 3, 1).concatenating(.makeRotation(0.3, 0, 0, 1))
            .concatenating(.makeTranslation(10, 20, 5))
        #expect(near(layer.animatableValue(forKeyPath: "transform.rotation.z")!.doubleValue!, 0.3))
        #expect(near(layer.animatableValue(forKeyPath: "transform.rotation")!.doubleValue!, 0.3))
        #expect(near(layer.animatableValue(forKeyPath: "transform.scale.x")!.doubleValue!, 2))
        #expect(near(layer.animatableValue(forKeyPath: "transform.scale.y")!.doubleValue!, 3))
        #expect(near(layer.animatableValue(forKeyPath: "transform.scale")!.doubleValue!, 2))
        let t = layer.transform
        #expect(layer.animatableValue(forKeyPath: "transform.translation.x") == .double(t.m41))
        #expect(layer.animatableValue(forKeyPath: "transform.translation") == .size(Size(t.m41, t.m42)))
        #expect(layer.animatableValue(forKeyPath: "transform.nonsense") == nil)

        // Euler angles round-trip (x first, then y, then z).
        for (x, y, z) in [(0.3, 0.0, 0.0), (0.0, -0.8, 0.0), (0.2, 0.5, -1.2), (1.0, 1.2, 2.5)] {
            var d = DecomposedTransform()
            d.eulerAngles = (x, y, z)
            let e = d.eulerAngles
            #expect(near(e.x, x) && near(e.y, y) && near(e.z, z), "\(x) \(y) \(z)")
            let m = Transform3D.makeRotation(x, 1, 0, 0).concatenating(.makeRotation(y, 0, 1, 0))
                .concatenating(.makeRotation(z, 0, 0, 1))
            #expect(close(d.transform, m))
        }
    }

    @Test func subPathAnimations() throws {
        let layer = Layer()
        layer.transform = .makeTranslation(5, 0, 0)
        var spin = BasicAnimation(keyPath: "transform.rotation.z", fromValue: 0, toValue: .double(2 * .pi))
        spin.duration = 1
        try layer.add(spin, forKey: "spin")
        // Half a turn at the halfway point: through the angle, not through the matrices
        // (identity to identity would not move).
        let half = layer.presentation(at: 0.5).transform
        #expect(close(half, Transform3D.makeRotation(.pi, 0, 0, 1).concatenating(.makeTranslation(5, 0, 0))))

        let popper = Layer()
        var pop = BasicAnimation(keyPath: "transform.scale", fromValue: 0, toValue: 1)
        pop.duration = 1
        try popper.add(pop, forKey: "pop")
        #expect(close(popper.presentation(at: 0.5).transform, .makeScale(0.5, 0.5, 0.5)))
        #expect(close(popper.presentation(at: 0).transform, .makeScale(0, 0, 0)))

        // Translation sub-paths of a matrix without perspective write m41... exactly.
        let mover = Layer()
        mover.transform = Transform3D.makeRotation(0.4, 0, 0, 1).translated(1, 2, 3)
        var x = BasicAnimation(keyPath: "transform.translation.x", fromValue: 0, toValue: 10)
        x.duration = 1
        try mover.add(x, forKey: "x")
        var expected = mover.transform
        expected.m41 = 2.5
        #expect(mover.presentation(at: 0.25).transform == expected)

        // Whole-transform animation.
        let turner = Layer()
        var turn = BasicAnimation(keyPath: "transform", fromValue: .transform(.identity),
                                  toValue: .transform(.makeRotation(.pi / 2, 0, 0, 1)))
        turn.duration = 1
        try turner.add(turn, forKey: "t")
        #expect(close(turner.presentation(at: 0.5).transform, .makeRotation(.pi / 4, 0, 0, 1)))
    }

    @Test func sublayerTransformSubPaths() throws {
        let layer = Layer()
        var a = BasicAnimation(keyPath: "sublayerTransform.translation.y", fromValue: 0, toValue: 8)
        a.duration = 1
        try layer.add(a, forKey: "a")
        #expect(layer.presentation(at: 0.5).sublayerTransform == .makeTranslation(0, 4, 0))
    }
}
