import StrataModel

/// A string laid out in lines: which glyph of which face goes where, in points, from
/// the top-left of the text's box, with the box's size. The same at every output scale
/// (advances and kerning come unhinted from font units), so measuring and drawing agree.
///
/// - Paragraphs end at newlines; lines wrap to `width` between words, and between CJK
///   characters (not before closing punctuation or after opening punctuation), or
///   between any characters with `.byCharWrapping`; a word wider than the line breaks
///   between characters. Spaces at a line's end hang: they take no width.
/// - At most `style.numberOfLines` lines (0: no limit), and only as many as `height`
///   holds when given; the last line shown then ends as `lineBreakMode` says.
/// - Line boxes come from the primary font's metrics (fallback faces do not make a
///   line taller, so the baselines of mixed Chinese and Latin text stay put).
/// - Shaped by HarfBuzz (`Shaper`): kerning, ligatures, contextual forms, marks.
/// - A paragraph whose first strong character is right to left (Arabic, Hebrew) runs
///   right to left: its runs are put in visual order line by line (right-to-left runs
///   reversed, left-to-right ones such as Latin words and numbers kept), and the natural
///   alignment is then the right, as UIKit's is for such strings.
public struct TextLayout: Sendable {
    /// A glyph's pen position: x from the box's left edge, y its baseline from the top.
    public struct Glyph: Hashable, Sendable {
        public let face: FontFace
        public let glyph: UInt32
        public let x: Double
        public let y: Double
    }

    public struct Line: Sendable {
        public let glyphs: [Glyph]
        /// What the line shows, "…" included.
        public let text: String
        /// The line's left edge after alignment.
        public let x: Double
        /// Advance width, trailing spaces excluded.
        public let width: Double
        public let baseline: Double
    }

    public let string: String
    public let style: TextStyle
    public let lines: [Line]
    /// The widest line by the lines' total height: what `sizeThatFits` answers.
    public let size: Size
    /// True when text was left out (lines beyond the limit, or cut by "…").
    public let isTruncated: Bool
    /// The primary font's metrics at its size.
    public let metrics: FontMetrics
    /// Baseline-to-baseline distance.
    public let lineHeight: Double

    /// Tolerance for a line that exactly fits: a width measured here, fed back as the
    /// box width, must not wrap.
    static let fitTolerance = 1e-6

    /// `width` nil or not positive: lines break only at newlines. `height` nil or not
    /// positive: no limit from the box's height.
    public init(string: String, style: TextStyle, width: Double? = nil, height: Double? = nil,
                library: FontLibrary = .shared) throws {
        self.string = string
        self.style = style
        let primary = try library.face(for: style.font)
        metrics = primary.metrics(size: style.font.size)
        lineHeight = style.lineHeight ?? metrics.lineHeight
        let maxWidth = width.flatMap { $0 > 0 ? $0 : nil }

        let shaper = Shaper(font: style.font, primary: primary, library: library)
        let texts = TextLayout.paragraphs(string)
        let paragraphs = try texts.map { try shaper.clusters($0) }
        let rightToLeft = texts.map { p in p.lazy.compactMap(Script.strongDirection).first == .rightToLeft }
        let wrapMode: LineBreaker.Mode = style.lineBreakMode == .byCharWrapping ? .characters : .words

        // Every line the text would take, then the ones that are shown.
        var all: [(paragraph: Int, range: Range<Int>)] = []
        for (p, clusters) in paragraphs.enumerated() {
            let ranges = LineBreaker(clusters: clusters, mode: wrapMode).lines(width: maxWidth)
            all += ranges.map { (p, $0) }
        }
        var limit = style.numberOfLines > 0 ? style.numberOfLines : Int.max
        if let h = height, h > 0, lineHeight > 0 {
            // A box a hair shorter than its lines (layout rounding) still shows them.
            limit = min(limit, max(1, Checked.clampedInt(((h + 0.5) / lineHeight).rounded(.down))))
        }

        var shown: [[Cluster]] = all.prefix(limit).map { Array(paragraphs[$0.paragraph][$0.range]) }
        let shownRightToLeft = all.prefix(limit).map { rightToLeft[$0.paragraph] }
        isTruncated = all.count > limit
        if isTruncated, let last = all.prefix(limit).last {
            let rest = Array(paragraphs[last.paragraph][last.range.lowerBound...])
            let ellipsis = try shaper.ellipsis()
            let truncator = Truncator(ellipsis: ellipsis, width: maxWidth)
            switch style.lineBreakMode {
            case .byWordWrapping, .byCharWrapping: break
            case .byClipping: shown[shown.count - 1] = rest
            case .byTruncatingTail: shown[shown.count - 1] = truncator.tail(rest)
            case .byTruncatingMiddle: shown[shown.count - 1] = truncator.middle(rest)
            case .byTruncatingHead: shown[shown.count - 1] = truncator.head(rest)
            }
        }

        let widths = shown.map { LineBreaker.width(of: $0[...]) }
        let boxWidth = maxWidth ?? widths.max() ?? 0
        func alignment(_ line: Int) -> Double {
            switch style.alignment {
            case .left: return 0
            case .natural: return shownRightToLeft[line] ? 1 : 0
            case .center: return 0.5
            case .right: return 1
            }
        }
        // The natural line puts the ascender at the top; a set line height adds its
        // extra above the text, keeping the descender at the bottom.
        let baselineOffset = style.lineHeight == nil ? metrics.ascender : lineHeight - metrics.descender
        var lines: [Line] = []
        for (i, clusters) in shown.enumerated() {
            let x = (boxWidth - widths[i]) * alignment(i)
            let baseline = Double(i) * lineHeight + baselineOffset
            var glyphs: [Glyph] = []
            var pen = x
            for k in TextLayout.visualOrder(clusters, rightToLeft: shownRightToLeft[i]) {
                let c = clusters[k]
                for g in c.glyphs { glyphs.append(Glyph(face: g.face, glyph: g.glyph, x: pen + g.x, y: baseline - g.y)) }
                pen += c.advance
            }
            lines.append(Line(glyphs: glyphs, text: String(clusters.flatMap(\.characters)), x: x, width: widths[i],
                              baseline: baseline))
        }
        self.lines = lines
        size = Size(width: widths.max() ?? 0, height: Double(lines.count) * lineHeight)
    }

    /// Every glyph of every line.
    public var glyphs: [Glyph] { lines.flatMap(\.glyphs) }

    /// The order a line's clusters are drawn in, left to right: the reordering of
    /// Unicode's bidirectional algorithm (rule L2) over levels that the runs' directions
    /// give: a left-to-right paragraph has its right-to-left runs at level 1; a
    /// right-to-left one has them at 1 and its left-to-right runs at 2. A space takes its
    /// neighbours' direction when both have the same, else the paragraph's (rule N1, N2);
    /// spaces hanging at the line's end are drawn last and take no room.
    static func visualOrder(_ clusters: [Cluster], rightToLeft paragraph: Bool) -> [Int] {
        var end = clusters.count
        while end > 0 && clusters[end - 1].isSpace { end -= 1 }
        let base = paragraph ? 1 : 0
        func level(_ rtl: Bool) -> Int { rtl ? 1 : (paragraph ? 2 : 0) }
        var levels = [Int](repeating: base, count: end)
        for k in 0..<end where !clusters[k].isSpace { levels[k] = level(clusters[k].isRightToLeft) }
        var k = 0
        while k < end {
            guard clusters[k].isSpace else { k += 1; continue }
            var j = k
            while j < end && clusters[j].isSpace { j += 1 }
            let before = k > 0 ? levels[k - 1] : nil, after = j < end ? levels[j] : nil
            let neighbours = before == after ? before ?? base : base
            for n in k..<j { levels[n] = neighbours }
            k = j
        }
        var order = Array(0..<end)
        let highest = levels.max() ?? 0, lowestOdd = (levels.min() ?? 0) | 1
        if highest >= lowestOdd {
            for l in stride(from: highest, through: lowestOdd, by: -1) {
                var a = 0
                while a < end {
                    guard levels[order[a]] >= l else { a += 1; continue }
                    var b = a
                    while b < end && levels[order[b]] >= l { b += 1 }
                    order[a..<b].reverse()
                    a = b
                }
            }
        }
        return order + Array(end..<clusters.count)
    }

    /// The text split at newlines (\n, \r\n, \r, U+2028, U+2029 ...); an empty string has
    /// no paragraphs, so it takes no lines.
    static func paragraphs(_ s: String) -> [[Character]] {
        guard !s.isEmpty else { return [] }
        var out: [[Character]] = [[]]
        for c in s {
            if c.isNewline {
                out.append([])
            } else {
                out[out.count - 1].append(c)
            }
        }
        return out
    }
}

/// One shaping cluster, as layout moves it around: the glyphs HarfBuzz made of one or
/// more characters (a ligature, a conjunct), with its advance in points, kerning included.
struct Cluster: Sendable {
    struct Piece: Sendable {
        let face: FontFace
        let glyph: UInt32
        /// Offset from the cluster's pen position, points; y up (a mark above its base).
        let x: Double
        let y: Double
    }
    let characters: [Character]
    let glyphs: [Piece]
    let advance: Double
    /// A space lines may break after; it takes no width at a line's end.
    let isSpace: Bool
    /// From a run HarfBuzz set right to left.
    let isRightToLeft: Bool
}
