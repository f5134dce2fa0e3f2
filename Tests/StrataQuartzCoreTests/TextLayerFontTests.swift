#if canImport(UIKit)
import UIKit
#else
import StrataUIKitGraphics
#endif
import StrataModel
import Testing

/// CATextLayer.font set each way iOS code sets it, read on the Strata TextLayer underneath:
/// the weight the font or its name says, in the system family, at `fontSize` (the font's
/// own size is ignored, as on iOS).
@Suite struct TextLayerFontTests {
    private func drawn(_ font: CFTypeRef?, fontSize: CGFloat = 24) -> Font {
        let label = CATextLayer()
        label.fontSize = fontSize
        label.font = font
        return (label.strataLayer as! TextLayer).font
    }

    @Test func uiFontsGiveTheirWeight() {
        #expect(drawn(UIFont.systemFont(ofSize: 17, weight: .semibold)) == .systemFont(ofSize: 24, weight: .semibold))
        #expect(drawn(UIFont.systemFont(ofSize: 17)) == .systemFont(ofSize: 24, weight: .regular))
        #expect(drawn(UIFont.boldSystemFont(ofSize: 40)) == .systemFont(ofSize: 24, weight: .bold))
        #expect(drawn(UIFont(name: "HelveticaNeue-Medium", size: 12)) == .systemFont(ofSize: 24, weight: .medium))
        let weights: [(UIFont.Weight, Font.Weight)] = [(.ultraLight, .ultraLight), (.thin, .thin), (.light, .light),
                                                       (.regular, .regular), (.medium, .medium), (.semibold, .semibold),
                                                       (.bold, .bold), (.heavy, .heavy), (.black, .black),
                                                       // Between two of UIFont's: the nearer (0.5 is 0.06 from heavy's 0.56).
                                                       (UIFont.Weight(0.5), .heavy), (UIFont.Weight(rawValue: -0.75), .ultraLight)]
        for (weight, expected) in weights {
            #expect(drawn(UIFont.systemFont(ofSize: 17, weight: weight)).weight == expected, "\(weight.rawValue)")
        }
    }

    @Test func coreTextAndCoreGraphicsFontsGiveTheirNamesWeight() {
        #expect(drawn(CTFontCreateWithName("Helvetica-Bold" as CFString, 30, nil)) == .systemFont(ofSize: 24, weight: .bold))
        #expect(drawn(CGFont("HelveticaNeue-Light" as CFString)) == .systemFont(ofSize: 24, weight: .light))
        #expect(drawn(CGFont("Helvetica" as CFString)) == .systemFont(ofSize: 24, weight: .regular))
        #expect(CGFont("" as CFString) == nil)
        let ct = CTFontCreateWithName(".SFUI-Semibold" as CFString, 17, nil)
        #expect(CTFontGetSize(ct) == 17 && CTFontCopyPostScriptName(ct) == ".SFUI-Semibold")
        // UIFont is a CTFont, as iOS bridges them.
        let ui: CTFont = UIFont.systemFont(ofSize: 17, weight: .heavy)
        #expect(CTFontCopyPostScriptName(ui) == ".SFUI-Heavy" && CTFontGetSize(ui) == 17)
    }

    /// Names as iOS writes them: the style after the last hyphen (or space) gives the
    /// weight; slant, width and vendor tags are not weights; unknown families are the
    /// system font at their style's weight.
    @Test func namesGiveTheWeightTheirStyleSays() {
        let names: [(CFString, Font.Weight)] = [
            ("Helvetica-Bold", .bold), ("Helvetica", .regular), ("HelveticaNeue", .regular),
            (".SFUI-Semibold", .semibold), (".SFUI-Regular", .regular), ("SFProText-Medium", .medium),
            ("SFProDisplay-Thin", .thin), ("HelveticaNeue-UltraLight", .ultraLight), ("HelveticaNeue-Light", .light),
            ("SFProText-Heavy", .heavy), ("SFProDisplay-Black", .black), ("HelveticaNeue-CondensedBlack", .black),
            ("Helvetica-BoldOblique", .bold), ("HelveticaNeue-Italic", .regular), ("AvenirNext-DemiBoldItalic", .semibold),
            ("Arial-BoldMT", .bold), ("ArialMT", .regular), ("Futura-CondensedExtraBold", .heavy),
            ("Helvetica Bold", .bold), ("NoSuchFamily-Semibold", .semibold), ("NoSuchFamily", .regular),
            ("Helvetica-Gibberish", .regular),
        ]
        for (name, weight) in names {
            #expect(drawn(name) == .systemFont(ofSize: 24, weight: weight), "\(name)")
        }
        // A name known only at run time: `as CFTypeRef` (an NSString on iOS) or NSString.
        let runtime = "Helvetica-Bold"
        #expect(drawn(runtime as CFTypeRef).weight == .bold)
        #expect(drawn(runtime as NSString).weight == .bold)
    }

    @Test func defaultIsTheSystemFontAt36AndNilOrOtherObjectsGoBackToIt() {
        let label = CATextLayer()
        #expect((label.strataLayer as! TextLayer).font == Font(family: "Inter", size: 36, weight: .regular))
        #expect(label.fontSize == 36)
        #expect(CTFontCopyPostScriptName(label.font as! CTFont) == ".SFUI-Regular")
        label.font = UIFont.boldSystemFont(ofSize: 12)
        label.font = nil
        #expect((label.strataLayer as! TextLayer).font == .systemFont(ofSize: 36, weight: .regular))
        #expect(drawn(UIColor.red) == .systemFont(ofSize: 24, weight: .regular))
    }

    /// `fontSize` rules whichever is set first, and `font` reads back the object set.
    @Test func fontSizeRulesInEitherOrderAndFontReadsBack() {
        let label = CATextLayer()
        let font = UIFont.systemFont(ofSize: 40, weight: .bold)
        label.font = font
        label.fontSize = 20
        #expect((label.strataLayer as! TextLayer).font == .systemFont(ofSize: 20, weight: .bold))
        #expect(label.font === font)
        let name = "Helvetica-Bold" as CFString
        label.font = name
        #expect(label.font as? CFString === name)
        #expect((label.presentation()?.font as? CTFont)?.strataFont == .systemFont(ofSize: 20, weight: .bold))
    }
}
