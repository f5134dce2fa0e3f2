import Testing
@testable import StrataModel
@testable import StrataRender
import StrataScenes

/// Which layer draws get a backing store, its size and its key, without GL.
@Suite struct BackingStoreTests {
    func root() -> Layer {
        let r = Layer()
        r.bounds = Rect(x: 0, y: 0, width: 200, height: 200)
        r.backgroundColor = .white
        return r
    }

    func square(_ configure: (Layer) -> Void = { _ in }) -> Layer {
        let l = Layer()
        l.frame = Rect(x: 40, y: 40, width: 100, height: 60)
        l.backgroundColor = .blue
        l.cornerRadius = 8
        configure(l)
        return l
    }

    func draw(_ layer: Layer, scale: Double = 1) throws -> LayerDraw {
        let r = root()
        r.addSublayer(layer)
        let list = try DrawListBuilder(pixelWidth: Int(200 * scale), pixelHeight: Int(200 * scale), scale: scale).build(root: r)
        return try #require(list.layerDraws.first)
    }

    @Test func aStoreIsKeptOutOfLineAndComparedByValue() throws {
        // Two builds of the same turned square: stores in boxes of their own, equal
        // draws; an unturned one has none.
        let turned = { self.square { $0.transform = .makeRotation(0.2, 0, 0, 1) } }
        let a = try draw(turned()), b = try draw(turned())
        #expect(a.hasBackingStore && b.hasBackingStore && a == b && a.backingStore == b.backingStore)
        var c = b
        c.backingStore?.texelWidth += 1
        #expect(c != b && c.backingStore?.texelWidth == b.backingStore!.texelWidth + 1)
        c.backingStore = nil
        #expect(!c.hasBackingStore && c.backingStore == nil)
        #expect(try !draw(square()).hasBackingStore)
        // So a command is a layer draw's size, not a store's more: the lists of many
        // layers a frame builds, walks and compares are copied by the command.
        #expect(MemoryLayout<DrawCommand>.size <= MemoryLayout<LayerDraw>.size + 1)
    }

    @Test func carouselPlanesAreCompositedFromOneSharedStore() throws {
        let list = try DrawListBuilder(pixelWidth: 480, pixelHeight: 320, scale: 1).build(root: CarouselScene(angle: 30).rootLayer)
        let stores = list.layerDraws.compactMap(\.backingStore)
        #expect(stores.count == 5)
        // Same content, so one key: 250 x 150 texels and a transparent texel all round.
        #expect(Set(stores.map(\.key)).count == 1)
        let s = try #require(stores.first)
        #expect(s.texelWidth == 252 && s.texelHeight == 152)
        #expect(s.rect == Rect(x: -1, y: -1, width: 252, height: 152))
        #expect(s.key.size == Size(width: 250, height: 150) && s.key.cornerRadius == 10 && s.key.scale == 1)
        #expect(s.key.borderWidth == 4 && s.key.borderColor == Color(white: 1, alpha: 0.3))
        #expect(s.key.fill == .gradient(.axial, start: Point(x: 0.5, y: 0), end: Point(x: 0.5, y: 1),
                                        stops: [GradientStop(location: 0, color: .purple), GradientStop(location: 1, color: .red)]))
        // The store's own raster: local (0, 0) lands one texel in, (250, 150) at 251, 151.
        let m = s.contentMatrix
        #expect(m.project(Point(x: 0, y: 0)) == Point(x: 1, y: 1) && m.project(Point(x: 250, y: 150)) == Point(x: 251, y: 151))
    }

    @Test func aStoreIsRasterizedAtTheOutputScale() throws {
        var t = Transform3D.identity
        t.m34 = -1.0 / 500
        let d = try draw(square { $0.transform = t.rotated(0.5, 0, 1, 0) }, scale: 2)
        let s = try #require(d.backingStore)
        #expect(s.key.scale == 2 && s.texelWidth == 202 && s.texelHeight == 122)
        #expect(s.rect == Rect(x: -0.5, y: -0.5, width: 101, height: 61))
    }

    @Test func aLayerSquareOnTheGridKeepsTheAnalyticPath() throws {
        #expect(try draw(square()).backingStore == nil)
        // Scaled, mirrored or at half pixels it is still axis-aligned: no store either.
        #expect(try draw(square { $0.transform = .makeScale(1.5, 0.5, 1) }).backingStore == nil)
        #expect(try draw(square { $0.transform = .makeScale(-1, 1, 1) }).backingStore == nil)
        #expect(try draw(square { $0.position = Point(x: 90.5, y: 70.25) }).backingStore == nil)
        // Turned about y with no perspective it is only narrower.
        #expect(try draw(square { $0.transform = .makeRotation(0.7, 0, 1, 0) }).backingStore == nil)
        // The carousel's front plane at 0 degrees: perspective, but the same w all over.
        let front = try DrawListBuilder(pixelWidth: 480, pixelHeight: 320, scale: 1).build(root: CarouselScene().rootLayer)
            .layerDraws.first { $0.name == "plane0" }
        #expect(front != nil && front?.backingStore == nil)
    }

    @Test func rotatedAndPerspectiveLayersGetAStore() throws {
        #expect(try draw(square { $0.transform = .makeRotation(Transform3D.degrees(30), 0, 0, 1) }).backingStore != nil)
        var t = Transform3D.identity
        t.m34 = -1.0 / 500
        #expect(try draw(square { $0.transform = t.rotated(0.3, 1, 0, 0) }).backingStore != nil)
    }

    /// The key is the content: what only moves, turns or fades the layer keeps it.
    @Test func theKeyChangesWithContentOnly() throws {
        let turn = Transform3D.makeRotation(Transform3D.degrees(30), 0, 0, 1)
        let base = try #require(try draw(square { $0.transform = turn }).backingStore?.key)
        func key(_ change: @escaping (Layer) -> Void) throws -> BackingStoreKey {
            try #require(try draw(square { $0.transform = turn; change($0) }).backingStore?.key)
        }
        #expect(try key { $0.position = Point(x: 120, y: 30) } == base)
        #expect(try key { $0.opacity = 0.5 } == base)
        #expect(try key { $0.transform = .makeRotation(Transform3D.degrees(50), 0, 0, 1) } == base)
        #expect(try key { $0.backgroundColor = .red } != base)
        #expect(try key { $0.cornerRadius = 4 } != base)
        #expect(try key { $0.borderWidth = 2 } != base)
        #expect(try key { $0.bounds.size.width = 101 } != base)
        #expect(try key { $0.contents = Image(width: 1, height: 1, fill: .green) } != base)
        #expect(try draw(square { $0.transform = turn }, scale: 2).backingStore?.key != base)
    }

    @Test func aStoreTooLargeForATextureFallsBackToTheAnalyticPath() throws {
        let huge = square {
            $0.bounds = Rect(x: 0, y: 0, width: 3000, height: 100)
            $0.transform = .makeRotation(0.2, 0, 0, 1)
        }
        #expect(try draw(huge, scale: 2).backingStore == nil)
        #expect(try draw(huge, scale: 1).backingStore?.texelWidth == 3002)
    }
}
