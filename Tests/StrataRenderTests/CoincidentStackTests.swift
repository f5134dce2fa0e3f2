import Testing
import StrataModel
@testable import StrataRender
import StrataScenes
import StrataTestSupport

/// Runs of coincident copies of a layer (`StackDraw`): which runs are found (without GL),
/// and that the one-pass draw gives the frame drawing every copy gives.
@Suite(.serialized, .tags(.gl)) struct CoincidentStackTests {
    let builder = DrawListBuilder(pixelWidth: 480, pixelHeight: 320, scale: 1)

    /// `count` layers in one 3D space at one transform; `differ(i)` recolours copy i.
    private func copies(_ count: Int, shadow: Bool = true, opacity: Double = 1,
                        differ: (Int) -> Bool = { _ in false }) -> Layer {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 480, height: 320)
        root.backgroundColor = Color(red: 0.9, green: 0.95, blue: 1)
        let space = TransformLayer()
        space.frame = root.bounds
        root.addSublayer(space)
        for i in 0..<count {
            let card = Layer()
            card.name = "card\(i)"
            card.frame = Rect(x: 140, y: 90, width: 200, height: 120)
            card.backgroundColor = differ(i) ? .green : Color(red: 0.2, green: 0.4, blue: 0.9)
            card.cornerRadius = 14
            card.borderWidth = 3
            card.borderColor = Color(white: 1, alpha: 0.4)
            card.opacity = opacity
            if shadow { card.shadowOpacity = 0.3; card.shadowRadius = 8 }
            var t = Transform3D.identity
            t.m34 = -1.0 / 800
            card.transform = t.rotated(Transform3D.degrees(25), 1, 1, 0)
            space.addSublayer(card)
        }
        return root
    }

    private func kinds(_ list: DrawList) -> [String] {
        list.commands.map {
            switch $0 {
            case .stack(let s): return "stack \(s.count)"
            case .layer: return "layer"
            case .shadow: return "shadow"
            default: return "other"
            }
        }
    }

    @Test func theSeedsFiveHundredStackedPlanesAreOneStack() throws {
        // 360 / 500 on integers is 0: every plane is at the carousel's one angle.
        let list = try builder.build(root: CarouselScene(planeCount: 500, angle: 20).rootLayer)
        #expect(kinds(list) == ["stack 500"])
        let stack = try #require(list.stackDraws.first)
        #expect(stack.shadow != nil && stack.layer.backingStore != nil)
        // The pass covers the shadow's quad, which holds the plane's store.
        #expect(stack.quad.rect == stack.shadow?.quad.rect)
    }

    @Test func planesAtDifferentAnglesAreDrawnOneByOne() throws {
        for planes in [5, 7, 50] {
            let list = try builder.build(root: CarouselScene(planeCount: planes, angle: 10).rootLayer)
            #expect(list.stackDraws.isEmpty, "\(planes) planes")
            #expect(list.layerDraws.count == planes)
        }
    }

    @Test func namesDoNotEndARunButContentDoesAndShortRunsStay() throws {
        // Copies 0-3, then a green one, then 5-9: runs of 4 and 5 (every name differs).
        let list = try builder.build(root: copies(10, differ: { $0 == 4 }))
        #expect(kinds(list) == ["stack 4", "shadow", "layer", "stack 5"])
        // Three copies are fewer than a stack is worth.
        #expect(kinds(try builder.build(root: copies(3))) == ["shadow", "layer", "shadow", "layer", "shadow", "layer"])
        // Without shadows a copy is its fill alone.
        #expect(kinds(try builder.build(root: copies(6, shadow: false))) == ["stack 6"])
    }

    /// `count` translucent rounded squares, bordered, square on the screen.
    private func flatCopies(_ count: Int) -> Layer {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 480, height: 320)
        root.backgroundColor = .white
        for _ in 0..<count {
            let l = Layer()
            l.frame = Rect(x: 10.25, y: 10.5, width: 50, height: 50)
            l.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 0.1)
            l.cornerRadius = 9
            l.borderWidth = 1.5
            l.borderColor = Color(white: 0, alpha: 0.05)
            root.addSublayer(l)
        }
        return root
    }

    @Test func flatCopiesAreStackedAndDistinctNeighboursAreNot() throws {
        // Drawn analytically, not from a backing store: a copy all the same.
        #expect(kinds(try builder.build(root: flatCopies(8))) == ["stack 8"])
        // A table's cells: a matrix apart each, nothing to stack.
        let root = flatCopies(8)
        for (i, l) in root.sublayers.enumerated() { l.frame.origin.y += Double(i) * 60 }
        #expect(try builder.build(root: root).stackDraws.isEmpty)
    }

    @Test func fiveHundredStackedPlanesLookAsEveryPlaneDrawn() throws {
        let renderer = try makeRenderer()
        let scene = CarouselScene(planeCount: 500, angle: 1.5)
        #expect(try builder.build(root: scene.rootLayer).stackDraws.map(\.count) == [500])
        let frame = try renderer.render(layer: scene.rootLayer, pixelWidth: 480, pixelHeight: 320, scale: 1)
        // Plane 0 all but faces front, pushed 250 pt toward the eye 1000 pt away: 4/3 as
        // large, 333 x 200 px about (249, 140). Its middle is halfway down the purple-red
        // gradient. 6 px under its bottom edge (y 240) the 500 black shadows have brought
        // the white down to 1, where the next one's alpha, below 1/2, rounds back to 1
        // ((255 - a) / 255 of 1 rounds to 1 for a < 128). At the shadow's far tail, 60 pt
        // left (x 1), one shadow's alpha is 1/255: 500 bring white down to 127, where
        // 127 x 254 / 255 = 126.5 rounds back up.
        #expect(frame.rgba(240, 140).isClose(to: RGBA(191, 0, 64), within: 2), "\(frame.rgba(240, 140))")
        #expect(frame.rgba(240, 246) == RGBA(1, 1, 1), "\(frame.rgba(240, 246))")
        #expect(frame.rgba(1, 160) == RGBA(127, 127, 127), "\(frame.rgba(1, 160))")
        // Oblique (the planes' edges cut pixels) and turned past 180 (their backs face
        // the eye); nearly face-on, at 2x, below.
        for angle in [37.5, 190] {
            scene.angle = angle
            try expectSameStackedFrames(renderer, scene.rootLayer, "500 planes at \(angle)")
        }
        scene.angle = 12
        try expectSameStackedFrames(renderer, scene.rootLayer, "500 planes at 2x", scale: 2)
    }

    @Test func translucentShadowlessAndGroupedStacksLookAsEveryCopyDrawn() throws {
        let renderer = try makeRenderer()
        try expectSameStackedFrames(renderer, copies(40), "40 cards")
        try expectSameStackedFrames(renderer, copies(40, opacity: 0.3), "40 translucent cards")
        try expectSameStackedFrames(renderer, copies(12, shadow: false, opacity: 0.2), "12 cards without shadows")
        try expectSameStackedFrames(renderer, flatCopies(60), "60 flat squares")
        // Inside a group the pass reads the group's target, not the frame's.
        let root = copies(30, opacity: 0.5)
        let group = Layer()
        group.frame = Rect(x: 20, y: 20, width: 440, height: 280)
        group.masksToBounds = true
        group.cornerRadius = 30
        group.backgroundColor = .orange
        let space = root.sublayers[0]
        space.removeFromSuperlayer()
        space.frame = Rect(x: -20, y: -20, width: 480, height: 320)
        group.addSublayer(space)
        root.addSublayer(group)
        let list = try builder.build(root: root)
        #expect(list.stackDraws.map(\.count) == [30])
        try expectSameStackedFrames(renderer, root, "30 cards in a clipped group")
    }

    /// The one-pass draw against every copy drawn: the same bytes.
    private func expectSameStackedFrames(_ renderer: Renderer, _ root: Layer, _ what: String, scale: Double = 1) throws {
        try expectSameBytes(renderer, root, what, scale: scale, toggling: \.drawsStacksInOnePass)
    }
}
