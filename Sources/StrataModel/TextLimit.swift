/// How text from any input is measured: in Unicode scalars, never in grapheme clusters. A
/// cluster may carry any number of combining marks (10 letters with 999 marks each are 10
/// "characters" and 10,000 scalars), so a limit in clusters bounds nothing; and one cluster
/// may hold at most `clusterScalars` scalars (a base and its marks), so shaping and layout
/// stay bounded per character.
public enum TextLimit {
    /// Scalars one grapheme cluster may hold (Unicode's stream-safe format allows 30
    /// non-starters in a row; real text uses a handful).
    public static let clusterScalars = 32

    /// The length every text limit counts.
    public static func length(_ text: String) -> Int { text.unicodeScalars.count }

    /// Why `text` is over `maximum` scalars or holds a cluster over `clusterScalars`; nil
    /// when it fits.
    public static func problem(_ text: String, maximum: Int) -> String? {
        let n = length(text)
        if n > maximum { return "is \(n) characters long (Unicode scalars); at most \(maximum) are allowed" }
        for (i, cluster) in text.enumerated() where cluster.unicodeScalars.count > clusterScalars {
            return "has a character of \(cluster.unicodeScalars.count) Unicode scalars (a letter and its combining marks) at character \(i + 1); one may have at most \(clusterScalars)"
        }
        return nil
    }

    /// The longest start of `text` of at most `maximum` scalars whose clusters are each cut
    /// to `clusterScalars` (typing past a limit is cut, not refused).
    public static func clipped(_ text: String, maximum: Int) -> String {
        var out = String.UnicodeScalarView()
        var count = 0
        for cluster in text {
            let scalars = cluster.unicodeScalars.prefix(clusterScalars)
            guard count + scalars.count <= maximum else { break }
            out.append(contentsOf: scalars)
            count += scalars.count
        }
        return String(out)
    }
}
