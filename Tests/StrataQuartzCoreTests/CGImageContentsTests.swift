import Foundation
import Testing
import StrataQuartzCore
import StrataModel
import StrataRender
import StrataTestSupport

/// CGImage from PNG and JPEG files, and `contents` with its gravity, rect, centre, scale and
/// filters written as iOS code writes them: the same frame as Strata's own API, pixels where
/// hand computation puts them.
@Suite(.serialized, .tags(.gl)) struct CGImageContentsTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/images").path

    /// The 40x20 quadrants JPEG through Core Graphics' data-provider initializer, as iOS code
    /// can read a file; the PNG initializer answers nil for it, as on iOS.
    @Test func aJPEGThroughADataProvider() throws {
        let provider = try #require(CGDataProvider(filename: Self.fixtures + "/quadrants.jpg"))
        let image = try #require(CGImage(jpegDataProviderSource: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent))
        #expect(image.width == 40 && image.height == 20 && image.bytesPerRow == 160)
        #expect(CGImage(pngDataProviderSource: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent) == nil)
        #expect(CGDataProvider(filename: Self.fixtures + "/missing.jpg") == nil)
        let cropped = try #require(image.cropping(to: CGRect(x: 20, y: 10, width: 20, height: 10)))
        #expect(cropped.width == 20 && cropped.strataImage.rgba(10, 5).isClose(to: RGBA(255, 255, 0), within: 6))
    }

    @Test func loadNamesTheFileItCannotRead() {
        do {
            _ = try CGImage.load(path: Self.fixtures + "/missing.png")
            Issue.record("loaded a missing file")
        } catch {
            #expect("\(error)".hasPrefix(Self.fixtures + "/missing.png: cannot read the image: "), "\(error)")
        }
    }

    /// `contents` as `Any?`: a CGImage reads back as the same object; anything else draws nothing.
    @Test func contentsTakesACGImage() throws {
        let image = try CGImage.load(path: Self.fixtures + "/quadrants.jpg")
        let layer = CALayer()
        layer.contents = image
        #expect((layer.contents as? CGImage) === image && layer.strataLayer.contents?.width == 40)
        layer.contents = "not an image"
        #expect(layer.contents as? String == "not an image" && layer.strataLayer.contents == nil)
        layer.contentsGravity = .resizeAspectFill
        #expect(layer.contentsGravity == .resizeAspectFill && layer.strataLayer.contentsGravity == .resizeAspectFill)
        layer.minificationFilter = .trilinear
        layer.magnificationFilter = .nearest
        #expect(layer.strataLayer.minificationFilter == .trilinear && layer.magnificationFilter == .nearest)
    }

    /// A 100x80 layer at (20, 20) in a 140x120 white root with the quadrants at contentsScale 2
    /// (20x10 points), gravity `top`: iOS puts them against the bottom edge, centred, at
    /// x 60..<80, y 90..<100 (pixels at scale 1). The same tree in Strata's own API gives the
    /// same bytes.
    @Test func gravityAsIOSCodeSetsIt() throws {
        let image = try CGImage.load(path: Self.fixtures + "/quadrants.jpg")
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 140, height: 120)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        let layer = CALayer()
        layer.frame = CGRect(x: 20, y: 20, width: 100, height: 80)
        layer.contents = image
        layer.contentsGravity = .top
        layer.contentsScale = 2
        layer.contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
        root.addSublayer(layer)
        let ours = try renderImage(of: root, size: CGSize(width: 140, height: 120), at: 0)
        #expect(ours.rgba(61, 91).isClose(to: RGBA(255, 0, 0), within: 8) && ours.rgba(78, 98).isClose(to: RGBA(255, 255, 0), within: 8))
        #expect(ours.rgba(70, 89) == RGBA(255, 255, 255) && ours.rgba(70, 60) == RGBA(255, 255, 255))

        let strataRoot = Layer()
        strataRoot.frame = Rect(x: 0, y: 0, width: 140, height: 120)
        strataRoot.backgroundColor = .white
        let strataLayer = Layer()
        strataLayer.frame = Rect(x: 20, y: 20, width: 100, height: 80)
        strataLayer.contents = image.strataImage
        strataLayer.contentsGravity = .top
        strataLayer.contentsScale = 2
        strataRoot.addSublayer(strataLayer)
        let theirs = try makeRenderer().render(layer: strataRoot, pixelWidth: 140, pixelHeight: 120, scale: 1)
        #expect(ours.pixels == theirs.pixels)
    }

    /// CABasicAnimation on "contents" with CGImages, as iOS code writes a cross-fade.
    @Test func aContentsAnimationTakesCGImages() throws {
        let red = CGImage(Image(width: 1, height: 1, fill: .red)), blue = CGImage(Image(width: 1, height: 1, fill: .blue))
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        let layer = CALayer()
        layer.frame = root.bounds
        layer.contents = blue
        let fade = CABasicAnimation(keyPath: "contents")
        fade.fromValue = red
        fade.toValue = blue
        fade.duration = 1
        fade.timingFunction = CAMediaTimingFunction(name: .linear)
        layer.add(fade, forKey: "fade")
        root.addSublayer(layer)
        let image = try renderImage(of: root, size: CGSize(width: 20, height: 20), at: 0.5)
        #expect(image.rgba(10, 10).isClose(to: RGBA(128, 0, 127), within: 1), "\(image.rgba(10, 10))")
    }
}

