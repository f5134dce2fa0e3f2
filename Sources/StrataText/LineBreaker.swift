/// Greedy line breaking of one paragraph: each line takes as much as fits, breaking at
/// the last opportunity before the overflow (UIKit's and Core Text's behaviour; no
/// Knuth-Plass balancing).
struct LineBreaker {
    enum Mode { case words, characters }

    let clusters: [Cluster]
    let mode: Mode

    /// Spaces a line may break after (not the no-break space U+00A0).
    static func isSpace(_ c: Character) -> Bool {
        guard let s = c.unicodeScalars.first, c.unicodeScalars.count == 1 else { return false }
        switch s.value {
        case 0x20, 0x09, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000: return true
        default: return false
        }
    }

    /// Width of clusters set on one line, spaces at the end hanging.
    static func width(of line: ArraySlice<Cluster>) -> Double {
        var end = line.endIndex
        while end > line.startIndex && line[end - 1].isSpace { end -= 1 }
        var w = 0.0
        for i in line.startIndex..<end { w += line[i].advance }
        return w
    }

    /// True when a line may end before cluster `i` (and after `i - 1`).
    func canBreak(before i: Int) -> Bool {
        guard i > 0, i < clusters.count else { return false }
        let a = clusters[i - 1], b = clusters[i]
        if b.isSpace { return false }
        guard let aLast = a.characters.last, let bFirst = b.characters.first else { return false }
        if Script.isNoStart(bFirst) || Script.isNoEnd(aLast) { return false }
        if a.isSpace { return true }
        switch mode {
        case .characters:
            return true
        case .words:
            if isCJK(a) || isCJK(b) { return true }
            // After a hyphen or dash inside a word, as UIKit breaks "well-known".
            if "-‐–—/".contains(aLast), i >= 2, !clusters[i - 2].isSpace { return true }
            return false
        }
    }

    private func isCJK(_ c: Cluster) -> Bool {
        c.characters.first?.unicodeScalars.first.map(Script.isCJK) ?? false
    }

    /// The paragraph's lines as cluster ranges. An empty paragraph still takes a line.
    func lines(width: Double?) -> [Range<Int>] {
        let n = clusters.count
        guard n > 0 else { return [0..<0] }
        guard let maxWidth = width else { return [0..<n] }
        var lines: [Range<Int>] = []
        var start = 0
        while start < n {
            var w = 0.0
            var lastBreak: Int?
            var end = n
            var i = start
            while i < n {
                let c = clusters[i]
                if i > start && canBreak(before: i) { lastBreak = i }
                let next = w + c.advance
                if !c.isSpace && i > start && next > maxWidth + TextLayout.fitTolerance {
                    // No opportunity yet: the word is wider than the line; cut it.
                    end = lastBreak ?? i
                    break
                }
                w = next
                i += 1
            }
            lines.append(start..<end)
            start = end
        }
        return lines
    }
}
