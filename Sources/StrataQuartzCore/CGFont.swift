import StrataModel

/// Core Graphics' font: a face with no size, as `CATextLayer.font` takes one
/// (`CGFont("Helvetica-Bold" as CFString)`). It draws as the system font at the weight its
/// name's style says (`Font.Weight(iOSFontName:)`). A class, as the CF type is.
public final class CGFont: Hashable, CustomStringConvertible, @unchecked Sendable {
    /// The weight its name says.
    public let weight: Font.Weight
    private let name: String

    /// nil for an empty name. iOS answers nil for a name it has no font of; here every
    /// family is the system font, so any other name makes one.
    public init?(_ name: CFString) {
        guard !name.string.isEmpty else { return nil }
        self.name = name.string
        weight = Font.Weight(iOSFontName: name.string)
    }

    public var postScriptName: CFString? { CFString(name) }
    public var fullName: CFString? { CFString(name) }

    public static func == (a: CGFont, b: CGFont) -> Bool { a.name == b.name }
    public func hash(into h: inout Hasher) { h.combine(name) }
    public var description: String { "CGFont(\(name))" }
}
