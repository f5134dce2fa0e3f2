/// Cuts the last visible line to fit its width with "…" at the tail, the middle or the
/// head, between characters (not words), as UIKit's truncating line break modes do.
/// Spaces next to the ellipsis are dropped.
struct Truncator {
    let ellipsis: Cluster
    /// Nil: the line has room for everything; only the lines after it were cut.
    let width: Double?

    /// `rest` is everything from the line's start to the end of its paragraph.
    func tail(_ rest: [Cluster]) -> [Cluster] {
        guard let width else { return trimmedEnd(rest) + [ellipsis] }
        var best = 0
        for k in stride(from: rest.count, through: 0, by: -1) {
            if LineBreaker.width(of: rest[0..<k]) + ellipsis.advance <= width + TextLayout.fitTolerance { best = k; break }
        }
        return trimmedEnd(Array(rest[0..<best])) + [ellipsis]
    }

    func head(_ rest: [Cluster]) -> [Cluster] {
        guard let width else { return [ellipsis] + trimmedStart(rest) }
        var best = rest.count
        for k in 0...rest.count {
            if suffixWidth(rest[k...]) + ellipsis.advance <= width + TextLayout.fitTolerance { best = k; break }
        }
        return [ellipsis] + trimmedStart(Array(rest[best...]))
    }

    /// Grows the kept start and end in turn, the shorter one first, while both fit.
    func middle(_ rest: [Cluster]) -> [Cluster] {
        guard let width, LineBreaker.width(of: rest[...]) > width + TextLayout.fitTolerance else { return tail(rest) }
        let budget = width - ellipsis.advance + TextLayout.fitTolerance
        var headCount = 0, tailCount = 0
        func total(_ h: Int, _ t: Int) -> Double {
            LineBreaker.width(of: rest[0..<h]) + suffixWidth(rest[(rest.count - t)...])
        }
        while headCount + tailCount < rest.count {
            let headFirst = LineBreaker.width(of: rest[0..<headCount]) <= suffixWidth(rest[(rest.count - tailCount)...])
            if headFirst, total(headCount + 1, tailCount) <= budget { headCount += 1 }
            else if total(headCount, tailCount + 1) <= budget { tailCount += 1 }
            else if !headFirst, total(headCount + 1, tailCount) <= budget { headCount += 1 }
            else { break }
        }
        return trimmedEnd(Array(rest[0..<headCount])) + [ellipsis] + trimmedStart(Array(rest[(rest.count - tailCount)...]))
    }

    /// Width of clusters that start right after the ellipsis, leading spaces dropped.
    private func suffixWidth(_ s: ArraySlice<Cluster>) -> Double {
        var start = s.startIndex
        while start < s.endIndex && s[start].isSpace { start += 1 }
        return LineBreaker.width(of: s[start...])
    }

    private func trimmedEnd(_ c: [Cluster]) -> [Cluster] {
        var c = c
        while c.last?.isSpace == true { c.removeLast() }
        return c
    }

    private func trimmedStart(_ c: [Cluster]) -> [Cluster] { Array(c.drop { $0.isSpace }) }
}
