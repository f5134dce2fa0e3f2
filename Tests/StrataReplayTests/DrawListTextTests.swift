import Foundation
import Testing
import StrataGestures
import StrataModel
@testable import StrataRender
import StrataScenes
@testable import StrataReplay
import StrataTestSupport

/// What the compositor would send to GL, as text (`DrawList.text`), against
/// Tests/References/drawlists/: the draws of a scene's frame checked without GL, so a
/// change to the builder shows as lines in a diff before any pixel is drawn.
@Suite struct DrawListTextTests {
    /// The draw list of `name`'s frame at `time` as `strata render` draws it: the scene with
    /// `options`, its render script played from 0, stepped without drawing.
    func drawList(_ name: String, options: [String: TraceValue] = [:], at time: Double? = nil) throws -> DrawList {
        let d = try #require(SceneRegistry.descriptor(named: name))
        let view = d.defaultViewSize, scale = d.defaultScale
        let scene = try d.makeScene(options: options, viewSize: view, scale: scale)
        let header = TraceHeader(scene: name, width: view.width, height: view.height, scale: scale, fps: 60,
                                 options: try d.sceneOptions(options).resolved)
        let replayer = try Replayer(trace: Trace(header: header, events: try d.scriptEvents([:], for: scene)), name: name,
                                    scenes: SceneRegistry.catalog)
        let frame = Int(((time ?? d.defaultTime) * 60).rounded())
        var list: DrawList?
        try replayer.simulate { step in
            guard step.index == frame else { return }
            list = try DrawListBuilder(pixelWidth: replayer.pixelWidth, pixelHeight: replayer.pixelHeight, scale: replayer.scale)
                .build(root: step.scene.presentationLayer)
        }
        return try #require(list, "\(name) has no frame \(frame)")
    }

    @Test func theCarouselUnderPerspective() throws {
        let list = try drawList("carousel", options: ["angle": 30])
        // Five planes, each a shadow then its layer, drawn back to front.
        #expect(list.text.split(separator: "\n").filter { $0.hasPrefix("layer ") }.count >= 5)
        try expectMatchesTextReference(list.text, "drawlists/carousel-30")
    }

    @Test func theSeedsAlert() throws {
        try expectMatchesTextReference(try drawList("alert", options: ["example": "simple"]).text, "drawlists/alert-simple")
    }

    @Test func theKitchenSink() throws {
        try expectMatchesTextReference(try drawList("kitchensink").text, "drawlists/kitchen-sink")
    }

    /// Every kind of draw from one small tree: shadow, layer with a gradient and a border,
    /// a group with a mask, text, a shape and a backdrop; the numbers are worked out here.
    @Test func everyKindOfDraw() throws {
        let root = Layer()
        root.name = "root"
        root.bounds = Rect(x: 0, y: 0, width: 200, height: 120)
        root.backgroundColor = .white

        let card = GradientLayer()
        card.name = "card"
        card.frame = Rect(x: 10, y: 10, width: 80, height: 40)
        card.cornerRadius = 8
        card.colors = [.red, .blue]
        card.borderWidth = 1
        card.borderColor = .black
        card.shadowOpacity = 0.5
        card.shadowRadius = 2
        root.addSublayer(card)

        let clip = Layer()
        clip.name = "clip"
        clip.frame = Rect(x: 100, y: 10, width: 60, height: 60)
        clip.cornerRadius = 10
        clip.masksToBounds = true
        clip.opacity = 0.5
        let inner = Layer()
        inner.name = "inner"
        inner.frame = Rect(x: -10, y: -10, width: 40, height: 40)
        inner.backgroundColor = .green
        clip.addSublayer(inner)
        root.addSublayer(clip)

        let label = TextLayer()
        label.name = "label"
        label.string = "Hi"
        label.font = .systemFont(ofSize: 17)
        label.foregroundColor = .black
        label.frame = Rect(x: 10, y: 60, width: 80, height: 24)
        root.addSublayer(label)

        let star = ShapeLayer()
        star.name = "tick"
        star.frame = Rect(x: 10, y: 90, width: 20, height: 20)
        var path = Path()
        path.addLines(between: [Point(x: 2, y: 10), Point(x: 8, y: 16), Point(x: 18, y: 4)])
        star.path = path
        star.fillColor = nil
        star.strokeColor = .blue
        star.lineWidth = 2
        root.addSublayer(star)

        let glass = BackdropLayer()
        glass.name = "glass"
        glass.frame = Rect(x: 120, y: 80, width: 60, height: 30)
        glass.material = Material(blurRadius: 10, saturation: 1.8, tint: Color(red: 1, green: 1, blue: 1, alpha: 0.3))
        root.addSublayer(glass)

        let list = try DrawListBuilder(pixelWidth: 200, pixelHeight: 120, scale: 1).build(root: root)
        let lines = list.text.split(separator: "\n").map(String.init)
        // The root's background is the frame's clear colour.
        #expect(lines.first == "frame 200x120 px clear #FFFFFF")
        // The card's frame origin (10, 10) is where its local (0, 0) lands: a move only.
        #expect(lines.contains { $0.hasPrefix("layer card rect 0 0 80 40 radius 8 gradient axial 0.5 0 to 0.5 1 stops 0 #FF0000, 1 #0000FF border 1 #000000 opacity 1 at 10 10") },
                "\(list.text)")
        // Its shadow: CA's default offset (0, -3) moves the shape; shadowRadius is the sigma;
        // shadowOpacity 0.5 of black is alpha 0x80.
        #expect(lines.contains { $0.hasPrefix("shadow card.shadow rect 0 -3 80 40 radius 8 sigma 2 color #00000080 ") && $0.hasSuffix(" at 10 10") },
                "\(list.text)")
        try expectMatchesTextReference(list.text, "drawlists/every-kind")
    }

    /// Rounded to a thousandth: a last bit of floating point noise is not a change.
    @Test func numbersAreRoundedAndMatricesNamedByWhatTheyDo() {
        #expect(DrawListText.number(0.1 + 0.2) == "0.3")
        #expect(DrawListText.number(-0.0001) == "0")
        #expect(DrawListText.number(12) == "12")
        #expect(DrawListText.matrix(.makeTranslation(3, 4.5, 0)) == "at 3 4.5")
        #expect(DrawListText.matrix(Transform3D.makeScale(2, 2, 1).concatenating(.makeTranslation(1, 1, 0))) == "scale 2 2 at 1 1")
        #expect(DrawListText.matrix(.makeRotation(.pi / 2, 0, 0, 1)) == "affine 0 1 -1 0 at 0 0")
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 500
        #expect(DrawListText.matrix(perspective) == "at 0 0", "a point of the plane (z = 0) meets no m34")
        perspective = Transform3D.makeRotation(.pi / 6, 0, 1, 0).concatenating(perspective)
        // x' = x cos 30°, w = 1 + x sin 30° / 500 (CA's row vectors: p' = p M).
        #expect(DrawListText.matrix(perspective) == "projective 0.866 0 0.001 | 0 1 0 | 0 0 1")
    }
}
