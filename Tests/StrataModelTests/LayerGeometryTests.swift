import Testing
@testable import StrataModel

private func close(_ a: Double, _ b: Double, _ tol: Double = 1e-9) -> Bool { abs(a - b) <= tol }

@Suite struct LayerGeometryTests {
    @Test func frameDerivesFromBoundsPositionAndAnchor() {
        let l = Layer()
        l.bounds = Rect(x: 0, y: 0, width: 100, height: 40)
        l.position = Point(x: 50, y: 50)
        #expect(l.frame == Rect(x: 0, y: 30, width: 100, height: 40))
        l.anchorPoint = Point(x: 0, y: 0)
        #expect(l.frame == Rect(x: 50, y: 50, width: 100, height: 40))
    }

    @Test func settingFrameMovesPositionAndResizesBounds() {
        let l = Layer()
        l.frame = Rect(x: 115, y: 65, width: 250, height: 150)
        #expect(l.position == Point(x: 240, y: 140))
        #expect(l.bounds.size == Size(width: 250, height: 150))
        l.anchorPoint = Point(x: 1, y: 1)
        l.frame = Rect(x: 0, y: 0, width: 10, height: 20)
        #expect(l.position == Point(x: 10, y: 20))
    }

    @Test func frameIsTheBoundingBoxOfTheTransformedBounds() {
        let l = Layer()
        l.bounds = Rect(x: 0, y: 0, width: 100, height: 50)
        l.position = Point(x: 200, y: 100)
        l.transform = .makeRotation(.pi / 2, 0, 0, 1)
        let f = l.frame
        #expect(close(f.minX, 175) && close(f.minY, 50) && close(f.width, 50) && close(f.height, 100))
        l.transform = .makeScale(2, 3, 1)
        #expect(l.frame == Rect(x: 100, y: 25, width: 200, height: 150))
    }

    @Test func aLayerThatOnlyMovesGetsTheProductsValuesWithoutMultiplying() {
        // The translation-only shortcut against the two products it stands for, at odd
        // anchors, fractional and negative positions and depths.
        for i in 0..<60 {
            let d = Double(i)
            let l = Layer()
            l.bounds = Rect(x: d * 0.37 - 3, y: 1.1 - d * 0.21, width: 12.3 + d, height: 7.9 + d * 0.5)
            l.anchorPoint = Point(x: Double(i % 5) / 4.1, y: 1 - Double(i % 3) / 2.7)
            l.anchorPointZ = Double(i % 4) * 1.7 - 2
            l.position = Point(x: d * 19.3 - 80.7, y: 4.4 - d * 15.1)
            l.zPosition = Double(i % 6) * 0.3 - 0.7
            let a = l.anchorInBounds
            let products = Transform3D.makeTranslation(-a.x, -a.y, -l.anchorPointZ).concatenating(.identity)
                .concatenating(.makeTranslation(l.position.x, l.position.y, l.zPosition + l.anchorPointZ))
            #expect(l.transformToSuperlayer == products, "\(i)")
        }
    }

    @Test func transformAppliesAboutTheAnchorPoint() {
        let parent = Layer()
        parent.bounds = Rect(x: 0, y: 0, width: 400, height: 400)
        let l = Layer()
        l.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        l.position = Point(x: 200, y: 200)
        l.transform = .makeScale(2, 2, 1)
        parent.addSublayer(l)
        let m = l.transformToSuperlayer
        // Center (the anchor) stays at position; the top-left corner moves 100 pt out.
        #expect(m.project(Point(x: 50, y: 50)) == Point(x: 200, y: 200))
        #expect(m.project(Point(x: 0, y: 0)) == Point(x: 100, y: 100))
        // With the anchor at the top-left, that corner stays at position.
        l.anchorPoint = .zero
        #expect(l.transformToSuperlayer.project(.zero) == Point(x: 200, y: 200))
        #expect(l.transformToSuperlayer.project(Point(x: 100, y: 100)) == Point(x: 400, y: 400))
    }

    @Test func boundsOriginShiftsTheContent() {
        let l = Layer()
        l.bounds = Rect(x: 10, y: 20, width: 100, height: 100)
        l.anchorPoint = .zero
        l.position = .zero
        // The point (10, 20) of the bounds space is the layer's top-left.
        #expect(l.transformToSuperlayer.project(Point(x: 10, y: 20)) == .zero)
    }

    @Test func sublayerTransformAppliesAboutTheSuperlayerCenter() {
        let parent = Layer()
        parent.bounds = Rect(x: 0, y: 0, width: 200, height: 100)
        parent.sublayerTransform = .makeScale(2, 2, 1)
        let child = Layer()
        child.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        child.position = Point(x: 110, y: 50)
        parent.addSublayer(child)
        // The child's anchor at (110, 50) is 10 pt right of the parent's center (100, 50),
        // so scaling by 2 about the center puts it at (120, 50).
        #expect(child.transformToSuperlayer.project(Point(x: 5, y: 5)) == Point(x: 120, y: 50))
    }

    @Test func zPositionMovesAlongZ() {
        let l = Layer()
        l.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        l.zPosition = 30
        #expect(l.transformToSuperlayer.apply(x: 5, y: 5).z == 30)
    }

    @Test func sublayerTreeEditing() {
        let root = Layer(), a = Layer(), b = Layer(), c = Layer()
        a.name = "a"; b.name = "b"; c.name = "c"
        root.addSublayer(a)
        root.addSublayer(c)
        root.insertSublayer(b, above: a)
        #expect(root.sublayers.map(\.name) == ["a", "b", "c"])
        root.insertSublayer(c, below: a)
        #expect(root.sublayers.map(\.name) == ["c", "a", "b"])
        root.insertSublayer(a, at: 99)
        #expect(root.sublayers.map(\.name) == ["c", "b", "a"])
        b.removeFromSuperlayer()
        #expect(root.sublayers.map(\.name) == ["c", "a"] && b.superlayer == nil)
        let other = Layer()
        other.addSublayer(a)
        #expect(root.sublayers.map(\.name) == ["c"] && a.superlayer === other)
        #expect(other.firstLayer(named: "a") === a)
    }

    @Test func coreAnimationDefaults() {
        let l = Layer()
        #expect(l.anchorPoint == Point(x: 0.5, y: 0.5))
        #expect(l.opacity == 1 && l.shadowOpacity == 0 && l.shadowRadius == 3)
        #expect(l.shadowOffset == Size(width: 0, height: -3))
        #expect(l.isDoubleSided && !l.masksToBounds && l.backgroundColor == nil)
        let g = GradientLayer()
        #expect(g.startPoint == Point(x: 0.5, y: 0) && g.endPoint == Point(x: 0.5, y: 1) && g.type == .axial)
    }

    @Test func gradientStopsAreResolvedLikeCoreAnimation() {
        let g = GradientLayer()
        g.colors = [.red, .green, .blue]
        #expect(g.resolvedStops.map(\.location) == [0, 0.5, 1])
        g.locations = [0.2, 0.1, 1.5]
        // Non-decreasing; past 1 (or before 0) a stop lies off the bounds, as a shimmer's
        // band slides in from outside.
        #expect(g.resolvedStops.map(\.location) == [0.2, 0.2, 1.5])
        g.locations = [-0.3, -0.15, 0]
        #expect(g.resolvedStops.map(\.location) == [-0.3, -0.15, 0])
        // Any number of stops, as CAGradientLayer takes.
        g.colors = Array(repeating: .red, count: 12)
        g.locations = nil
        #expect(g.resolvedStops.count == 12)
        #expect(g.resolvedStops.map(\.location) == (0..<12).map { Double($0) / 11 })
    }

    @Test func uiColorComponents() {
        #expect(Color.purple == Color(red: 0.5, green: 0, blue: 0.5))
        let p = Color(white: 1, alpha: 0.3).premultiplied
        #expect(close(p.r, 0.3) && close(p.a, 0.3))
    }
}
