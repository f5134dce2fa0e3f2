#if canImport(QuartzCore)
import QuartzCore
#else
import StrataQuartzCore
#endif
import StrataModel
import Testing

/// CALayer's `mask`, `maskedCorners` (CACornerMask) and `cornerCurve` (CALayerCornerCurve)
/// as iOS code sets them, reaching the engine's layer.
@Suite struct MaskAndCornerCodeTests {
    @Test func cornersReachTheEngine() {
        let card = CALayer()
        #expect(card.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner])
        #expect(card.cornerCurve == .circular)
        card.cornerRadius = 16
        card.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
        card.cornerCurve = .continuous
        #expect(card.strataLayer.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMinYCorner])
        #expect(card.strataLayer.cornerCurve == .continuous)
        #expect(card.maskedCorners.rawValue == 3 && card.cornerCurve.rawValue == "continuous")
    }

    @Test func aMaskIsGivenBackAndHasNoSuperlayer() {
        let card = CALayer(), shine = CAGradientLayer()
        card.mask = shine
        #expect(card.mask === shine)
        #expect(shine.superlayer == nil && card.sublayers == nil)
        #expect(card.strataLayer.mask === shine.strataLayer)
        card.mask = nil
        #expect(card.mask == nil && card.strataLayer.mask == nil)
    }

    /// A presentation's mask is the mask as presented: its animated locations.
    @Test func aPresentationsMaskIsPresentedToo() throws {
        let root = CALayer(), card = CALayer(), shine = CAGradientLayer()
        root.addSublayer(card)
        shine.colors = [CGColor(gray: 0, alpha: 0), CGColor(gray: 0, alpha: 1)]
        shine.locations = [0, 1]
        card.mask = shine
        let move = CABasicAnimation(keyPath: "locations")
        move.fromValue = [0, 0.5]
        move.toValue = [0.5, 1]
        move.duration = 1
        move.timingFunction = CAMediaTimingFunction(name: .linear)
        shine.add(move, forKey: "move")
        let presented = root.strataLayer.presentation(at: 0.5).sublayers[0].mask as? GradientLayer
        #expect(presented?.locations == [0.25, 0.75])
    }
}
