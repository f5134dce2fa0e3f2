import CFreeType
import Foundation

/// The FreeType library instance and the lock its faces are used under, shared by a
/// `FontLibrary` and every `FontFace` it opened: a face may outlive the font library
/// (a TextLayout holds its faces), and FT_Done_FreeType must come after the last
/// FT_Done_Face.
final class FreeTypeLibrary: @unchecked Sendable {
    let library: FT_Library?
    let error: Int32
    /// FreeType objects must not be used from two threads at once.
    let lock = NSRecursiveLock()

    init() {
        var lib: FT_Library?
        error = FT_Init_FreeType(&lib)
        library = lib
    }

    deinit { if let library { FT_Done_FreeType(library) } }
}
