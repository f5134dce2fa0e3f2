import Foundation
import Testing
import StrataModel
import StrataText
import StrataTestSupport

/// Shaping by HarfBuzz: the glyphs and positions of each run are the ones HarfBuzz's own
/// `hb-shape` prints for the same font file (Debian's libharfbuzz-bin, `make deps`), in
/// scripts that cannot be drawn without shaping; right-to-left paragraphs in visual
/// order and right-aligned by natural alignment.
struct ShapingTests {
    struct HBGlyph: Decodable, Equatable {
        // hb-shape's JSON: glyph, cluster, offsets and advances in font units.
        let g: UInt32, cl: Int, dx: Int, dy: Int, ax: Int, ay: Int
    }

    /// `hb-shape FONT TEXT` with the font's own units (its default scale), glyph ids.
    func hbShape(_ face: FontFace, _ text: String) throws -> [HBGlyph] {
        let p = childProcess("/usr/bin/hb-shape")
        p.arguments = ["--no-glyph-names", "--output-format=json", "--face-index=\(face.faceIndex)", face.path, text]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        return try JSONDecoder().decode([HBGlyph].self, from: data)
    }

    /// One line's glyphs against hb-shape's: same ids in the same (visual) order, pens and
    /// offsets to a millionth of a font unit.
    func expectSameAsHarfBuzz(_ text: String, family: String, size: Double = 17, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let layout = try TextLayout(string: text, style: TextStyle(font: Font(family: family, size: size), alignment: .left))
        let line = try #require(layout.lines.first)
        let face = try #require(line.glyphs.first?.face)
        #expect(line.glyphs.allSatisfy { $0.face == face }, "\(text): one face", sourceLocation: sourceLocation)
        let expected = try hbShape(face, text)
        #expect(line.glyphs.map(\.glyph) == expected.map(\.g), "\(text): glyphs", sourceLocation: sourceLocation)
        let units = face.unitsPerEm / size
        var pen = 0
        for (g, e) in zip(line.glyphs, expected) {
            #expect(abs((g.x - line.x) * units - Double(pen + e.dx)) < 1e-6, "\(text): x of \(e.g)", sourceLocation: sourceLocation)
            #expect(abs((line.baseline - g.y) * units - Double(e.dy)) < 1e-6, "\(text): y of \(e.g)", sourceLocation: sourceLocation)
            pen += e.ax
        }
        #expect(abs(line.width * units - Double(pen)) < 1e-6, "\(text): width", sourceLocation: sourceLocation)
    }

    @Test func arabicJoinsAndRunsRightToLeftAsHarfBuzzShapesIt() throws {
        // Initial, medial and final forms: five letters, five glyphs none of them the
        // isolated forms; the space between the words stays in the Arabic run.
        try expectSameAsHarfBuzz("مرحبا بالعالم", family: "Noto Sans Arabic")
        let face = try FontLibrary.shared.face(family: "Noto Sans Arabic", weight: .regular)
        let isolated = "مرحبا".unicodeScalars.map(face.glyphIndex(for:))
        let shaped = try TextLayout(string: "مرحبا", style: TextStyle(font: .systemFont(ofSize: 17))).glyphs
        #expect(shaped.count == 5 && Set(shaped.map(\.glyph)).isDisjoint(with: isolated))
    }

    @Test func devanagariConjunctsAndVowelSignsAsHarfBuzzShapesThem() throws {
        // हिन्दी: the i-matra drawn before its consonant, न् + द as a conjunct: 6 characters,
        // 5 glyphs, the first being the matra.
        try expectSameAsHarfBuzz("हिन्दी", family: "Noto Sans Devanagari")
        try expectSameAsHarfBuzz("नमस्ते", family: "Noto Sans Devanagari")
        let glyphs = try TextLayout(string: "हिन्दी", style: TextStyle(font: .systemFont(ofSize: 17))).glyphs
        #expect(glyphs.count == 5)
    }

    @Test func thaiMarksSitOnTheirBasesAsHarfBuzzPlacesThem() throws {
        try expectSameAsHarfBuzz("สวัสดีครับ", family: "Noto Sans Thai")
        try expectSameAsHarfBuzz("ผู้ใหญ่", family: "Noto Sans Thai")
    }

    @Test func latinKerningLigaturesAndContextualFormsAsHarfBuzzShapesThem() throws {
        // Inter: kerning in "AVATAR", the arrow "->" is one contextual glyph.
        try expectSameAsHarfBuzz("AVATAR Toyota", family: "Inter")
        try expectSameAsHarfBuzz("a -> b", family: "Inter")
        #expect(try TextLayout(string: "->", style: TextStyle(font: .systemFont(ofSize: 17))).glyphs.count == 1)
        // Noto Sans ligates "ffi": six characters, four glyphs, the line's text intact.
        try expectSameAsHarfBuzz("office", family: "Noto Sans")
        let office = try TextLayout(string: "office", style: TextStyle(font: Font(family: "Noto Sans", size: 17)))
        #expect(office.glyphs.count == 4 && office.lines[0].text == "office")
        // Kerning narrows "AV" below its two advances.
        let face = try FontLibrary.shared.face(for: .systemFont(ofSize: 17))
        let av = try TextLayout(string: "AV", style: TextStyle(font: .systemFont(ofSize: 17))).size.width
        let advances = (face.advance(of: face.glyphIndex(for: "A")) + face.advance(of: face.glyphIndex(for: "V"))) * 17 / face.unitsPerEm
        #expect(av < advances - 1)
    }

    @Test func theScriptsThatNeedShapingComeFromTheirNotoFaces() throws {
        let font = Font.systemFont(ofSize: 17)
        for (scalar, family) in [("م", "Noto Sans Arabic"), ("ש", "Noto Sans Hebrew"), ("न", "Noto Sans Devanagari"), ("ส", "Noto Sans Thai")] {
            let face = try #require(try FontLibrary.shared.face(for: Unicode.Scalar(scalar)!, font: font))
            #expect(face.familyName == family)
        }
    }

    @Test func aRightToLeftParagraphIsRightAlignedAndInVisualOrder() throws {
        let style = TextStyle(font: .systemFont(ofSize: 17))
        let layout = try TextLayout(string: "مرحبا بالعالم", style: style, width: 300)
        let line = try #require(layout.lines.first)
        // Natural alignment is the right for a right-to-left paragraph...
        #expect(abs(line.x + line.width - 300) < 1e-9)
        // ...and the left for a left-to-right one.
        #expect(try TextLayout(string: "Hello", style: style, width: 300).lines[0].x == 0)
        // The first word is drawn on the right: its glyphs come last, left to right.
        let first = try TextLayout(string: "مرحبا", style: style).size.width
        let rightmost = line.glyphs.filter { $0.x >= line.x + line.width - first - 1e-9 }
        #expect(rightmost.count == 5)
        #expect(zip(line.glyphs, line.glyphs.dropFirst()).allSatisfy { $0.x <= $1.x })
        // A Latin word inside stays left to right, and sits left of the Arabic before it.
        let mixed = try TextLayout(string: "مرحبا OK", style: style).lines[0]
        let latin = mixed.glyphs.filter { $0.face.familyName == "Inter" }
        let arabic = mixed.glyphs.filter { $0.face.familyName == "Noto Sans Arabic" }
        #expect(latin.count >= 2 && latin[0].x < latin[1].x)
        #expect(latin.map(\.x).max()! < arabic.map(\.x).min()!)
        #expect(mixed.text == "مرحبا OK")
    }

    @Test func aRightToLeftParagraphWrapsAtItsWords() throws {
        let style = TextStyle(font: .systemFont(ofSize: 17))
        let text = "مرحبا بالعالم مرحبا بالعالم مرحبا بالعالم"
        let layout = try TextLayout(string: text, style: style, width: 150)
        #expect(layout.lines.count >= 2)
        #expect(layout.lines.map { $0.text.trimmingCharacters(in: .whitespaces) }.joined(separator: " ") == text)
        for line in layout.lines { #expect(abs(line.x + line.width - 150) < 1e-9 && line.width <= 150) }
    }

    @Test(.tags(.gl)) func shapedScriptsRenderAsTheirReference() throws {
        // Arabic right-aligned (natural), Devanagari, Thai and Latin left-aligned, at @2x.
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 240, height: 130)
        root.backgroundColor = .white
        for (k, text) in ["مرحبا بالعالم", "हिन्दी नमस्ते", "สวัสดีครับ ผู้ใหญ่", "office -> AVATAR"].enumerated() {
            let t = TextLayer()
            t.string = text
            t.font = .systemFont(ofSize: 17)
            t.foregroundColor = .black
            t.frame = Rect(x: 10, y: 8 + Double(k) * 30, width: 220, height: 26)
            root.addSublayer(t)
        }
        let image = try render(root, scale: 2)
        keep(image, "shaping")
        // The Arabic line ends at the layer's right edge (x 230 pt = 460 px), not its left.
        let arabic = try #require(image.inkBounds(threshold: 96, in: (x: 0..<480, y: 16..<68)))
        #expect(arabic.maxX > 450 && arabic.maxX <= 462 && arabic.minX > 200)
        // Thai marks above and below the line: ink well outside the x-height band.
        let thai = try #require(image.inkBounds(threshold: 96, in: (x: 0..<480, y: 136..<188)))
        #expect(thai.minX < 30 && thai.maxY - thai.minY > 30)
        try expectMatchesReference(image, "text/shaping")
    }
}
