import StrataModel

/// Core Text's font, as layer code hands one to `CATextLayer.font`: a name and a size,
/// drawn as the Strata font its name reads as (the system font at the name's weight; see
/// `Font.Weight(iOSFontName:)`). An NSObject class, so that UIFont (toll-free bridged to
/// CTFont on iOS) can be one here.
open class CTFont: NSObject, @unchecked Sendable {
    /// The Strata font this one draws as.
    public let strataFont: Font
    /// The PostScript name it was made with (iOS's system font: ".SFUI-Regular" ...).
    public let postScriptName: String

    /// `font` drawn under `name`; nil names it as iOS names its system font at that weight.
    public init(_ font: Font, name: String? = nil) {
        strataFont = font
        postScriptName = name ?? font.weight.iOSSystemFontName
        super.init()
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CTFont else { return false }
        return other.strataFont == strataFont && other.postScriptName == postScriptName
    }
    open override var hash: Int { strataFont.hashValue ^ postScriptName.hashValue }
    open override var description: String { "\(type(of: self))(\(postScriptName), \(strataFont))" }
}

/// Core Text's `CTFontCreateWithName`. Any name makes a font (iOS substitutes Helvetica for
/// one it lacks; here every family is the system font, at the weight the name's style says).
/// `matrix` is accepted and ignored, as CATextLayer draws at its own `fontSize`.
public func CTFontCreateWithName(_ name: CFString, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?) -> CTFont {
    CTFont(Font.systemFont(ofSize: Double(size), weight: Font.Weight(iOSFontName: name.string)), name: name.string)
}

/// The point size the font was made with.
public func CTFontGetSize(_ font: CTFont) -> CGFloat { CGFloat(font.strataFont.size) }

/// The name the font was made with.
public func CTFontCopyPostScriptName(_ font: CTFont) -> CFString { CFString(font.postScriptName) }
