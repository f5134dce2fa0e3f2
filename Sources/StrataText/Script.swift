/// The character classes layout needs without a Unicode database: which characters are
/// CJK (fallback cascade, and line breaks allowed between them), which may not start or
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
