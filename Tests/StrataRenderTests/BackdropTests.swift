import Testing
import StrataModel
@testable import StrataRender
import StrataTestSupport

/// Backdrop layers: the draw list's captures (no GL), then rendered blur, groups and clip.
@Suite(.tags(.gl)) struct BackdropDrawListTests {
    @Test func aBackdropDrawsBeforeItsFillAndAGroupSharesOneCapture() throws {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 200, height: 100)
        let box = BackdropLayer()
        box.frame = Rect(x: 50, y: 20, width: 100, height: 60)
        box.material = Material(blurRadius: 4)
        box.groupName = "g"
        box.backgroundColor = Color(white: 1, alpha: 0.5)
        let line = BackdropLayer()
        line.frame = Rect(x: 0, y: 30, width: 100, height: 1)
        line.material = Material(blurRadius: 8)
        line.groupName = "g"
        box.addSublayer(line)
        let alone = BackdropLayer()
        alone.frame = Rect(x: 180, y: 90, width: 10, height: 10)
        alone.material = Material(blurRadius: 1)
        root.addSublayer(box)
        root.addSublayer(alone)

        let list = try DrawListBuilder(pixelWidth: 400, pixelHeight: 200, scale: 2).build(root: root)
        guard case .backdrop = list.commands[0], case .layer = list.commands[1] else {
            Issue.record("the material, then the fill: \(list.commands)"); return
        }
        let draws = list.backdropDraws
        #expect(draws.map(\.capture) == [0, 0, 1])
        // The group's capture: the box's pixels (100...300 x 40...160, and 1.5 px for
        // anti-aliasing), the first draw's
        // blur (4 pt at 2x: sigma 8 px) three sigma around, inside the frame.
        #expect(list.backdropCaptures[0] == BackdropCapture(x: 74, y: 14, width: 252, height: 172, sigma: 8))
        // Alone: 360...380 x 180...200 (and 1.5 px for anti-aliasing) grown by 6 px, cut
        // at the frame's bottom edge.
        #expect(list.backdropCaptures[1] == BackdropCapture(x: 352, y: 172, width: 36, height: 28, sigma: 2))
    }

    @Test func withoutAMaterialABackdropLayerIsAnOrdinaryLayer() throws {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 20, height: 20)
        let plain = BackdropLayer()
        plain.frame = root.bounds
        plain.backgroundColor = .red
        root.addSublayer(plain)
        let list = try DrawListBuilder(pixelWidth: 20, pixelHeight: 20, scale: 1).build(root: root)
        #expect(list.backdropDraws.isEmpty && list.backdropCaptures.isEmpty && list.layerDraws.count == 1)
    }

    @Test func presentationCopiesKeepTheMaterial() {
        let b = BackdropLayer()
        b.material = Material(blurRadius: 3, saturation: 2, tint: .white)
        b.groupName = "g"
        let copy = b.presentation(at: 0)
        #expect(copy.material == b.material && copy.groupName == "g")
    }

    @Test func blocksStayWellInsideSigma() {
        #expect(BackdropPass.blockFactor(sigma: 0) == 1)
        #expect(BackdropPass.blockFactor(sigma: 5.9) == 1)
        #expect(BackdropPass.blockFactor(sigma: 6) == 2)
        #expect(BackdropPass.blockFactor(sigma: 60) == 16)
    }
}

@Suite(.tags(.gl)) struct BackdropRenderTests {
    /// Black left of x = 100 px, white right of it, under a full-frame backdrop layer.
    func halves(material: Material, opacityAbove: Double = 1) -> Layer {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 200, height: 100)
        root.backgroundColor = .white
        let black = Layer()
        black.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        black.backgroundColor = .black
        root.addSublayer(black)
        let backdrop = BackdropLayer()
        backdrop.frame = Rect(x: 20, y: 10, width: 160, height: 80)
        backdrop.cornerRadius = 10
        backdrop.material = material
        root.addSublayer(backdrop)
        return root
    }

    @Test func theBlurIsAGaussianOfTheGivenRadius() throws {
        // sigma 12 px: across the edge the grey follows the normal CDF, 255 * Phi(x / 12).
        let image = try makeRenderer().render(layer: halves(material: Material(blurRadius: 12)),
                                              pixelWidth: 200, pixelHeight: 100, scale: 1)
        let expected: [(x: Int, value: Double)] = [(76, 255 * 0.0228), (88, 255 * 0.1587), (100, 255 * 0.5),
                                                   (112, 255 * 0.8413), (124, 255 * 0.9772)]
        for e in expected {
            let v = Double(image.rgba(e.x, 50).g)
            #expect(abs(v - e.value) <= 8, "x \(e.x): \(v), expected \(e.value)")
        }
        // Outside the layer the halves are as drawn; its rounded corner shows the white.
        #expect(image.rgba(10, 50) == RGBA(0, 0, 0) && image.rgba(190, 50) == RGBA(255, 255, 255))
        #expect(image.rgba(179, 11) == RGBA(255, 255, 255))
        #expect(image.rgba(21, 11) == RGBA(0, 0, 0))
    }

    @Test func aBlurWiderThanTheFrameIsBoundedAndEvensItOut() throws {
        for radius in [1e9, Double.infinity, Double.nan, -5] {
            let list = try DrawListBuilder(pixelWidth: 200, pixelHeight: 100, scale: 1)
                .build(root: halves(material: Material(blurRadius: radius)))
            #expect(list.backdropCaptures.map(\.sigma) == [radius > 0 ? 200 : 0], "\(radius)")
        }
        // Sigma 200 px over 200 px: the halves mix almost evenly across the layer.
        let image = try makeRenderer().render(layer: halves(material: Material(blurRadius: 1e9)),
                                              pixelWidth: 200, pixelHeight: 100, scale: 1)
        for x in [30, 100, 170] { #expect(abs(image.rgba(x, 50).g - 128) <= 40, "x \(x): \(image.rgba(x, 50))") }
    }

    @Test func saturationAndTintAreTheMaterialsMaths() throws {
        let m = Material(blurRadius: 2, saturation: 2.35, tint: Color(r8: 249, g8: 249, b8: 249, alpha: 0.8))
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
        root.backgroundColor = Color(r8: 0, g8: 67, b8: 118)
        let backdrop = BackdropLayer()
        backdrop.frame = root.bounds
        backdrop.material = m
        root.addSublayer(backdrop)
        let image = try makeRenderer().render(layer: root, pixelWidth: 40, pixelHeight: 40, scale: 1)
        let c = m.apply(to: Color(r8: 0, g8: 67, b8: 118))
        let expected = RGBA(Int((c.red * 255).rounded()), Int((c.green * 255).rounded()), Int((c.blue * 255).rounded()))
        #expect(image.rgba(20, 20).isClose(to: expected, within: 1), "\(image.rgba(20, 20)) vs \(expected)")
    }

    @Test func insideAGroupTheCaptureSeesTheFrameBehindTheGroup() throws {
        // Red scene; a half-opaque container (a group) holds a grey-making backdrop:
        // 0.5 * grey(red) + 0.5 * red = (0.5 * 54 + 127.5, 27, 27).
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
        root.backgroundColor = .red
        let group = Layer()
        group.frame = root.bounds
        group.opacity = 0.5
        let backdrop = BackdropLayer()
        backdrop.frame = root.bounds
        backdrop.material = Material(blurRadius: 1, saturation: 0)
        group.addSublayer(backdrop)
        let dot = Layer()
        dot.frame = Rect(x: 0, y: 0, width: 4, height: 4)
        dot.backgroundColor = .blue
        group.addSublayer(dot)
        root.addSublayer(group)
        let image = try makeRenderer().render(layer: root, pixelWidth: 40, pixelHeight: 40, scale: 1)
        #expect(image.rgba(20, 20).isClose(to: RGBA(155, 27, 27), within: 1), "\(image.rgba(20, 20))")
    }
}

@Suite(.tags(.gl)) struct BackdropBackendTests {
    @Test func eglAndOSMesaGiveIdenticalBytes() throws {
        let root = BackdropRenderTests().halves(material: Material(blurRadius: 9, saturation: 2.35,
                                                                   tint: Color(r8: 249, g8: 249, b8: 249, alpha: 0.8)))
        // Turned in perspective too: the material follows the layer's matrix.
        var t = Transform3D.identity
        t.m34 = -1.0 / 500
        root.sublayers[1].transform = t.rotated(0.4, 0, 1, 0)
        let frames = try [makeOffscreenSurface(backend: .egl), makeOffscreenSurface(backend: .osmesa)].map {
            try Renderer(surface: $0).render(layer: root, pixelWidth: 400, pixelHeight: 200, scale: 2)
        }
        let differing = differingBytes(frames[0].pixels, frames[1].pixels)
        #expect(differing == 0, "\(differing) bytes differ")
    }
}
