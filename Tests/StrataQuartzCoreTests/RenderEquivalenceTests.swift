import Testing
import StrataQuartzCore
import StrataModel
import StrataRender
import StrataTestSupport

/// The same tree written with QuartzCore's names and with Strata's own, rendered through
/// the same renderer: byte-identical frames, and pixels where hand computation puts them.
@Suite(.serialized, .tags(.gl)) struct RenderEquivalenceTests {
    /// A 200 x 200 white root; a red 100 x 100 card at the centre flipped 60 degrees about
    /// y under m34 = -1/500; a blue 20 x 20 dot moving linearly from (40, 30) to (160, 30)
    /// over 1 s.
    private func quartzTree() -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        let card = CALayer()
        card.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        card.position = CGPoint(x: 100, y: 100)
        card.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        var flip = CATransform3DIdentity
        flip.m34 = -1.0 / 500
        card.transform = CATransform3DRotate(flip, .pi / 3, 0, 1, 0)
        root.addSublayer(card)
        let dot = CALayer()
        dot.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        dot.position = CGPoint(x: 160, y: 30)
        dot.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let move = CABasicAnimation(keyPath: "position")
        move.fromValue = NSValue(cgPoint: CGPoint(x: 40, y: 30))
        move.toValue = NSValue(cgPoint: CGPoint(x: 160, y: 30))
        move.duration = 1
        move.timingFunction = CAMediaTimingFunction(name: .linear)
        dot.add(move, forKey: "move")
        root.addSublayer(dot)
        return root
    }

    private func strataTree() throws -> Layer {
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 200, height: 200)
        root.backgroundColor = .white
        let card = Layer()
        card.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        card.position = Point(x: 100, y: 100)
        card.backgroundColor = .red
        var flip = Transform3D.identity
        flip.m34 = -1.0 / 500
        card.transform = flip.rotated(.pi / 3, 0, 1, 0)
        root.addSublayer(card)
        let dot = Layer()
        dot.bounds = Rect(x: 0, y: 0, width: 20, height: 20)
        dot.position = Point(x: 160, y: 30)
        dot.backgroundColor = .blue
        var move = BasicAnimation(keyPath: "position", fromValue: .point(Point(x: 40, y: 30)), toValue: .point(Point(x: 160, y: 30)))
        move.duration = 1
        move.timingFunction = .linear
        try dot.add(move, forKey: "move")
        root.addSublayer(dot)
        return root
    }

    @Test func framesAreByteIdenticalToStrataOwnAPI() throws {
        let quartz = quartzTree()
        let strata = try strataTree()
        let clock = SceneClock()
        clock.attach(strata)
        let renderer = try makeRenderer()
        for time in [0, 0.25, 0.5, 1.5] {
            let ours = try renderImage(of: quartz, size: CGSize(width: 200, height: 200), scale: 2, at: time)
            clock.advance(to: time)
            let theirs = try renderer.render(layer: strata.presentation(at: time), pixelWidth: 400, pixelHeight: 400, scale: 2)
            #expect(ours.width == 400 && ours.pixels == theirs.pixels, "at \(time) s")
        }
    }

    @Test func pixelsLandWhereHandComputationPutsThem() throws {
        let tree = quartzTree()
        let red = RGBA(255, 0, 0), white = RGBA(255, 255, 255), blue = RGBA(0, 0, 255)
        let start = try renderImage(of: tree, size: CGSize(width: 200, height: 200), at: 0)
        #expect(start.rgba(32, 30).isClose(to: blue, within: 2) && start.rgba(92, 30).isClose(to: white, within: 2))
        let half = try renderImage(of: tree, size: CGSize(width: 200, height: 200), at: 0.5)
        // The dot halfway: centred at x = 100, covering 90...110.
        for (x, color) in [(92, blue), (85, white), (108, blue), (112, white)] {
            #expect(half.rgba(x, 30).isClose(to: color, within: 2), "dot at x \(x): \(half.rgba(x, 30))")
        }
        // A point x of the card (from its centre) lands at x cos60 / (1 + x sin60 / 500):
        // the left edge (-50) at 100 - 27.37, the right (+50) at 100 + 23.01.
        for (x, color) in [(75, red), (70, white), (121, red), (125, white)] {
            #expect(half.rgba(x, 100).isClose(to: color, within: 2), "card at x \(x): \(half.rgba(x, 100))")
        }
        // The near (left) side is taller: at x = 76.5 the top edge is at 100 - 54.07, at
        // x = 120.5 at 100 - 46.45; without perspective both would be at 50.
        #expect(half.rgba(76, 48).isClose(to: red, within: 2), "\(half.rgba(76, 48))")
        #expect(half.rgba(120, 50).isClose(to: white, within: 2), "\(half.rgba(120, 50))")
    }

    @Test func gradientTextAndTransformLayersMatchTheirStrataClasses() throws {
        let root = CATransformLayer()
        root.frame = CGRect(x: 0, y: 0, width: 160, height: 120)
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 0, y: 0, width: 160, height: 120)
        gradient.colors = [CGColor(red: 1, green: 0.5, blue: 0, alpha: 1), CGColor(red: 0, green: 0.2, blue: 1, alpha: 1)]
        gradient.startPoint = CGPoint(x: 0, y: 0)
        gradient.endPoint = CGPoint(x: 1, y: 1)
        let shimmer = CABasicAnimation(keyPath: "locations")
        shimmer.fromValue = [0, 0.2]
        shimmer.toValue = [0.8, 1]
        shimmer.duration = 2
        gradient.add(shimmer, forKey: "shimmer")
        root.addSublayer(gradient)
        let label = CATextLayer()
        label.frame = CGRect(x: 10, y: 40, width: 140, height: 40)
        label.string = "Strata"
        label.fontSize = 24
        label.foregroundColor = CGColor(gray: 1, alpha: 1)
        label.alignmentMode = .center
        label.zPosition = 10
        root.addSublayer(label)

        let strataRoot = TransformLayer()
        strataRoot.frame = Rect(x: 0, y: 0, width: 160, height: 120)
        let strataGradient = GradientLayer()
        strataGradient.frame = Rect(x: 0, y: 0, width: 160, height: 120)
        strataGradient.colors = [Color(red: 1, green: 0.5, blue: 0), Color(red: 0, green: 0.2, blue: 1)]
        strataGradient.startPoint = Point(x: 0, y: 0)
        strataGradient.endPoint = Point(x: 1, y: 1)
        var strataShimmer = BasicAnimation(keyPath: "locations", fromValue: .doubles([0, 0.2]), toValue: .doubles([0.8, 1]))
        strataShimmer.duration = 2
        try strataGradient.add(strataShimmer, forKey: "shimmer")
        strataRoot.addSublayer(strataGradient)
        let strataLabel = TextLayer()
        strataLabel.frame = Rect(x: 10, y: 40, width: 140, height: 40)
        strataLabel.string = "Strata"
        strataLabel.fontSize = 24
        strataLabel.foregroundColor = .white
        strataLabel.alignmentMode = .center
        strataLabel.zPosition = 10
        strataRoot.addSublayer(strataLabel)

        let clock = SceneClock()
        clock.attach(strataRoot)
        let renderer = try makeRenderer()
        for time in [0.0, 0.7, 1.9] {
            let ours = try renderImage(of: root, size: CGSize(width: 160, height: 120), at: time)
            clock.advance(to: time)
            let theirs = try renderer.render(layer: strataRoot.presentation(at: time), pixelWidth: 160, pixelHeight: 120, scale: 1)
            #expect(ours.pixels == theirs.pixels, "at \(time) s")
        }
        // The label's white glyphs are drawn, and the shimmer moves the gradient.
        let frame = try renderImage(of: root, size: CGSize(width: 160, height: 120), at: 1)
        #expect(frame.pixels != (try renderImage(of: root, size: CGSize(width: 160, height: 120), at: 1.9)).pixels)
        #expect(frame.count(RGBA(255, 255, 255), within: 8, x: 10..<150, y: 40..<80) > 20)
    }

    @Test func renderPNGWritesTheFrame() throws {
        let directory = try temporaryDirectory("quartz-render")
        let path = directory + "/flip.png"
        let tree = quartzTree()
        try renderPNG(of: tree, size: CGSize(width: 200, height: 200), scale: 1, at: 0.5, to: path)
        let written = try PNG.read(path: path)
        #expect(written.pixels == (try renderImage(of: tree, size: CGSize(width: 200, height: 200), at: 0.5)).pixels)
    }
}
