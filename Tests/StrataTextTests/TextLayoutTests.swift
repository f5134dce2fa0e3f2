import Testing
import StrataModel
import StrataText
import StrataTestSupport

/// Measuring, wrapping, truncation and alignment, all without GL.
struct TextLayoutTests {
    func style(_ size: Double = 17, _ weight: Font.Weight = .regular, lines: Int = 0,
               mode: LineBreakMode = .byWordWrapping, alignment: TextAlignment = .natural) -> TextStyle {
        TextStyle(font: .systemFont(ofSize: size, weight: weight), alignment: alignment, lineBreakMode: mode,
                  numberOfLines: lines)
    }

    @Test func aSemiboldChineseTitleMeasuresFromTheFaceMetrics() throws {
        let layout = try TextLayout(string: "标题", style: style(17, .semibold))
        // Noto Sans CJK ideographs are one em wide; the line box is Inter's (the primary
        // font): (2728 + 680) / 2816 em.
        #expect(abs(layout.size.width - 34) < 1e-9)
        #expect(abs(layout.size.height - 17 * 3408 / 2816) < 1e-9)
        #expect(abs(layout.lineHeight - 20.5739) < 1e-4)
        #expect(abs(layout.lines[0].baseline - 17 * 2728 / 2816) < 1e-9)
        #expect(layout.glyphs.count == 2 && layout.glyphs.allSatisfy { $0.face.familyName == "Noto Sans CJK SC" })
    }

    @Test func mixedScriptsShareOneBaseline() throws {
        let layout = try TextLayout(string: "OK好的", style: style())
        #expect(Set(layout.glyphs.map(\.y)).count == 1)
        #expect(Set(layout.glyphs.map(\.face.familyName)) == ["Inter", "Noto Sans CJK SC"])
        // Pens advance left to right.
        #expect(zip(layout.glyphs, layout.glyphs.dropFirst()).allSatisfy { $0.x < $1.x })
    }

    @Test func longTextWrapsGreedilyBetweenWords() throws {
        let string = "The quick brown fox jumps over the lazy dog and keeps running"
        let layout = try TextLayout(string: string, style: style(), width: 120)
        #expect(layout.lines.count == 5, "\(layout.lines.map(\.text))")
        #expect(layout.lines.allSatisfy { $0.width <= 120 })
        // Nothing lost, no word split, and no line could have taken the next word.
        #expect(layout.lines.map { $0.text.trimmingCharacters(in: .whitespaces) }.joined(separator: " ") == string)
        for (line, next) in zip(layout.lines, layout.lines.dropFirst()) {
            let nextWord = next.text.split(separator: " ").first.map(String.init) ?? ""
            let longer = try TextLayout(string: line.text + nextWord, style: style())
            #expect(longer.size.width > 120, "\(line.text) + \(nextWord)")
        }
        #expect(abs(layout.size.height - 5 * layout.lineHeight) < 1e-9)
        #expect(!layout.isTruncated)
    }

    @Test func chineseWrapsBetweenAnyTwoCharacters() throws {
        let layout = try TextLayout(string: "登录密码提示标题取消好的", style: style(), width: 70)
        #expect(layout.lines.map(\.text) == ["登录密码", "提示标题", "取消好的"])
    }

    @Test func closingPunctuationNeverStartsALine() throws {
        let layout = try TextLayout(string: "好的，取消。", style: style(), width: 34)
        #expect(layout.lines.count > 1)
        for line in layout.lines { #expect(!line.text.hasPrefix("，") && !line.text.hasPrefix("。"), "\(layout.lines.map(\.text))") }
    }

    @Test func aWordWiderThanTheLineBreaksBetweenCharacters() throws {
        let layout = try TextLayout(string: "Supercalifragilistic", style: style(), width: 60)
        #expect(layout.lines.count > 2)
        #expect(layout.lines.allSatisfy { $0.width <= 60 })
        #expect(layout.lines.map(\.text).joined() == "Supercalifragilistic")
    }

    @Test func charWrappingBreaksInsideWords() throws {
        let words = try TextLayout(string: "aaaa bbbbbbbb", style: style(), width: 80)
        let chars = try TextLayout(string: "aaaa bbbbbbbb", style: style(mode: .byCharWrapping), width: 80)
        #expect(words.lines[0].text == "aaaa ")
        #expect(chars.lines[0].text.hasPrefix("aaaa b"))
    }

    @Test func newlinesStartParagraphsAndEmptyOnesTakeALine() throws {
        let layout = try TextLayout(string: "one\ntwo\n\nfour", style: style())
        #expect(layout.lines.map(\.text) == ["one", "two", "", "four"])
        #expect(try TextLayout(string: "", style: style()).size == .zero)
    }

    @Test func tailTruncationEndsInAnEllipsisWithinTheWidth() throws {
        let layout = try TextLayout(string: "This is completions block", style: style(lines: 1, mode: .byTruncatingTail), width: 100)
        #expect(layout.lines.count == 1 && layout.isTruncated)
        let text = layout.lines[0].text
        #expect(text.hasSuffix("…") && text.hasPrefix("This is"), "\(text)")
        #expect(layout.lines[0].width <= 100)
        #expect(layout.lines[0].width > 80, "the cut is between characters, not words")
    }

    @Test func middleTruncationKeepsBothEnds() throws {
        let layout = try TextLayout(string: "This is completions block", style: style(lines: 1, mode: .byTruncatingMiddle), width: 120)
        let text = layout.lines[0].text
        #expect(text.hasPrefix("This") && text.hasSuffix("block") && text.contains("…"), "\(text)")
        #expect(layout.lines[0].width <= 120)
        let head = try TextLayout(string: "This is completions block", style: style(lines: 1, mode: .byTruncatingHead), width: 100)
        #expect(head.lines[0].text.hasPrefix("…") && head.lines[0].text.hasSuffix("block"), "\(head.lines[0].text)")
    }

    @Test func theLastOfNumberOfLinesIsTruncated() throws {
        let string = "A message long enough to need three or four lines at this width, for sure"
        let layout = try TextLayout(string: string, style: style(13, lines: 2, mode: .byTruncatingTail), width: 120)
        #expect(layout.lines.count == 2 && layout.isTruncated)
        #expect(!layout.lines[0].text.contains("…") && layout.lines[1].text.hasSuffix("…"))
        #expect(layout.lines[1].width <= 120)
        let clipped = try TextLayout(string: string, style: style(13, lines: 2, mode: .byWordWrapping), width: 120)
        #expect(clipped.lines.count == 2 && clipped.isTruncated && !clipped.lines[1].text.contains("…"))
    }

    @Test func theBoxHeightLimitsTheLines() throws {
        let string = "A message long enough to need three or four lines at this width, for sure"
        let s = style(17, mode: .byTruncatingTail)
        let layout = try TextLayout(string: string, style: s, width: 120, height: 45)
        #expect(layout.lines.count == 2 && layout.lines[1].text.hasSuffix("…"))
        // A box a rounding error short of its lines still shows them.
        let all = try TextLayout(string: string, style: s, width: 120)
        let snug = try TextLayout(string: string, style: s, width: 120, height: all.size.height - 0.3)
        #expect(snug.lines.count == all.lines.count && !snug.isTruncated)
    }

    @Test func alignmentPlacesEachLineInTheWidth() throws {
        let string = "Short\nA longer second line"
        for alignment in TextAlignment.allCases {
            let layout = try TextLayout(string: string, style: style(alignment: alignment), width: 200)
            for line in layout.lines {
                switch alignment {
                case .left, .natural: #expect(line.x == 0)
                case .center: #expect(abs(line.x + line.width / 2 - 100) < 1e-9)
                case .right: #expect(abs(line.x + line.width - 200) < 1e-9)
                }
                #expect(abs((line.glyphs.first?.x ?? 0) - line.x) < 1e-9)
            }
        }
    }

    @Test func aSetLineHeightSpacesBaselines() throws {
        var s = style(13)
        s.lineHeight = 16
        let layout = try TextLayout(string: "one\ntwo\nthree", style: s)
        let metrics = try FontLibrary.shared.metrics(for: s.font)
        #expect(abs(layout.lines[0].baseline - (16 - metrics.descender)) < 1e-9)
        #expect(abs(layout.lines[1].baseline - layout.lines[0].baseline - 16) < 1e-9)
        #expect(layout.size.height == 48)
    }

    @Test func sizeThatFitsRoundTrips() throws {
        let layer = TextLayer()
        layer.string = "提示 This is completions block, and a message that wraps"
        layer.font = .systemFont(ofSize: 13)
        layer.isWrapped = true
        let size = try layer.sizeThatFits(Size(width: 150, height: 0))
        #expect(size.width <= 150 && size.height > 2 * 13)
        // Laid out in exactly the measured box, nothing wraps differently or is cut.
        layer.bounds = Rect(origin: .zero, size: size)
        let layout = try layer.textLayout()
        #expect(layout.size == size && !layout.isTruncated)
        let oneLine = try layer.preferredFrameSize()
        #expect(oneLine.width > 150 && abs(oneLine.height - layout.lineHeight) < 1e-9)
        #expect(try layer.firstBaseline() == layout.lines[0].baseline)
    }

    @Test func textLayerMapsCATextLayerKnobsOntoUILabelOnes() {
        let layer = TextLayer()
        #expect(!layer.isWrapped && layer.truncationMode == .none && layer.numberOfLines == 1)
        #expect(layer.fontSize == 36 && layer.foregroundColor == .white && layer.alignmentMode == .natural)
        layer.isWrapped = true
        #expect(layer.numberOfLines == 0)
        layer.truncationMode = .end
        #expect(layer.lineBreakMode == .byTruncatingTail)
        layer.truncationMode = .middle
        #expect(layer.lineBreakMode == .byTruncatingMiddle)
        layer.truncationMode = .none
        #expect(layer.lineBreakMode == .byClipping)
        layer.lineBreakMode = .byTruncatingHead
        #expect(layer.truncationMode == .start)
        layer.fontSize = 13
        #expect(layer.font == .systemFont(ofSize: 13))
    }
}

private extension String {
    func trimmingCharacters(in set: Set<Character>) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
private extension Set where Element == Character {
    static var whitespaces: Set<Character> { [" "] }
}
