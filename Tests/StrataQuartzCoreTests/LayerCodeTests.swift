#if canImport(QuartzCore)
import QuartzCore
#else
import StrataQuartzCore
#endif
import Testing

// Written as iOS layer code is written: only public QuartzCore / Core Graphics API.

/// A layer that places its sublayers in layoutSublayers, as custom iOS layers do.
final class StackLayer: CALayer {
    var layoutCount = 0
    override func layoutSublayers() {
        super.layoutSublayers()
        layoutCount += 1
        var y: CGFloat = 0
        for sublayer in sublayers ?? [] {
            sublayer.frame = CGRect(x: 0, y: y, width: bounds.width, height: 10)
            y += 10
        }
    }
}

@Suite struct LayerCodeTests {
    @Test func aTreeKeepsItsSublayersInOrder() {
        let root = CALayer()
        let a = CALayer(), b = CALayer(), c = CALayer(), d = CALayer()
        a.name = "a"; b.name = "b"; c.name = "c"; d.name = "d"
        root.addSublayer(a)
        root.addSublayer(c)
        root.insertSublayer(b, below: c)
        root.insertSublayer(d, above: c)
        #expect(root.sublayers?.compactMap(\.name) == ["a", "b", "c", "d"])
        root.insertSublayer(d, at: 0)
        #expect(root.sublayers?.compactMap(\.name) == ["d", "a", "b", "c"])
        root.insertSublayer(d, below: c)
        #expect(root.sublayers?.compactMap(\.name) == ["a", "b", "d", "c"])
        root.insertSublayer(d, above: a)
        #expect(root.sublayers?.compactMap(\.name) == ["a", "d", "b", "c"])
        root.insertSublayer(d, at: 0)
        #expect(b.superlayer === root)
        b.removeFromSuperlayer()
        #expect(b.superlayer == nil)
        #expect(root.sublayers?.compactMap(\.name) == ["d", "a", "c"])
        let other = CALayer()
        other.addSublayer(a)
        #expect(root.sublayers?.compactMap(\.name) == ["d", "c"])
        #expect(a.superlayer === other)
    }

    @Test func propertiesTakeCoreGraphicsTypes() {
        let layer = CALayer()
        layer.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        #expect(layer.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(layer.position == CGPoint(x: 60, y: 45))
        layer.anchorPoint = CGPoint(x: 0, y: 0)
        #expect(layer.frame.origin == CGPoint(x: 60, y: 45))
        layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        #expect(layer.backgroundColor?.components == [1, 0, 0, 1])
        layer.opacity = 0.5
        layer.cornerRadius = 8
        layer.shadowOffset = CGSize(width: 0, height: 3)
        layer.shadowOpacity = 0.3
        #expect(layer.opacity == 0.5 && layer.cornerRadius == 8 && layer.shadowOpacity == 0.3)
        #expect(layer.shadowOffset == CGSize(width: 0, height: 3))
        layer.setAffineTransform(CGAffineTransform(scaleX: 2, y: 3))
        #expect(layer.affineTransform() == CGAffineTransform(scaleX: 2, y: 3))
        #expect(layer.transform.m11 == 2 && layer.transform.m22 == 3)
    }

    @Test func convertGoesThroughPositionsAndTransforms() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
        let card = CALayer()
        card.frame = CGRect(x: 100, y: 50, width: 40, height: 20)
        root.addSublayer(card)
        let badge = CALayer()
        badge.frame = CGRect(x: 5, y: 5, width: 10, height: 10)
        card.addSublayer(badge)
        #expect(badge.convert(CGPoint(x: 1, y: 2), to: root) == CGPoint(x: 106, y: 57))
        #expect(root.convert(CGPoint(x: 106, y: 57), to: badge) == CGPoint(x: 1, y: 2))
        #expect(badge.convert(CGPoint(x: 106, y: 57), from: root) == CGPoint(x: 1, y: 2))
        #expect(badge.convert(CGRect(x: 0, y: 0, width: 10, height: 10), to: nil) == CGRect(x: 105, y: 55, width: 10, height: 10))
        // Scaled 2x about its center (120, 60): local (0, 0) lands at (120 - 40, 60 - 20).
        card.transform = CATransform3DMakeScale(2, 2, 1)
        #expect(card.convert(CGPoint(x: 0, y: 0), to: root) == CGPoint(x: 80, y: 40))
    }

    @Test func hitTestFindsTheTopmostLayer() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        let back = CALayer(), front = CALayer()
        back.frame = CGRect(x: 10, y: 10, width: 100, height: 100)
        front.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        root.addSublayer(back)
        root.addSublayer(front)
        #expect(root.hitTest(CGPoint(x: 20, y: 20)) === back)
        #expect(root.hitTest(CGPoint(x: 60, y: 60)) === front)
        #expect(root.hitTest(CGPoint(x: 190, y: 20)) === root)
        #expect(root.hitTest(CGPoint(x: 250, y: 20)) == nil)
    }

    @Test func setNeedsLayoutRunsLayoutSublayersOnce() {
        let stack = StackLayer()
        stack.bounds = CGRect(x: 0, y: 0, width: 50, height: 100)
        stack.addSublayer(CALayer())
        stack.addSublayer(CALayer())
        stack.layoutIfNeeded()
        stack.layoutIfNeeded()
        #expect(stack.layoutCount == 1)
        #expect(stack.sublayers?[1].frame == CGRect(x: 0, y: 10, width: 50, height: 10))
        stack.setNeedsLayout()
        stack.layoutIfNeeded()
        #expect(stack.layoutCount == 2)
    }

    @Test func gradientAndTextLayersTakeIOSValues() {
        let gradient = CAGradientLayer()
        gradient.colors = [CGColor(gray: 1, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        gradient.locations = [0, 0.25]
        gradient.startPoint = CGPoint(x: 0, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 0.5)
        gradient.type = .radial
        #expect((gradient.colors as? [CGColor])?.map(\.alpha) == [1, 1])
        #expect(gradient.locations == [0, 0.25])
        #expect(gradient.type == .radial && gradient.endPoint == CGPoint(x: 1, y: 0.5))
        let text = CATextLayer()
        text.string = "Hello"
        text.fontSize = 17
        text.alignmentMode = .center
        text.isWrapped = true
        text.truncationMode = .end
        #expect(text.string as? String == "Hello")
        #expect(text.fontSize == 17 && text.alignmentMode == .center && text.isWrapped && text.truncationMode == .end)
        let flip = CATransformLayer()
        flip.addSublayer(text)
        #expect(flip.sublayers?.first === text)
    }

    @Test func presentationShowsTheAnimatedValueAndModelGoesBack() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let dot = CALayer()
        dot.position = CGPoint(x: 10, y: 10)
        root.addSublayer(dot)
        let move = CABasicAnimation(keyPath: "position")
        move.fromValue = NSValue(cgPoint: CGPoint(x: 0, y: 0))
        move.toValue = NSValue(cgPoint: CGPoint(x: 100, y: 50))
        move.duration = 2
        move.timingFunction = CAMediaTimingFunction(name: .linear)
        dot.add(move, forKey: "move")
        advanceClock(of: root, to: 0.5)
        let shown = try #require(dot.presentation())
        #expect(shown.position == CGPoint(x: 25, y: 12.5))
        #expect(shown.model() === dot)
        #expect(dot.position == CGPoint(x: 10, y: 10))
        #expect(shown.presentation() == nil)
        #expect(CACurrentMediaTime() == 0.5)
    }
}
