import StrataModel

/// Why text could not be laid out or drawn, worded for the person who has to fix it:
/// almost always a font package that is not installed.
public enum FontError: Error, Equatable, CustomStringConvertible {
    /// No installed font has this family; `package` is the Debian package that ships it.
    case familyNotFound(family: String, package: String?)
    /// A font file fontconfig listed could not be opened by FreeType.
    case unreadableFont(path: String, freeTypeError: Int32)
    /// FreeType itself failed to start.
    case freeTypeUnavailable(Int32)

    public var description: String {
        switch self {
        case let .familyNotFound(family, package?):
            return "font family \(family) not found: install \(package) (make deps)"
        case let .familyNotFound(family, nil):
            return "font family \(family) not found: no installed font has that family (fc-list : family lists them)"
        case let .unreadableFont(path, code):
            return "font file \(path) could not be read (FreeType error \(code))"
        case .freeTypeUnavailable(let code):
            return "FreeType failed to initialise (error \(code))"
        }
    }
}

extension FontError: DiagnosticConvertible {}
