import Testing
@testable import StrataModel

@Suite struct AnimationPresentationTests {
    @Test func copiesKeepClassesPropertiesAndTree() {
        let root = Layer()
        root.name = "root"
        root.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        root.masksToBounds = true
        let context = TransformLayer()
        context.sublayerTransform.m34 = -0.001
        root.addSublayer(context)
        let gradient = GradientLayer()
        gradient.name = "g"
        gradient.colors = [.red, .blue]
        gradient.locations = [0.2, 0.8]
        gradient.startPoint = Point(x: 0, y: 0.5)
        gradient.endPoint = Point(x: 1, y: 0.5)
        gradient.type = .radial
        gradient.isDoubleSided = false
        gradient.shadowOpacity = 0.5
        gradient.contents = Image(width: 1, height: 1, pixels: [255, 0, 0, 255])
        context.addSublayer(gradient)

        let copy = root.presentation(at: 0)
        #expect(copy.name == "root" && copy.masksToBounds && copy.bounds == root.bounds)
        let c = copy.sublayers[0]
        #expect(c is TransformLayer && c.sublayerTransform == context.sublayerTransform)
        let g = c.sublayers[0] as? GradientLayer
        #expect(g?.colors == [.red, .blue] && g?.locations == [0.2, 0.8] && g?.type == .radial)
        #expect(g?.startPoint == Point(x: 0, y: 0.5) && g?.endPoint == Point(x: 1, y: 0.5))
        #expect(g?.isDoubleSided == false && g?.shadowOpacity == 0.5)
        #expect(g?.contents?.identity == gradient.contents?.identity)
        #expect(g?.superlayer === c && c.superlayer === copy)
        #expect(g?.model() === gradient)
        // The model tree is untouched.
        #expect(gradient.superlayer === context && root.sublayers.count == 1)

        let typed: GradientLayer = gradient.presentation(at: 0)
        #expect(typed.colors == [.red, .blue])
    }

    @Test func gradientColorsAndLocationsAnimate() throws {
        let g = GradientLayer()
        g.colors = [.red, .blue]
        var colors = BasicAnimation(keyPath: "colors", toValue: .colors([.blue, .red]))
        colors.duration = 1
        try g.add(colors, forKey: "colors")
        var locations = BasicAnimation(keyPath: "locations", toValue: .doubles([0.5, 1]))
        locations.duration = 1
        try g.add(locations, forKey: "locations")
        let seen = g.presentation(at: 0.5)
        #expect(seen.colors == [Color(red: 0.5, green: 0, blue: 0.5), Color(red: 0.5, green: 0, blue: 0.5)])
        // nil locations read as evenly spread: 0, 1 → 0.5, 1 halfway is 0.25, 1.
        #expect(seen.locations == [0.25, 1])
        #expect(g.locations == nil)
    }

    @Test func presentationUsesTheClock() throws {
        let clock = SceneClock()
        let root = Layer()
        let child = Layer()
        root.addSublayer(child)
        clock.attach(root)
        var a = BasicAnimation(keyPath: "opacity", fromValue: 0, toValue: 1)
        a.duration = 1
        try child.add(a, forKey: "a")
        clock.advance(to: 0.25)
        #expect(root.presentation().sublayers[0].opacity == 0.25)
        #expect(child.clock === clock)
        #expect(root.hasRunningAnimations(at: 0.25) && !root.hasRunningAnimations(at: 1))
        // A removed subtree leaves the clock behind.
        child.removeFromSuperlayer()
        #expect(child.clock == nil)
        clock.detach(root)
        #expect(root.clock == nil)
    }
}

@Suite struct AnimationHitTestTests {
    @Test func hitTestFindsTheDeepestLayerOnTop() {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 200, height: 200)
        root.position = Point(x: 100, y: 100)
        let a = Layer()
        a.frame = Rect(x: 10, y: 10, width: 100, height: 100)
        let b = Layer()
        b.frame = Rect(x: 20, y: 20, width: 30, height: 30)
        a.addSublayer(b)
        let top = Layer()
        top.frame = Rect(x: 50, y: 50, width: 100, height: 100)
        root.addSublayer(a)
        root.addSublayer(top)

        #expect(root.hitTest(inBounds: Point(x: 35, y: 35)) === b)
        #expect(root.hitTest(inBounds: Point(x: 15, y: 15)) === a)
        #expect(root.hitTest(inBounds: Point(x: 70, y: 70)) === top)
        #expect(root.hitTest(inBounds: Point(x: 190, y: 5)) === root)
        #expect(root.hitTest(inBounds: Point(x: 250, y: 5)) == nil)
        // CALayer.hitTest takes the point in the superlayer's space: the root's is its
        // position-centred frame, here the same as its bounds.
        #expect(root.hitTest(Point(x: 35, y: 35)) === b)

        // zPosition puts a sublayer on top.
        a.zPosition = 1
        #expect(root.hitTest(inBounds: Point(x: 70, y: 70)) === a)
        // Hidden layers are skipped with their sublayers.
        a.isHidden = true
        #expect(root.hitTest(inBounds: Point(x: 35, y: 35)) === root)
        a.isHidden = false
        // masksToBounds hides sublayers outside.
        b.frame = Rect(x: 90, y: 90, width: 30, height: 30)
        #expect(root.hitTest(inBounds: Point(x: 115, y: 115)) === b)
        a.masksToBounds = true
        #expect(root.hitTest(inBounds: Point(x: 115, y: 115)) === top)
    }

    @Test func hitTestGoesThroughTransforms() {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 200, height: 200)
        let turned = Layer()
        turned.bounds = Rect(x: 0, y: 0, width: 100, height: 20)
        turned.position = Point(x: 100, y: 100)
        turned.transform = .makeRotation(.pi / 2, 0, 0, 1)
        root.addSublayer(turned)
        // Turned a quarter: now 20 wide and 100 tall about (100, 100).
        #expect(root.hitTest(inBounds: Point(x: 100, y: 140)) === turned)
        #expect(root.hitTest(inBounds: Point(x: 140, y: 100)) === root)
        #expect(turned.convertFromSuperlayer(Point(x: 100, y: 140)).map { abs($0.x - 90) < 1e-9 && abs($0.y - 10) < 1e-9 } == true)

        let edgeOn = Layer()
        edgeOn.bounds = Rect(x: 0, y: 0, width: 50, height: 50)
        edgeOn.transform = .makeScale(0, 1, 1)
        #expect(edgeOn.convertFromSuperlayer(.zero) == nil)
    }
}

@Suite struct TextLayerPresentationTests {
    @Test func presentationCopiesCarryTheTextAndAnimateItsColor() throws {
        let clock = SceneClock()
        let root = Layer()
        clock.attach(root)
        let text = TextLayer()
        text.string = "标题 Title"
        text.font = .systemFont(ofSize: 17, weight: .semibold)
        text.foregroundColor = .black
        text.alignmentMode = .center
        text.numberOfLines = 2
        text.lineBreakMode = .byTruncatingMiddle
        text.lineHeight = 20
        root.addSublayer(text)
        var fade = BasicAnimation(keyPath: "foregroundColor", fromValue: .color(.black), toValue: .color(.white))
        fade.duration = 1
        try text.add(fade, forKey: "fade")
        let copy = root.presentation(at: 0.5).sublayers[0] as! TextLayer
        #expect(copy.string == "标题 Title" && copy.font == text.font && copy.alignmentMode == .center)
        #expect(copy.numberOfLines == 2 && copy.lineBreakMode == .byTruncatingMiddle && copy.lineHeight == 20)
        #expect(abs(copy.foregroundColor.red - 0.5) < 1e-9 && text.foregroundColor == .black)
    }
}
