import Testing
import StrataModel
@testable import StrataRender
import StrataScenes
import StrataTestSupport

/// Occlusion and viewport culling: which draws are skipped or cut (without GL), and that
/// the frames come out byte for byte as they do with every draw issued whole.
@Suite(.serialized, .tags(.gl)) struct OcclusionCullingTests {
    let builder = DrawListBuilder(pixelWidth: 480, pixelHeight: 320, scale: 1)

    private func visibility(_ root: Layer) throws -> [(String?, DrawVisibility)] {
        let list = try builder.build(root: root)
        let v = OcclusionCulling.visibility(of: list)
        return zip(list.commands, v).compactMap { command, v in
            if case .layer(let d) = command { return (d.name, v) }
            return nil
        }
    }

    @Test func aLayerUnderAnOpaqueOneIsHiddenAndTheOneOnTopIsWhole() throws {
        let below = square(Rect(x: 100, y: 100, width: 40, height: 40), .red)
        below.name = "below"
        let above = square(Rect(x: 80, y: 80, width: 100, height: 100), .blue, radius: 10)
        above.name = "above"
        let v = try visibility(root([below, above]))
        // The blue square's interior less its 10 pt corners and 3 px: 83...177 one way,
        // 93...167 the other; the red one's pixels, 97...143 with its 1.5 px anti-aliasing
        // rim and a pixel to spare, lie within.
        #expect(v.map(\.1) == [.hidden, .whole])
    }

    @Test func translucentOrFadedLayersCoverNothing() throws {
        for make in [{ square(Rect(x: 80, y: 80, width: 100, height: 100), Color(red: 0, green: 0, blue: 1, alpha: 0.99)) },
                     { let l = square(Rect(x: 80, y: 80, width: 100, height: 100), .blue); l.opacity = 0.99; return l }] {
            let below = square(Rect(x: 100, y: 100, width: 40, height: 40), .red)
            #expect(try visibility(root([below, make()])).map(\.1) == [.whole, .whole])
        }
    }

    @Test func aLayerPartlyCoveredIsCutToTheRestAndALayerOffScreenIsHidden() throws {
        let wide = square(Rect(x: 50, y: 100, width: 200, height: 20), .red)
        let cover = square(Rect(x: 100, y: 50, width: 100, height: 200), .blue)
        let away = square(Rect(x: 500, y: 10, width: 40, height: 40), .green)
        let v = try visibility(root([wide, away, cover]))
        #expect(v[1].1 == .hidden && v[2].1 == .whole)
        guard case .pieces(let pieces) = v[0].1 else { Issue.record("not cut: \(v[0].1)"); return }
        // The red bar's pixels 47...253 by 97...123 (its rim and a pixel to spare) less the
        // blue one's covered columns 103...197: a piece each side, both the bar's height.
        #expect(pieces == [PixelRect(x0: 47, y0: 97, x1: 103, y1: 123), PixelRect(x0: 197, y0: 97, x1: 253, y1: 123)])
    }

    @Test func nothingBeforeABackdropIsCulledAndTheFramesStayTheSame() throws {
        // The backdrop's capture reads the red square before the blue one covers it.
        let below = square(Rect(x: 100, y: 100, width: 40, height: 40), .red)
        let backdrop = BackdropLayer()
        backdrop.frame = Rect(x: 60, y: 60, width: 200, height: 120)
        backdrop.material = Material(blurRadius: 10)
        let cover = square(Rect(x: 80, y: 80, width: 100, height: 100), .blue)
        let layers = [below, backdrop, cover]
        #expect(try visibility(root(layers)).map(\.1) == [.whole, .whole])
        try expectSameFrames(try makeRenderer(), root(layers), "backdrop")
    }

    @Test func aLineThinnerThanTheRimCoversNothing() throws {
        // 1 pt and 6 pt (twice the 3 px rim) wide: no pixel is sure to be covered whole.
        for width in [1.0, 6.0] {
            let below = square(Rect(x: 100, y: 100, width: 40, height: 40), .red)
            let line = square(Rect(x: 100 + 20 - width / 2, y: 90, width: width, height: 60), .blue)
            #expect(try visibility(root([below, line])).map(\.1) == [.whole, .whole], "\(width) pt")
        }
    }

    @Test func whatCoversAGroupsPixelsCoversItsDrawsButNotTheOtherWayRound() throws {
        // A faded group holding an opaque square hides nothing below the group...
        let below = square(Rect(x: 100, y: 100, width: 40, height: 40), .red)
        let group = Layer()
        group.frame = Rect(x: 0, y: 0, width: 480, height: 320)
        group.opacity = 0.5
        group.addSublayer(square(Rect(x: 80, y: 80, width: 100, height: 100), .blue))
        #expect(try visibility(root([below, group])).map(\.1) == [.whole, .whole])
        // ...while an opaque square over the group hides the group's draws beneath it.
        let inner = square(Rect(x: 100, y: 100, width: 40, height: 40), .red)
        let faded = Layer()
        faded.frame = Rect(x: 0, y: 0, width: 480, height: 320)
        faded.opacity = 0.5
        faded.addSublayer(inner)
        faded.addSublayer(square(Rect(x: 300, y: 100, width: 10, height: 10), .green))
        let v = try visibility(root([faded, square(Rect(x: 80, y: 80, width: 100, height: 100), .blue)]))
        #expect(v.map(\.1) == [.hidden, .whole, .whole])
    }

    @Test func aStackCoversWhatItsTopCopyCovers() throws {
        // 360 / 500 on integers is 0: the seed stacks 500 planes at one angle, drawn as
        // one StackDraw. A square behind the planes' middle is hidden by it.
        let scene = CarouselScene(planeCount: 500, angle: 1.5)
        let behind = square(Rect(x: 200, y: 110, width: 80, height: 40), .blue)
        scene.rootLayer.insertSublayer(behind, at: 0)
        let list = try builder.build(root: scene.rootLayer)
        let v = OcclusionCulling.visibility(of: list)
        try #require(list.commands.count == 2 && list.stackDraws.count == 1)
        #expect(v == [.hidden, .whole])
    }

    @Test func aQuadSquareOnTheScreenGivesTheBoxTheShrinkingSearchGives() {
        // The shortcut for unrotated quads against the general search, at whole and
        // fractional positions and scales, mirrored or not.
        var checked = 0
        for scale in [1.0, 2.0, 3.0, 0.75, -1.5] {
            for i in 0..<40 {
                let d = Double(i)
                let r = Rect(x: d * 3.37 - 20, y: d * 1.91 - 7, width: 0.4 + d * 0.83, height: 9.2 - d * 0.2)
                let m = Transform3D.makeScale(scale, scale * (i % 3 == 0 ? -1 : 1), 1)
                    .concatenating(.makeTranslation(d * 0.13 + 100, 50 - d * 0.29, 0))
                guard let c = m.pixelCorners(of: r) else { Issue.record("no corners"); continue }
                let quick = OcclusionCulling.squareBox(c), general = OcclusionCulling.shrunkBox(c)
                #expect(quick.map { [$0.x0, $0.x1, $0.y0, $0.y1] } == general.map { [$0.x0, $0.x1, $0.y0, $0.y1] }, "\(r) at \(scale)")
                if quick != nil { checked += 1 }
            }
        }
        #expect(checked > 150)
        // Turned, it is not square: the shortcut leaves it to the search.
        let turned = Transform3D.makeRotation(0.3, 0, 0, 1).pixelCorners(of: Rect(x: 0, y: 0, width: 10, height: 10))!
        #expect(OcclusionCulling.squareBox(turned) == nil && OcclusionCulling.shrunkBox(turned) != nil)
    }

    @Test func cornersWithoutPerspectiveAreTheProjectedOnesBitForBit() {
        // The shortcut (no z or w row, no divide) against apply and the divide, down to
        // the sign of a zero: moved, scaled by non-powers of two, mirrored, turned, tilted
        // about x (flattened, so no perspective), with zeros of both signs in the matrix
        // and the rectangle, and rectangles the shortcut must leave alone (not finite).
        var t3 = Transform3D.makeRotation(0.7, 1, 0, 0)
        t3.m34 = 0
        let matrices: [Transform3D] = [
            .identity, .makeTranslation(-0.0, 12.5, 0), .makeScale(3, 1.0 / 3, 1), .makeScale(-1.5, 0.75, 1),
            .makeScale(-1, -1, 1).concatenating(.makeTranslation(-0.0, -0.0, 0)),
            .makeRotation(0.3, 0, 0, 1).concatenating(.makeTranslation(101.25, -7, 0)),
            .makeRotation(.pi / 2, 0, 0, 1), t3.flattened.concatenating(.makeScale(2, 2, 1)),
            Transform3D.makeScale(2, 2, 1).concatenating(.makeTranslation(0.1, 0.2, 0)),
        ]
        let rects = [Rect(x: 0, y: 0, width: 12, height: 12), Rect(x: -0.0, y: -0.0, width: 0, height: 0),
                     Rect(x: -1.5, y: -1.5, width: 15, height: 15), Rect(x: 4.37, y: -20.1, width: -3.3, height: 0.01),
                     Rect(x: 1e300, y: -1e-300, width: 1, height: 1e300), Rect(x: 0, y: 0, width: .infinity, height: 1),
                     Rect(x: .nan, y: 0, width: 1, height: 1)]
        func bits(_ c: (Point, Point, Point, Point)?) -> [UInt64]? {
            c.map { [$0.0, $0.1, $0.2, $0.3].flatMap { [$0.x.bitPattern, $0.y.bitPattern] } }
        }
        var quick = 0
        for m in matrices {
            for r in rects {
                #expect(bits(m.pixelCorners(of: r)) == bits(m.projectedCorners(of: r)), "\(r) by \(m)")
                if m.m44 == 1 && r.width.isFinite && r.minX.isFinite { quick += 1 }
            }
        }
        #expect(quick >= 40)
    }

    @Test func sortingAndExtremesOfFourAgreeWithTheArrays() {
        let values: [Double] = [3, -1, 0, -0.0, 2.5, .nan, .infinity, -.infinity, 1e300, 7]
        for a in values { for b in values { for c in values.prefix(5) { for d in values.suffix(5) {
            let s = OcclusionCulling.sorted4(a, b, c, d), sorted = [a, b, c, d].sorted()
            #expect([s.0, s.1, s.2, s.3].map(\.bitPattern) == sorted.map(\.bitPattern))
            let e = OcclusionCulling.extremes(a, b, c, d)
            #expect(e.min.bitPattern == [a, b, c, d].min()!.bitPattern && e.max.bitPattern == [a, b, c, d].max()!.bitPattern)
        } } } }
    }

    @Test func aFullListOfOccludersKeepsTheLargestAndDropsWhatOneContains() {
        var covered: [PixelRect] = []
        for i in 0..<OcclusionCulling.maximumOccluders {
            OcclusionCulling.add(PixelRect(x0: i * 10, y0: 0, x1: i * 10 + 4, y1: 4), to: &covered)
        }
        let full = covered
        // No larger than the smallest kept: left out.
        OcclusionCulling.add(PixelRect(x0: 0, y0: 100, x1: 4, y1: 104), to: &covered)
        #expect(covered == full)
        // Larger: kept first, the last one dropped.
        OcclusionCulling.add(PixelRect(x0: 0, y0: 200, x1: 5, y1: 205), to: &covered)
        #expect(covered.count == full.count && covered.first == PixelRect(x0: 0, y0: 200, x1: 5, y1: 205)
                && covered.dropFirst() == full.dropLast())
        // As large as the smallest but holding one of them: it takes that one's place.
        var withInner = full
        OcclusionCulling.add(PixelRect(x0: 0, y0: 0, x1: 4, y1: 4), to: &withInner)
        #expect(withInner == full)
        OcclusionCulling.add(PixelRect(x0: 10, y0: 0, x1: 15, y1: 4), to: &withInner)
        #expect(withInner.count == full.count && withInner.first == PixelRect(x0: 10, y0: 0, x1: 15, y1: 4)
                && !withInner.contains(PixelRect(x0: 10, y0: 0, x1: 14, y1: 4)))
    }

    /// Every scene here, drawn with culling and with every draw whole: the same bytes.
    @Test(arguments: [5, 7, 50, 500])
    func culledFramesAreByteIdentical(planes: Int) throws {
        let renderer = try makeRenderer()
        for angle in planes < 500 ? [0.0, 37.5, 190] : [20] {
            let scene = CarouselScene(planeCount: planes, angle: angle)
            try expectSameFrames(renderer, scene.rootLayer, "\(planes) planes at \(angle)")
        }
        if planes == 7 {
            try expectSameFrames(renderer, CarouselScene(planeCount: 7, angle: 12).rootLayer, "7 planes at 2x", scale: 2)
        }
    }

    @Test func culledGroupsAndGridsAreByteIdentical() throws {
        let renderer = try makeRenderer()
        var cells: [Layer] = []
        for i in 0..<300 {
            let cell = square(Rect(x: Double(i % 30) * 16 - 8, y: Double(i / 30) * 34 - 10, width: 26, height: 40),
                              Color(red: Double(i % 7) / 6, green: 0.4, blue: Double(i % 5) / 4, alpha: i % 9 == 0 ? 0.6 : 1),
                              radius: Double(i % 4) * 3)
            if i % 11 == 0 { cell.borderWidth = 2; cell.borderColor = Color(white: 1, alpha: 0.5) }
            if i % 13 == 0 { cell.shadowOpacity = 0.8; cell.shadowRadius = 4 }
            cell.transform = .makeRotation(Double(i % 5) * 0.1, 0, 0, 1)
            cells.append(cell)
        }
        let group = Layer()
        group.frame = Rect(x: 40, y: 40, width: 300, height: 200)
        group.opacity = 0.7
        group.masksToBounds = true
        group.cornerRadius = 12
        group.addSublayer(square(Rect(x: -20, y: -20, width: 200, height: 200), .orange))
        group.addSublayer(square(Rect(x: 30, y: 30, width: 100, height: 100), .purple, radius: 8))
        // Hairlines and dividers over the rest, thinner than the anti-aliasing rim.
        var lines: [Layer] = []
        for i in 0..<12 {
            let d = Double(i)
            let frame = i % 2 == 0 ? Rect(x: 20 + d * 37.25, y: 10, width: 0.5 + Double(i % 3), height: 280)
                                   : Rect(x: 10, y: 15 + d * 23.5, width: 440, height: 0.5 + Double(i % 4))
            lines.append(square(frame, Color(red: 0, green: 0.48, blue: 1)))
        }
        try expectSameFrames(renderer, root(cells + [group, square(Rect(x: 200, y: 150, width: 120, height: 90), .blue, radius: 6)] + lines),
                             "grid with groups")
    }

    private func expectSameFrames(_ renderer: Renderer, _ root: Layer, _ what: String, scale: Double = 1) throws {
        try expectSameBytes(renderer, root, what, scale: scale, toggling: \.cullsHiddenDraws)
    }
}

/// Renders `root` with the renderer's `option` on and off: the frames must be the same bytes.
func expectSameBytes(_ renderer: Renderer, _ root: Layer, _ what: String, scale: Double = 1,
                     toggling option: ReferenceWritableKeyPath<Renderer, Bool>) throws {
    let w = Int(480 * scale), h = Int(320 * scale)
    renderer[keyPath: option] = true
    let on = try renderer.render(layer: root, pixelWidth: w, pixelHeight: h, scale: scale)
    renderer[keyPath: option] = false
    defer { renderer[keyPath: option] = true }
    let off = try renderer.render(layer: root, pixelWidth: w, pixelHeight: h, scale: scale)
    // Turning the option is a new frame, not the last one given back (Renderer.render).
    #expect(off.identity != on.identity, "\(what): drawn again")
    let differing = differingBytes(on.pixels, off.pixels)
    #expect(differing == 0, "\(what): \(differing) bytes differ")
}
