import Testing
@testable import StrataModel
@testable import StrataRender
import StrataScenes
import StrataTestSupport

private func close(_ a: Double, _ b: Double, _ tol: Double = 1e-6) -> Bool { abs(a - b) <= tol }

/// The scene-to-draw-list step, checked without GL.
@Suite struct DrawListTests {
    let builder = DrawListBuilder(pixelWidth: 480, pixelHeight: 320, scale: 1)

    @Test func frontPlaneProjectsTo333By200CenteredAt240By140() throws {
        let scene = CarouselScene()
        let list = try builder.build(root: scene.rootLayer)
        let plane0 = try #require(list.layerDraws.first { $0.name == "plane0" })
        let m = plane0.quad.matrix
        // The plane's corners, 250 pt out toward the viewer, scaled by 1000 / (1000 - 250).
        let tl = m.project(Point(x: 0, y: 0)), br = m.project(Point(x: 250, y: 150))
        #expect(close(br.x - tl.x, 333.333333) && close(br.y - tl.y, 200))
        #expect(close((tl.x + br.x) / 2, 240) && close((tl.y + br.y) / 2, 140))
        #expect(close(tl.x, 73.333333) && close(tl.y, 40))
    }

    @Test func transformLayerDrawsOnlyItsSublayersBackToFront() throws {
        let scene = CarouselScene()
        scene.transformLayer.backgroundColor = .green  // ignored, as in Core Animation
        scene.transformLayer.borderWidth = 3
        let names = try builder.build(root: scene.rootLayer).layerDraws.map(\.name)
        // Depth of plane i's center is 250 cos(72 i): planes 2 and 3 farthest, 0 nearest.
        // The view's opaque white background became the clear color rather than a draw.
        #expect(names == ["plane2", "plane3", "plane1", "plane4", "plane0"])
    }

    @Test func anOpaqueRootBackgroundBecomesTheClearColor() throws {
        let scene = CarouselScene()
        var list = try builder.build(root: scene.rootLayer)
        #expect(list.clearColor == .white && !list.layerDraws.contains { $0.name == "view" })
        scene.rootLayer.backgroundColor = Color(white: 1, alpha: 0.5)
        list = try builder.build(root: scene.rootLayer)
        #expect(list.clearColor == .clear && list.layerDraws.first?.name == "view")
    }

    @Test func opaquePlanesHideTheMiddleOfTheirShadows() throws {
        let scene = CarouselScene()
        let shadow = try #require(try builder.build(root: scene.rootLayer).shadowDraws.first)
        // Inset by the corner radius and a point: 11 pt from each edge.
        #expect(shadow.occluder == Rect(x: 11, y: 11, width: 228, height: 128))
        // A translucent plane casts the shadow of its composited alpha (as CA does), from
        // the group its draws go into, not its rounded bounds'.
        scene.planes[2].colors = [.purple, Color.red.withAlphaComponent(0.5)]
        let list = try builder.build(root: scene.rootLayer)
        #expect(!list.shadowDraws.contains { $0.name == "plane2.shadow" })
        #expect(list.commands.contains { if case .endGroup(let g) = $0 { g.shadow?.name == "plane2.shadow" } else { false } })
    }

    @Test func eachPlaneDrawsItsShadowFirst() throws {
        let commands = try builder.build(root: CarouselScene().rootLayer).commands
        var lastShadow: String?
        for c in commands {
            switch c {
            case .shadow(let s): lastShadow = s.name
            case .layer(let d) where d.name?.hasPrefix("plane") == true:
                #expect(lastShadow == d.name! + ".shadow")
            default: break
            }
        }
        let shadow = try builder.build(root: CarouselScene().rootLayer).shadowDraws[0]
        #expect(shadow.sigma == 20 && shadow.color.alpha == 1)
        // Offset (0, -3) moves the shape up; the quad grows by 3 sigma around it.
        #expect(shadow.shape.rect == Rect(x: 0, y: -3, width: 250, height: 150))
        #expect(shadow.quad.rect.minX < -60 && shadow.quad.rect.maxY > 207)
    }

    @Test func angleTurnsTheNearestPlane() throws {
        let scene = CarouselScene(angle: 144)
        // Plane 3 sits at 144 + 216 = 360 degrees: it is now in front.
        #expect(try builder.build(root: scene.rootLayer).layerDraws.last?.name == "plane3")
    }

    @Test func singleSidedLayersFacingAwayAreSkipped() throws {
        let scene = CarouselScene()
        for p in scene.planes { p.isDoubleSided = false }
        let names = try builder.build(root: scene.rootLayer).layerDraws.compactMap(\.name)
        // Planes at 144 and 216 degrees show their backs.
        #expect(names == ["plane1", "plane4", "plane0"])
        #expect(builder.isBackFacing(Rect(x: 0, y: 0, width: 10, height: 10), .makeRotation(.pi, 0, 1, 0)))
        #expect(!builder.isBackFacing(Rect(x: 0, y: 0, width: 10, height: 10), .makeRotation(0.3, 0, 1, 0)))
    }

    @Test func groupOpacityOnlyWhenTheLayerHasSublayers() throws {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        let leaf = Layer()
        leaf.frame = Rect(x: 10, y: 10, width: 20, height: 20)
        leaf.backgroundColor = .red
        leaf.opacity = 0.5
        root.addSublayer(leaf)
        var list = try builder.build(root: root)
        #expect(!list.commands.contains { if case .beginGroup = $0 { return true } else { return false } })
        #expect(list.layerDraws.first?.opacity == 0.5)

        let child = Layer()
        child.frame = Rect(x: 0, y: 0, width: 5, height: 5)
        child.backgroundColor = .blue
        leaf.addSublayer(child)
        list = try builder.build(root: root)
        guard list.commands.count == 4, case .beginGroup = list.commands[0],
              case .endGroup(let g) = list.commands[3] else {
            Issue.record("expected begin, leaf, child, end; got \(list.commands)")
            return
        }
        #expect(g.opacity == 0.5 && g.mask == nil)
        #expect(list.layerDraws.allSatisfy { $0.opacity == 1 })
    }

    @Test func masksToBoundsClipsSublayersAndDrawsTheBorderOnTop() throws {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        let box = Layer()
        box.frame = Rect(x: 10, y: 10, width: 50, height: 50)
        box.backgroundColor = .white
        box.cornerRadius = 8
        box.borderWidth = 2
        box.masksToBounds = true
        let child = Layer()
        child.frame = Rect(x: -10, y: -10, width: 100, height: 100)
        child.backgroundColor = .blue
        box.addSublayer(child)
        root.addSublayer(box)
        let c = try builder.build(root: root).commands
        #expect(c.count == 5)
        if case .layer(let fill) = c[0] { #expect(fill.borderWidth == 0 && fill.backgroundColor == .white) } else { Issue.record("fill first") }
        if case .beginGroup = c[1] {} else { Issue.record("then a group") }
        if case .endGroup(let g) = c[3] { #expect(g.mask?.shape == RoundedRect(rect: box.bounds, cornerRadius: 8)) } else { Issue.record("masked group") }
        if case .layer(let border) = c[4] { #expect(border.borderWidth == 2 && border.fill == .none && border.backgroundColor == nil) } else { Issue.record("border last") }
    }

    @Test func transformLayerOpacityAppliesToEachSublayer() throws {
        let scene = CarouselScene()
        scene.transformLayer.opacity = 0.5
        let list = try builder.build(root: scene.rootLayer)
        #expect(!list.commands.contains { if case .beginGroup = $0 { return true } else { return false } })
        #expect(list.layerDraws.filter { $0.name?.hasPrefix("plane") == true }.allSatisfy { $0.opacity == 0.5 })
    }

    @Test func zPositionOrdersSiblingsInAFlatLayer() throws {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        // Side by side: four copies at one place would be drawn as one stack.
        for (i, (name, z)) in [("a", 5.0), ("b", -1.0), ("c", 0.0), ("d", 0.0)].enumerated() {
            let l = Layer()
            l.name = name
            l.frame = Rect(x: Double(i) * 12, y: 0, width: 10, height: 10)
            l.backgroundColor = .red
            l.zPosition = z
            root.addSublayer(l)
        }
        #expect(try builder.build(root: root).layerDraws.map(\.name) == ["b", "c", "d", "a"])
    }

    @Test func hiddenAndTransparentLayersDrawNothing() throws {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        let a = Layer(), b = Layer()
        a.backgroundColor = .red; a.isHidden = true
        b.backgroundColor = .red; b.opacity = 0
        root.addSublayer(a); root.addSublayer(b)
        #expect(try builder.build(root: root).commands.isEmpty)
    }

    @Test func scaleMultipliesThePixelMatrix() throws {
        let list = try DrawListBuilder(pixelWidth: 960, pixelHeight: 640, scale: 2).build(root: CarouselScene().rootLayer)
        let m = try #require(list.layerDraws.first { $0.name == "plane0" }).quad.matrix
        #expect(close(m.project(Point(x: 125, y: 75)).x, 480) && close(m.project(Point(x: 125, y: 75)).y, 280))
    }
}
