import StrataModel
import StrataRender
import StrataTestSupport
import StrataUIKitGraphics
import Testing

/// CATextLayer.font drawn: the same engine as Strata's own TextLayer, and a bold weight
/// that is really heavier.
@Suite(.serialized, .tags(.gl)) struct TextLayerFontRenderTests {
    private let size = CGSize(width: 200, height: 80)

    private func quartzLabel(_ string: String, font: CFTypeRef?) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 80)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        let label = CATextLayer()
        label.frame = CGRect(x: 10, y: 20, width: 180, height: 40)
        label.string = string
        label.font = font
        label.fontSize = 20
        label.foregroundColor = CGColor(gray: 0, alpha: 1)
        root.addSublayer(label)
        return root
    }

    private func strataLabel(_ string: String, weight: Font.Weight) -> Layer {
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 200, height: 80)
        root.backgroundColor = .white
        let label = TextLayer()
        label.frame = Rect(x: 10, y: 20, width: 180, height: 40)
        label.string = string
        label.font = .systemFont(ofSize: 20, weight: weight)
        label.foregroundColor = .black
        root.addSublayer(label)
        return root
    }

    /// UIFont at 40 pt bold, with fontSize 20, draws exactly as a TextLayer in the system
    /// font at 20 pt bold (the font's own size is ignored, as on iOS), and not as regular.
    @Test func uiFontFrameIsByteIdenticalToTheTextLayerAtItsWeight() throws {
        let quartz = quartzLabel("Bold Type 20", font: UIFont.systemFont(ofSize: 40, weight: .bold))
        let renderer = try makeRenderer()
        let ours = try renderImage(of: quartz, size: size, scale: 2, at: 0)
        let strata = strataLabel("Bold Type 20", weight: .bold)
        let clock = SceneClock()
        clock.attach(strata)
        let theirs = try renderer.render(layer: strata.presentation(at: 0), pixelWidth: 400, pixelHeight: 160, scale: 2)
        #expect(ours.width == 400 && ours.pixels == theirs.pixels)
        let regular = try renderer.render(layer: strataLabel("Bold Type 20", weight: .regular).presentation(at: 0),
                                          pixelWidth: 400, pixelHeight: 160, scale: 2)
        #expect(ours.pixels != regular.pixels)
        // A name and a CGFont draw the same as the UIFont.
        let named = try renderImage(of: quartzLabel("Bold Type 20", font: "Helvetica-Bold" as CFString), size: size, scale: 2, at: 0)
        let cgFont = try renderImage(of: quartzLabel("Bold Type 20", font: CGFont(".SFUI-Bold" as CFString)), size: size, scale: 2, at: 0)
        #expect(named.pixels == ours.pixels && cgFont.pixels == ours.pixels)
    }

    /// "IIII" at 20 pt, scale 2 (a 40 px em, Inter Display from 20 pt): Inter Display's I is
    /// a bare stem 1472/2048 em tall (28.75 px), 176/2048 em wide in Regular (3.44 px) and
    /// 320/2048 em in Bold (6.25 px) (FreeType's unscaled glyph metrics of the installed
    /// fonts). Pixels at least half covered (all channels <= 127 on white): 3 or 4 columns
    /// and 28 or 29 rows a regular stem, 6 or 7 columns a bold one; so four stems give
    /// 4 * 3 * 28 = 336 ... 4 * 4 * 29 = 464 dark pixels regular and 4 * 6 * 28 = 672 ...
    /// 4 * 7 * 29 = 812 bold.
    @Test func boldTextIsHeavierThanRegular() throws {
        func darkPixels(_ font: CFTypeRef?) throws -> Int {
            let image = try renderImage(of: quartzLabel("IIII", font: font), size: size, scale: 2, at: 0)
            return image.count(RGBA(0, 0, 0), within: 127, x: 0..<400, y: 0..<160)
        }
        let regular = try darkPixels(UIFont.systemFont(ofSize: 20))
        let bold = try darkPixels(UIFont.boldSystemFont(ofSize: 20))
        #expect((4 * 3 * 28)...(4 * 4 * 29) ~= regular, "\(regular)")
        #expect((4 * 6 * 28)...(4 * 7 * 29) ~= bold, "\(bold)")
        #expect(bold > regular)
    }
}
