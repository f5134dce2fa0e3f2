import Foundation
import Testing
import StrataModel
import StrataText
import StrataTestSupport

/// Finding faces: weights from the family's own files, per-character fallback, the
/// primary face's metrics, and missing fonts reported by package.
struct FontLibraryTests {
    let library = FontLibrary.shared

    @Test func weightsComeFromTheFamilysOwnFaces() throws {
        let expected: [(Font.Weight, String)] = [(.regular, "Inter-Regular.otf"), (.semibold, "Inter-SemiBold.otf"),
                                                 (.bold, "Inter-Bold.otf")]
        for (weight, file) in expected {
            let face = try library.face(for: .systemFont(ofSize: 17, weight: weight))
            #expect(face.familyName == "Inter")
            #expect((face.path as NSString).lastPathComponent == file, "\(weight): \(face)")
        }
    }

    @Test func latinComesFromInterAndChineseFallsBackToNotoSansCJK() throws {
        let font = Font.systemFont(ofSize: 17, weight: .semibold)
        let a = try #require(try library.face(for: "A", font: font))
        #expect(a.familyName == "Inter" && a.styleName == "Semi Bold")
        for character in "标题取消好的提示登录密码，".unicodeScalars {
            let face = try #require(try library.face(for: character, font: font))
            #expect(face.familyName == "Noto Sans CJK SC", "\(character): \(face)")
            #expect(face.hasGlyph(for: character))
        }
        // Noto Sans CJK ships Regular and Bold only: semibold takes the nearer, Bold.
        #expect(try library.face(for: "标", font: font)?.styleName == "Bold")
        #expect(try library.face(for: "标", font: .systemFont(ofSize: 17))?.styleName == "Regular")
    }

    @Test func theSystemFontTakesItsDisplayCutFrom20Pt() throws {
        // SF Pro Text below 20 pt, SF Pro Display from 20 pt: Inter and Inter Display.
        for (size, family) in [(13.0, "Inter"), (17, "Inter"), (19.5, "Inter"), (20, "Inter Display"), (28, "Inter Display")] {
            for weight in [Font.Weight.regular, .semibold] {
                let face = try library.face(for: .systemFont(ofSize: size, weight: weight))
                #expect(face.familyName == family, "\(size) pt \(weight): \(face)")
            }
        }
        // Another family keeps its own faces at every size.
        #expect(try library.face(for: Font(family: "Noto Sans CJK SC", size: 20)).familyName == "Noto Sans CJK SC")
        // The display cut is tighter: action-sheet titles at 20 pt come out narrower.
        let titles = ["Delete for Everyone", "Cancel", "Save Photo", "Share…", "Remove Download"]
        for title in titles {
            let display = try TextLayout(string: title, style: TextStyle(font: .systemFont(ofSize: 20))).size.width
            // Inter (Text) at 20 pt: twice its 10 pt width (unhinted layout scales exactly).
            let text = 2 * (try TextLayout(string: title, style: TextStyle(font: .systemFont(ofSize: 10))).size.width)
            print("optical size: \"\(title)\" 20 pt Inter \(text) Inter Display \(display)")
            #expect(display < text * 0.99, "\(title): \(display) vs \(text)")
        }
    }

    @Test func metricsAreTheFacesOwnScaledToThePointSize() throws {
        let face = try library.face(for: .systemFont(ofSize: 17))
        let m = try library.metrics(for: .systemFont(ofSize: 17))
        // Inter 4: 2816 units per em, hhea ascender 2728, descender -680, no line gap.
        #expect(face.unitsPerEm == 2816)
        #expect(abs(m.ascender - 17 * 2728 / 2816) < 1e-9)
        #expect(abs(m.descender - 17 * 680 / 2816) < 1e-9)
        #expect(m.lineGap == 0)
        #expect(abs(m.lineHeight - 17 * 3408 / 2816) < 1e-9)
        #expect(m.capHeight > 0.6 * 17 && m.capHeight < 0.8 * 17 && m.xHeight < m.capHeight)
    }

    @Test func aMissingFamilyNamesItsPackage() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("strata-no-fonts-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: empty) }
        let bare = FontLibrary(fontDirectories: [empty])
        #expect(throws: FontError.familyNotFound(family: "Inter", package: "fonts-inter")) {
            try bare.face(for: .systemFont(ofSize: 17))
        }
        let error = FontError.familyNotFound(family: "Inter", package: "fonts-inter")
        #expect(error.description == "font family Inter not found: install fonts-inter (make deps)")
        #expect(FontError.familyNotFound(family: "Comic Sans", package: nil).description.contains("Comic Sans"))
    }

    @Test func chineseWithoutTheCJKFontNamesFontsNotoCJK() throws {
        let interOnly = FontLibrary(fontDirectories: ["/usr/share/fonts/opentype/inter"])
        let style = TextStyle(font: .systemFont(ofSize: 17))
        #expect(try TextLayout(string: "Title", style: style, library: interOnly).lines.count == 1)
        do {
            _ = try TextLayout(string: "标题", style: style, library: interOnly)
            Issue.record("laying out Chinese without a CJK font should fail")
        } catch let error as FontError {
            #expect(error == .familyNotFound(family: "Noto Sans CJK SC", package: "fonts-noto-cjk"))
            #expect(error.description == "font family Noto Sans CJK SC not found: install fonts-noto-cjk (make deps)")
        }
    }

    @Test func aCharacterNoFontHasIsDrawnAsTheNotdefBox() throws {
        // A supplementary private-use code point: no installed font has it.
        let layout = try TextLayout(string: "A\u{10FFFD}", style: TextStyle(font: .systemFont(ofSize: 17)))
        #expect(layout.glyphs.count == 2)
        #expect(layout.glyphs[1].glyph == 0 && layout.glyphs[1].face.familyName == "Inter")
    }
}
