import Foundation

/// A name that comes from a trace or a results file (a trace's name, a frame's name) made
/// into one path component that stays where it is put: `/` and NUL, control characters,
/// Unicode noncharacters and the replacement character (what bytes that are not UTF-8
/// decode to) become `_`, and leading dots become `_`, so `.`, `..` and `...` can never
/// name the folder itself or its parent, nor hide the file. Ordinary names pass unchanged.
public enum SafeFileName {
    public static func make(_ name: String) -> String {
        var scalars = String.UnicodeScalarView()
        for s in name.unicodeScalars {
            let unsafe = s == "/" || s == "\\" || s.properties.generalCategory == .control
                || s.properties.isNoncharacterCodePoint || s == "\u{FFFD}"
                || s.properties.generalCategory == .lineSeparator || s.properties.generalCategory == .paragraphSeparator
            scalars.append(unsafe ? "_" : s)
        }
        var safe = String(scalars)
        let dots = safe.prefix { $0 == "." }.count
        safe = String(repeating: "_", count: dots) + safe.dropFirst(dots)
        if safe.isEmpty { safe = "_" }
        // A path component is at most 255 bytes; the kind suffixes ("-expected.png") fit after 200.
        while safe.utf8.count > 200 { safe.removeLast() }
        return safe
    }
}
