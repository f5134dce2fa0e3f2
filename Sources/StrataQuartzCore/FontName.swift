import StrataModel

/// iOS font names read as Strata fonts. iOS names a face by its PostScript name, a family
/// and a style after the last hyphen ("Helvetica-Bold", "HelveticaNeue-Medium",
/// "SFProText-Semibold", ".SFUI-Heavy", "AvenirNext-DemiBoldItalic", "Arial-BoldMT"), or by
/// its full name with a space ("Helvetica Bold"). None of those families is on Linux, and
/// a frame must not depend on which lookalikes a machine has installed, so every name
/// draws in the system font (Inter, as the system font does everywhere in Strata) at the
/// weight its style says; a name with no style, or one Strata does not know, is regular.
/// There is no italic in Strata's text: "Italic" and "Oblique" draw upright.
extension Font.Weight {
    /// The weight an iOS font name's style says (regular when it says none Strata knows).
    public init(iOSFontName name: String) {
        let cut = name.lastIndex(where: { $0 == "-" || $0 == " " })
        var style = cut.map { String(name[name.index(after: $0)...]) }?.lowercased() ?? ""
        // Width, slant and vendor tags say nothing of the weight ("CondensedBlack", "BoldMT").
        for tag in ["italic", "oblique", "condensed", "compressed", "expanded", "narrow", "wide"] {
            style = style.replacingOccurrences(of: tag, with: "")
        }
        for tag in ["mt", "ps"] where style.hasSuffix(tag) && style != tag { style.removeLast(tag.count) }
        self = Self.styles[style] ?? .regular
    }

    /// Style words of Apple's and other vendors' names, by the UIFont weight each one is.
    private static let styles: [String: Font.Weight] = [
        "ultralight": .ultraLight, "extralight": .ultraLight, "hairline": .ultraLight,
        "thin": .thin,
        "light": .light,
        "": .regular, "regular": .regular, "roman": .regular, "book": .regular, "normal": .regular, "plain": .regular,
        "medium": .medium,
        "semibold": .semibold, "demibold": .semibold, "demi": .semibold,
        "bold": .bold,
        "heavy": .heavy, "extrabold": .heavy, "ultrabold": .heavy,
        "black": .black,
    ]

    /// The name iOS gives its system font at this weight (`UIFont.systemFont(ofSize:weight:)`'s
    /// `fontName`): ".SFUI-Semibold". A weight between two of UIFont's takes the nearer one's.
    public var iOSSystemFontName: String {
        let names: [(Font.Weight, String)] = [(.ultraLight, "Ultralight"), (.thin, "Thin"), (.light, "Light"),
                                              (.regular, "Regular"), (.medium, "Medium"), (.semibold, "Semibold"),
                                              (.bold, "Bold"), (.heavy, "Heavy"), (.black, "Black")]
        let nearest = names.min { abs($0.0.value - value) < abs($1.0.value - value) }!
        return ".SFUI-" + nearest.1
    }
}
