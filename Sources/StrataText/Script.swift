/// The character classes layout needs: which characters are right to left (the
/// paragraph's direction, spaces in right-to-left runs), which are CJK (fallback cascade, and line breaks allowed between them), which may not start or
/// end a line (the kinsoku rules Chinese and Japanese typesetting share), and which
/// draw nothing.
enum Script {
    /// Han, kana, hangul, bopomofo, CJK symbols and punctuation, full-width forms.
    @Sendable static func isCJK(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x2E80...0x2FDF, 0x2FF0...0x2FFF, 0x3000...0x303F, 0x3040...0x30FF, 0x3100...0x312F,
             0x3130...0x318F, 0x3190...0x31FF, 0x3200...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA960...0xA97F, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFFEF,
             0x20000...0x3FFFF:
            return true
        default:
            return false
        }
    }

    enum Direction { case leftToRight, rightToLeft }

    /// The bidirectional class of a character's first scalar when it is strong: right to
    /// left for the Hebrew, Arabic, Syriac, Thaana, N'Ko and Arabic-presentation blocks,
    /// left to right for other letters; nil for digits, spaces, punctuation and marks.
    static func strongDirection(_ c: Character) -> Direction? {
        guard let s = c.unicodeScalars.first else { return nil }
        switch s.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF:
            return s.properties.isAlphabetic || s.properties.generalCategory == .otherLetter ? .rightToLeft : nil
        default:
            return s.properties.isAlphabetic && !s.properties.isDiacritic ? .leftToRight : nil
        }
    }

    /// Closing punctuation and small kana: never the first character of a line.
    static func isNoStart(_ c: Character) -> Bool { noStart.contains(c) }

    /// Opening punctuation: never the last character of a line.
    static func isNoEnd(_ c: Character) -> Bool { noEnd.contains(c) }

    /// Characters that draw nothing and take no space: joiners, variation selectors,
    /// byte order marks, soft hyphens (no hyphenation here).
    static func isIgnorable(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x00AD, 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2064, 0xFE00...0xFE0F, 0xFEFF, 0xE0100...0xE01EF:
            return true
        default:
            return s.value < 0x20 && s != "\t"
        }
    }

    private static let noStart = Set<Character>(
        "、。，．：；？！）」』】〕〉》〙〗”’・ー…‥々〻ゝゞヽヾぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ"
            + "）］｝，：；？！％｡｣､･ﾞﾟ,.:;?!)]}%")
    private static let noEnd = Set<Character>("（「『【〔〈《〘〖“‘（［｛｢([{")
}
