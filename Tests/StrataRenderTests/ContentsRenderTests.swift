import Foundation
import Testing
import StrataModel
@testable import StrataRender
import StrataTestSupport

/// A white root of `width` x `height` points and a layer to put in it (not yet added).
private func whiteRoot(_ width: Double, _ height: Double) -> (root: Layer, layer: Layer) {
    let root = Layer()
    root.bounds = Rect(x: 0, y: 0, width: width, height: height)
    root.backgroundColor = .white
    return (root, Layer())
}

/// `contents` placed by `contentsGravity`, cropped by `contentsRect`, nine-sliced by
/// `contentsCenter`, sized by `contentsScale` and sampled by the filters, probed at
/// pixels worked out by hand. The layer is `frame (20, 20, 100, 80)` in a 140x120
/// frame at scale 1: its bounds cover pixels x 20..<120, y 20..<100.
@Suite(.serialized, .tags(.gl)) struct ContentsRenderTests {
    static let red = RGBA(255, 0, 0), green = RGBA(0, 255, 0), blue = RGBA(0, 0, 255), yellow = RGBA(255, 255, 0)
    static let white = RGBA(255, 255, 255)

    /// 40x20 px: red | green over blue | yellow, each quadrant 20x10.
    static var quadrants: Image {
        var i = Image(width: 40, height: 20)
        i.fill(x: 0, y: 0, width: 20, height: 10, .red)
        i.fill(x: 20, y: 0, width: 20, height: 10, Color(red: 0, green: 1, blue: 0))
        i.fill(x: 0, y: 10, width: 20, height: 10, .blue)
        i.fill(x: 20, y: 10, width: 20, height: 10, Color(red: 1, green: 1, blue: 0))
        return i
    }

    func render(_ configure: (Layer) -> Void) throws -> Image {
        let (root, l) = whiteRoot(140, 120)
        l.frame = Rect(x: 20, y: 20, width: 100, height: 80)
        l.contents = Self.quadrants
        configure(l)
        root.addSublayer(l)
        return try makeRenderer().render(layer: root, pixelWidth: 140, pixelHeight: 120, scale: 1)
    }

    func expect(_ image: Image, _ probes: [(Int, Int, RGBA)], _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for (x, y, c) in probes {
            #expect(image.rgba(x, y) == c, "\(what) at (\(x), \(y)): \(image.rgba(x, y))", sourceLocation: sourceLocation)
        }
    }

    /// The nine positions place the 40x20-point image at its size. Centred: x 20 + (100 - 40) / 2
    /// = 50..<90, y 20 + (80 - 20) / 2 = 50..<70; left/right at x 20..<60 / 80..<120. iOS's
    /// `top` sits at the bottom edge (y 100 - 20 = 80..<100), `bottom` at the top (20..<40).
    @Test func theNinePositionsAsIOSDrawsThem() throws {
        let r = Self.red, g = Self.green, b = Self.blue, y = Self.yellow, w = Self.white
        let cases: [(ContentsGravity, [(Int, Int, RGBA)])] = [
            (.center, [(51, 50, r), (89, 50, g), (51, 69, b), (89, 69, y), (49, 55, w), (55, 49, w), (90, 65, w), (55, 70, w)]),
            (.top, [(51, 80, r), (89, 80, g), (51, 99, b), (89, 99, y), (55, 79, w), (49, 90, w)]),
            (.bottom, [(51, 20, r), (89, 20, g), (51, 39, b), (89, 39, y), (55, 40, w), (49, 30, w)]),
            (.left, [(20, 50, r), (59, 50, g), (20, 69, b), (59, 69, y), (60, 55, w), (25, 49, w)]),
            (.right, [(80, 50, r), (119, 50, g), (80, 69, b), (119, 69, y), (79, 55, w), (115, 70, w)]),
            (.topLeft, [(20, 80, r), (59, 80, g), (20, 99, b), (59, 99, y), (60, 90, w), (25, 79, w)]),
            (.topRight, [(80, 80, r), (119, 99, y), (79, 90, w), (115, 79, w)]),
            (.bottomLeft, [(20, 20, r), (59, 39, y), (60, 30, w), (25, 40, w)]),
            (.bottomRight, [(80, 20, r), (119, 20, g), (119, 39, y), (79, 30, w), (115, 40, w)]),
        ]
        for (gravity, probes) in cases {
            let image = try render { $0.contentsGravity = gravity }
            expect(image, probes, "\(gravity)")
        }
    }

    /// resize stretches over the bounds (2.5x across, 4x down); resizeAspect fits it
    /// (2.5x: 100x50, y 20 + 15 = 35..<85); resizeAspectFill fills it (4x: 160x80, x 20 - 30
    /// = -10..<150) and spills past the bounds unless the layer masks to them.
    @Test func theThreeResizes() throws {
        let r = Self.red, g = Self.green, b = Self.blue, y = Self.yellow, w = Self.white
        expect(try render { $0.contentsGravity = .resize },
               [(20, 20, r), (119, 20, g), (20, 99, b), (119, 99, y), (19, 50, w), (120, 50, w)], "resize")
        expect(try render { $0.contentsGravity = .resizeAspect },
               [(20, 36, r), (119, 36, g), (20, 83, b), (119, 83, y), (50, 33, w), (50, 86, w)], "resizeAspect")
        // Unclipped: red reaches x 5 and green x 135, outside the bounds.
        expect(try render { $0.contentsGravity = .resizeAspectFill },
               [(5, 25, r), (135, 25, g), (5, 95, b), (135, 95, y), (50, 19, w), (50, 100, w)], "resizeAspectFill")
        expect(try render { $0.contentsGravity = .resizeAspectFill; $0.masksToBounds = true },
               [(20, 25, r), (119, 95, y), (19, 25, w), (120, 95, w)], "resizeAspectFill, masksToBounds")
    }

    /// contentsScale 2: the 40x20-px image is 20x10 points, centred at x 60..<80, y 55..<65.
    @Test func contentsScaleSetsTheNaturalSize() throws {
        let image = try render { $0.contentsGravity = .center; $0.contentsScale = 2 }
        expect(image, [(60, 55, Self.red), (79, 55, Self.green), (60, 64, Self.blue), (79, 64, Self.yellow),
                       (59, 58, Self.white), (70, 54, Self.white), (70, 65, Self.white)], "contentsScale 2")
    }

    /// contentsRect picks a part of the image, top-left origin as on iOS: (0.5, 0, 0.5, 0.5)
    /// is the green quadrant, stretched over the bounds; (0, 0, 0.5, 1) is the left half,
    /// 20x20 points centred at x 60..<80, y 50..<70.
    @Test func contentsRectCrops() throws {
        let quadrant = try render { $0.contentsRect = Rect(x: 0.5, y: 0, width: 0.5, height: 0.5) }
        // Away from the crop's edges, where bilinear filtering reads the neighbouring quadrant
        // as a GPU does (sprite sheets on iOS pad their frames for it): pixel 25 samples
        // texel 20 + 5.5 / 100 * 20 = 21.1, row 25 texel 5.5 / 80 * 10 = 0.69.
        expect(quadrant, [(25, 25, Self.green), (115, 90, Self.green), (70, 60, Self.green)], "green quadrant")
        let half = try render {
            $0.contentsGravity = .center
            $0.contentsRect = Rect(x: 0, y: 0, width: 0.5, height: 1)
        }
        expect(half, [(60, 50, Self.red), (79, 59, Self.red), (60, 69, Self.blue), (80, 60, Self.white), (59, 60, Self.white)],
               "left half")
    }

    /// A 30x30 image of 10-px bands (red corners, green edges, blue middle) with contentsCenter
    /// (1/3, 1/3, 1/3, 1/3) over 100x80 points: the corners stay 10x10 (x 20..<30 and 110..<120,
    /// y 20..<30 and 90..<100), the edges stretch along their length, the middle both ways.
    /// Nearest sampling makes every band's edge exact: pixel 29 samples texel 9.5 / 10 * 10 = 9.5
    /// (a corner), pixel 30 texel 10 + 0.5 / 80 * 10 = 10.06 (the edge).
    @Test func contentsCenterIsANineSlice() throws {
        var slices = Image(width: 30, height: 30, fill: .blue)
        for (x, y) in [(0, 0), (20, 0), (0, 20), (20, 20)] { slices.fill(x: x, y: y, width: 10, height: 10, .red) }
        for (x, y) in [(10, 0), (0, 10), (20, 10), (10, 20)] { slices.fill(x: x, y: y, width: 10, height: 10, Color(red: 0, green: 1, blue: 0)) }
        let image = try render {
            $0.contents = slices
            $0.contentsCenter = Rect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)
            $0.magnificationFilter = .nearest
            // The edge bands are 1:1 across (level of detail 0, which may count as minified).
            $0.minificationFilter = .nearest
        }
        let r = Self.red, g = Self.green, b = Self.blue
        expect(image, [(20, 20, r), (29, 29, r), (30, 20, g), (109, 29, g), (110, 20, r), (119, 29, r),
                       (20, 30, g), (29, 89, g), (20, 90, r), (119, 99, r), (30, 30, b), (109, 89, b), (110, 89, g),
                       (60, 99, g)], "nine-slice")
    }

    /// A 2x1 image (red | blue) over 100 px: linear blends across the middle (pixel 49's centre
    /// samples texel 0.99: 49% blue), nearest keeps two hard halves.
    @Test func magnificationNearestAgainstLinear() throws {
        var redBlue = Image(width: 2, height: 1)
        redBlue.setPixel(x: 0, y: 0, .red)
        redBlue.setPixel(x: 1, y: 0, .blue)
        let linear = try render { $0.contents = redBlue }
        let nearest = try render { $0.contents = redBlue; $0.magnificationFilter = .nearest }
        // x 69: (69.5 - 20) / 100 * 2 = 0.99 texels: 0.49 of the way from texel 0's centre to 1's.
        let mid = linear.rgba(69, 60)
        #expect(mid.r > 110 && mid.r < 150 && mid.b > 110 && mid.b < 150, "linear at the middle: \(mid)")
        #expect(nearest.rgba(69, 60) == Self.red && nearest.rgba(70, 60) == Self.blue)
        #expect(linear.rgba(20, 60) == Self.red && linear.rgba(119, 60) == Self.blue)
    }

    /// 63 px of 7-px stripes (6 black, 1 white) drawn 9 px wide: each pixel centre lands on a
    /// texel's centre (7i + 3.5), a black one, so linear minification sees only black; trilinear
    /// reads the mipmaps, where the white is averaged in (log2 7 = 2.8 levels down: grey).
    @Test func minificationTrilinearAveragesWhatLinearSkips() throws {
        var stripes = Image(width: 63, height: 7, fill: .black)
        for i in 0..<9 { stripes.fill(x: 7 * i + 6, y: 0, width: 1, height: 7, .white) }
        func draw(_ filter: ContentsFilter) throws -> Image {
            let (root, l) = whiteRoot(20, 20)
            l.frame = Rect(x: 5, y: 5, width: 9, height: 1)
            l.contents = stripes
            l.minificationFilter = filter
            root.addSublayer(l)
            return try makeRenderer().render(layer: root, pixelWidth: 20, pixelHeight: 20, scale: 1)
        }
        let linear = try draw(.linear), trilinear = try draw(.trilinear), nearest = try draw(.nearest)
        // Pixels 6..<13: the end pixels are the layer's anti-aliased corners.
        for x in 6..<13 {
            #expect(linear.rgba(x, 5) == RGBA(0, 0, 0), "linear at \(x): \(linear.rgba(x, 5))")
            #expect(nearest.rgba(x, 5) == RGBA(0, 0, 0), "nearest at \(x): \(nearest.rgba(x, 5))")
        }
        // The white's share is 1/7 (36 of 255); the levels' boxes catch it unevenly.
        let grey = (6..<13).map { trilinear.rgba($0, 5).r }
        let mean = Double(grey.reduce(0, +)) / Double(grey.count)
        #expect(mean > 10 && mean < 60 && grey.allSatisfy { $0 < 110 }, "trilinear: \(grey)")
    }

    /// Contents past the bounds of a turned layer are in its backing store too: a 20x20 layer
    /// at (70, 60) with the 40x20 image centred (x -10..<30 of its bounds, past both sides),
    /// turned 90 degrees (x' = -y, y' = x about the centre: clockwise on screen), has the
    /// image's left end on top, at y 40..<50, above the bounds (y 50..<70): its top-left red
    /// quadrant at x 70..<80, its bottom-left blue one at x 60..<70.
    @Test func aTurnedLayersSpillIsInItsBackingStore() throws {
        let (root, l) = whiteRoot(140, 120)
        l.bounds = Rect(x: 0, y: 0, width: 20, height: 20)
        l.position = Point(x: 70, y: 60)
        l.contents = Self.quadrants
        l.contentsGravity = .center
        l.transform = Transform3D.makeRotation(.pi / 2, 0, 0, 1)
        root.addSublayer(l)
        let renderer = try makeRenderer()
        let image = try renderer.render(layer: root, pixelWidth: 140, pixelHeight: 120, scale: 1)
        let list = try DrawListBuilder(pixelWidth: 140, pixelHeight: 120, scale: 1).build(root: root)
        #expect(list.layerDraws.last?.hasBackingStore == true)
        #expect(image.rgba(75, 43).isClose(to: Self.red, within: 8), "\(image.rgba(75, 43))")
        #expect(image.rgba(64, 43).isClose(to: Self.blue, within: 8), "\(image.rgba(64, 43))")
        #expect(image.rgba(75, 76).isClose(to: Self.green, within: 8), "\(image.rgba(75, 76))")
        #expect(image.rgba(50, 60) == Self.white && image.rgba(70, 38) == Self.white)
    }

    /// Stretched gravity with the default rect, centre and scale draws exactly what the
    /// stretched contents drew before gravity existed: the same texture coordinates.
    @Test func theDefaultsAreTheStretchedBitmap() throws {
        let l = Layer()
        l.frame = Rect(x: 0, y: 0, width: 100, height: 80)
        l.contents = Self.quadrants
        let c = try #require(ContentsDraw.of(l))
        #expect(c.frame == Rect(x: 0, y: 0, width: 1, height: 1) && c.sliceX == .identity && c.sliceY == .identity)
        for p in [Point(x: 0.25, y: 0.5), Point(x: 0.7, y: 0.1)] { #expect(c.textureCoordinate(atUnit: p) == p) }
    }
}

/// `contents` animated: Core Animation cross-fades the bitmaps, texel by texel.
@Suite(.serialized, .tags(.gl)) struct ContentsCrossFadeTests {
    func layer(_ contents: Image?) -> (root: Layer, layer: Layer) {
        let (root, l) = whiteRoot(40, 40)
        l.frame = Rect(x: 10, y: 10, width: 20, height: 20)
        l.contents = contents
        root.addSublayer(l)
        return (root, l)
    }

    func fade(_ l: Layer, from: Image?, to: Image?) throws {
        var a = BasicAnimation(keyPath: "contents", fromValue: .contents(.still(from)), toValue: .contents(.still(to)))
        a.duration = 1
        a.timingFunction = .linear
        try l.add(a, forKey: "fade")
    }

    /// Red to blue over 1 s, linear: at 0.25 s the mix is 3/4 red, 1/4 blue: (191, 0, 64);
    /// the presentation holds blue, fading from red; the model never changes.
    @Test func redToBlueMixesTexels() throws {
        let red = Image(width: 2, height: 2, fill: .red), blue = Image(width: 2, height: 2, fill: .blue)
        let (root, l) = layer(blue)
        try fade(l, from: red, to: blue)
        let quarter = root.presentation(at: 0.25)
        let shown = try #require(quarter.sublayers.first)
        #expect(shown.contents?.identity == blue.identity && shown.contentsFade?.from?.identity == red.identity)
        #expect(shown.contentsFade?.fraction == 0.25 && l.contentsFade == nil)
        let renderer = try makeRenderer()
        let mid = try renderer.render(layer: quarter, pixelWidth: 40, pixelHeight: 40, scale: 1)
        #expect(mid.rgba(20, 20).isClose(to: RGBA(191, 0, 64), within: 1), "\(mid.rgba(20, 20))")
        #expect(mid.rgba(5, 5) == RGBA(255, 255, 255))
        let end = try renderer.render(layer: root.presentation(at: 1), pixelWidth: 40, pixelHeight: 40, scale: 1)
        #expect(end.rgba(20, 20) == RGBA(0, 0, 255))
        #expect(root.presentation(at: 0).sublayers.first?.contents?.identity == red.identity)
    }

    /// From nothing: the image fades in over what is below, half way at 0.5 s
    /// (white and red halved: (255, 128, 128)).
    @Test func fromNothingFadesIn() throws {
        let red = Image(width: 2, height: 2, fill: .red)
        let (root, l) = layer(red)
        try fade(l, from: nil, to: red)
        let mid = try makeRenderer().render(layer: root.presentation(at: 0.5), pixelWidth: 40, pixelHeight: 40, scale: 1)
        #expect(mid.rgba(20, 20).isClose(to: RGBA(255, 128, 128), within: 1), "\(mid.rgba(20, 20))")
    }
}
