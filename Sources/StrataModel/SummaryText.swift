/// User text (a field's answer, an alert's title) as a one-line summary quotes it: at
/// most `limit` characters (Unicode scalars), then an ellipsis and the full length, so a status line or
/// message stays short whatever was typed.
public enum SummaryText {
    public static let limit = 40

    /// Counted in Unicode scalars (`TextLimit`), so letters under hundreds of combining
    /// marks are cut as well: the quote is at most `limit` scalars however the text is made.
    public static func quoted(_ text: String, limit: Int = SummaryText.limit) -> String {
        let n = TextLimit.length(text)
        let cut = TextLimit.clipped(text, maximum: limit)
        guard TextLimit.length(cut) < n else { return "\"\(text)\"" }
        return "\"\(cut)…\" (\(n) characters)"
    }
}
