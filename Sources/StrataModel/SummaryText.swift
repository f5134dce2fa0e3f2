/// User text (a field's answer, an alert's title) as a one-line summary quotes it: at
/// most `limit` characters, then an ellipsis and the full length, so a status line or
/// message stays short whatever was typed.
public enum SummaryText {
    public static let limit = 40

    public static func quoted(_ text: String, limit: Int = SummaryText.limit) -> String {
        var count = 0
        var end = text.startIndex
        while end < text.endIndex && count < limit { end = text.index(after: end); count += 1 }
        guard end < text.endIndex else { return "\"\(text)\"" }
        return "\"\(text[..<end])…\" (\(text.count) characters)"
    }
}
