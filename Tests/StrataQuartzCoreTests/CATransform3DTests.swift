#if canImport(QuartzCore)
import QuartzCore
#else
import StrataQuartzCore
#endif
import Testing

@Suite struct CATransform3DTests {
    @Test func makeFunctionsGiveTheMatricesCoreAnimationDocuments() {
        let t = CATransform3DMakeTranslation(3, 4, 5)
        #expect(t.m41 == 3 && t.m42 == 4 && t.m43 == 5 && t.m11 == 1 && t.m44 == 1)
        let s = CATransform3DMakeScale(2, 3, 4)
        #expect(s.m11 == 2 && s.m22 == 3 && s.m33 == 4 && s.m41 == 0)
        // A quarter turn about z: row 1 (x axis) becomes (0, 1), row 2 (y axis) (-1, 0).
        let r = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        #expect(abs(r.m11) < 1e-15 && r.m12 == 1 && r.m21 == -1 && abs(r.m22) < 1e-15 && r.m33 == 1)
        #expect(CATransform3DIsIdentity(CATransform3DMakeRotation(1, 0, 0, 0)))
        #expect(CATransform3DIsIdentity(CATransform3DIdentity))
        // As on iOS, the C struct's empty initializer is all zeros, not the identity.
        #expect(CATransform3D().m11 == 0 && CATransform3D().m44 == 0 && CGAffineTransform().a == 0)
        #expect(!CATransform3DIsIdentity(t))
    }

    @Test func composedFunctionsApplyTheNewStepFirst() {
        // Translate(Scale(2), 10, 0, 0) moves first, then scales: m41 = 10 * 2.
        let t = CATransform3DTranslate(CATransform3DMakeScale(2, 2, 1), 10, 0, 0)
        #expect(t.m11 == 2 && t.m41 == 20)
        // Scale(Translate(10), 2) scales first: the translation stays 10.
        let u = CATransform3DScale(CATransform3DMakeTranslation(10, 0, 0), 2, 2, 1)
        #expect(u.m11 == 2 && u.m41 == 10)
        #expect(CATransform3DEqualToTransform(CATransform3DConcat(CATransform3DMakeScale(2, 2, 1), CATransform3DMakeTranslation(10, 0, 0)), u))
        // A card flip: perspective m34 = -1/500, then rotated 60 degrees about y.
        var flip = CATransform3DIdentity
        flip.m34 = -1.0 / 500
        flip = CATransform3DRotate(flip, .pi / 3, 0, 1, 0)
        let c = cos(CGFloat.pi / 3), s = sin(CGFloat.pi / 3)
        #expect(abs(flip.m11 - c) < 1e-12 && abs(flip.m13 + s) < 1e-12 && abs(flip.m14 - s / 500) < 1e-12)
        #expect(abs(flip.m31 - s) < 1e-12 && abs(flip.m34 + c / 500) < 1e-12 && flip.m44 == 1)
    }

    @Test func invertUndoesAndASingularMatrixComesBackUnchanged() {
        let t = CATransform3DRotate(CATransform3DMakeTranslation(5, -7, 2), 0.3, 1, 1, 0)
        let product = CATransform3DConcat(t, CATransform3DInvert(t))
        let elements = [product.m11, product.m12, product.m13, product.m14, product.m21, product.m22, product.m23, product.m24,
                        product.m31, product.m32, product.m33, product.m34, product.m41, product.m42, product.m43, product.m44]
        let identity: [CGFloat] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
        #expect(zip(elements, identity).allSatisfy { abs($0 - $1) < 1e-12 })
        let flat = CATransform3DMakeScale(1, 0, 1)
        #expect(CATransform3DEqualToTransform(CATransform3DInvert(flat), flat))
    }

    @Test func affineTransformsRoundTrip() {
        let a = CGAffineTransform(translationX: 10, y: 20).rotated(by: .pi / 2).scaledBy(x: 2, y: 1)
        // Scale first, then rotate, then translate: (1, 0) -> (2, 0) -> (0, 2) -> (10, 22).
        let p = CGPoint(x: 1, y: 0).applying(a)
        #expect(abs(p.x - 10) < 1e-12 && abs(p.y - 22) < 1e-12)
        let back = CGPoint(x: 10, y: 22).applying(a.inverted())
        #expect(abs(back.x - 1) < 1e-12 && abs(back.y) < 1e-12)
        let t = CATransform3DMakeAffineTransform(a)
        #expect(CATransform3DIsAffine(t) && CATransform3DGetAffineTransform(t) == a)
        #expect(CGAffineTransform.identity.isIdentity && !a.isIdentity)
        #expect(CGAffineTransform(scaleX: 2, y: 2).concatenating(CGAffineTransform(translationX: 1, y: 0)).tx == 1)
    }

    @Test func colorsKeepTheirComponents() {
        let gray = CGColor(gray: 0.5, alpha: 1)
        #expect(gray.components == [0.5, 1] && gray.alpha == 1)
        #expect(gray.copy(alpha: 0.25)?.components == [0.5, 0.25])
        let red = CGColor(red: 1, green: 0.5, blue: 0, alpha: 0.8)
        #expect(red.copy(alpha: 0.4)?.components == [1, 0.5, 0, 0.4])
    }
}
