import Foundation
import Testing
@testable import StrataModel

private func close(_ a: Double, _ b: Double, _ tol: Double = 1e-9) -> Bool { abs(a - b) <= tol }
private func close(_ a: Transform3D, _ b: Transform3D, _ tol: Double = 1e-9) -> Bool {
    zip(a.elements, b.elements).allSatisfy { close($0, $1, tol) }
}

@Suite struct Transform3DTests {
    @Test func identityIsIdentity() {
        #expect(Transform3D.identity.isIdentity)
        #expect(!Transform3D.makeTranslation(1, 0, 0).isIdentity)
        let p = Transform3D.identity.apply(x: 3, y: 4, z: 5)
        #expect(p == Vector4(3, 4, 5, 1))
    }

    @Test func translationLivesInTheFourthRow() {
        let t = Transform3D.makeTranslation(10, 20, 30)
        #expect(t.m41 == 10 && t.m42 == 20 && t.m43 == 30)
        #expect(t.apply(x: 1, y: 2, z: 3) == Vector4(11, 22, 33, 1))
    }

    @Test func rotationAboutZTurnsXTowardY() {
        // CATransform3DMakeRotation(pi/2, 0, 0, 1): m11 = cos = 0, m12 = sin = 1, m21 = -1.
        let r = Transform3D.makeRotation(.pi / 2, 0, 0, 1)
        #expect(close(r.m11, 0) && close(r.m12, 1) && close(r.m21, -1) && close(r.m22, 0))
        let p = r.apply(x: 1, y: 0)
        #expect(close(p.x, 0) && close(p.y, 1))
    }

    @Test func rotationAboutYMovesFrontPointsRight() {
        // (0, 0, 250) turned 90 degrees about y lands on (250, 0, 0): x' = z sin a.
        let r = Transform3D.makeRotation(.pi / 2, 0, 1, 0)
        let p = r.apply(x: 0, y: 0, z: 250)
        #expect(close(p.x, 250) && close(p.y, 0) && close(p.z, 0))
    }

    @Test func zeroAxisRotationIsIdentity() {
        #expect(Transform3D.makeRotation(1, 0, 0, 0).isIdentity)
    }

    @Test func translatedAppliesTheNewOperationFirst() {
        // CATransform3DTranslate(R, 0, 0, 250) = T x R: the point moves out along z, then turns.
        let r = Transform3D.makeRotation(.pi / 2, 0, 1, 0)
        let t = r.translated(0, 0, 250)
        #expect(close(t, Transform3D.makeTranslation(0, 0, 250).concatenating(r)))
        let p = t.apply(x: 0, y: 0)
        #expect(close(p.x, 250) && close(p.z, 0))
        // Scale first, then translate: the translation is not scaled.
        let s = Transform3D.makeTranslation(5, 0, 0).scaled(2, 2, 1)
        #expect(close(s.apply(x: 1, y: 1).x, 7) && close(s.apply(x: 1, y: 1).y, 2))
        let rt = Transform3D.makeTranslation(10, 0, 0).rotated(.pi, 0, 0, 1)
        #expect(close(rt.apply(x: 1, y: 0).x, 9, 1e-9))
    }

    @Test func concatenationOrderMatters() {
        let a = Transform3D.makeScale(2, 2, 2), b = Transform3D.makeTranslation(1, 0, 0)
        // a first, then b: (1,0,0) -> (2,0,0) -> (3,0,0)
        #expect(a.concatenating(b).apply(x: 1, y: 0).x == 3)
        // b first, then a: (1,0,0) -> (2,0,0) -> (4,0,0)
        #expect(b.concatenating(a).apply(x: 1, y: 0).x == 4)
    }

    @Test func inverseUndoesTheTransform() throws {
        var t = Transform3D.identity
        t.m34 = -1.0 / 1000
        t = t.rotated(0.7, 0.2, 1, 0.3).translated(3, -4, 250).scaled(1.5, 0.5, 2)
        let inv = try #require(t.inverted())
        #expect(close(t.concatenating(inv), .identity, 1e-9))
        #expect(close(inv.concatenating(t), .identity, 1e-9))
        #expect(Transform3D.makeScale(0, 1, 1).inverted() == nil)
    }

    @Test func perspectiveThroughM34() {
        // A point 250 pt toward the viewer with m34 = -1/1000: w = 0.75, so 4/3 larger.
        var p = Transform3D.identity
        p.m34 = -1.0 / 1000
        let v = Transform3D.makeTranslation(0, 0, 250).concatenating(p).apply(x: 100, y: 60)
        #expect(close(v.w, 0.75))
        #expect(close(v.x / v.w, 133.333333333, 1e-6) && close(v.y / v.w, 80))
    }

    @Test func flattenedDropsZOnly() {
        let t = Transform3D.makeRotation(0.5, 0, 1, 0).translated(0, 0, 100)
        let f = t.flattened
        let a = t.apply(x: 10, y: 20), b = f.apply(x: 10, y: 20)
        #expect(close(a.x, b.x) && close(a.y, b.y) && close(a.w, b.w) && b.z == 0)
    }
}
