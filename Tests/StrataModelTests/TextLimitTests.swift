import Testing
import StrataModel

/// Issue 28 §5: text is measured in Unicode scalars, and a character may carry at most
/// `TextLimit.clusterScalars` of them, so combining marks cannot multiply a limit.
@Suite struct TextLimitTests {
    /// "a" under 999 combining acute accents: one character, 1,000 scalars.
    let marked = "a" + String(repeating: "\u{301}", count: 999)

    @Test(arguments: [
        ("plain", "hello", 10, nil),
        ("over the limit in scalars", "hello", 4, "is 5 characters long (Unicode scalars); at most 4 are allowed"),
        ("10 marked letters are 10,000 scalars", String(repeating: "a" + String(repeating: "\u{301}", count: 999), count: 10), 10_000,
         "has a character of 1000 Unicode scalars (a letter and its combining marks) at character 1; one may have at most 32"),
        ("a letter with 31 marks is one character", "x" + String(repeating: "\u{301}", count: 31), 100, nil),
        ("a flag and a family emoji fit", "🇫🇷👨‍👩‍👧‍👦", 100, nil),
    ] as [(String, String, Int, String?)])
    func problems(_ name: String, _ text: String, _ maximum: Int, _ expected: String?) {
        #expect(TextLimit.problem(text, maximum: maximum) == expected, "\(name)")
    }

    @Test func summariesQuoteAtMostFortyScalars() {
        let quoted = SummaryText.quoted(String(repeating: marked, count: 10))
        #expect(quoted.unicodeScalars.count < 80, "\(quoted.unicodeScalars.count) scalars")
        #expect(quoted.hasSuffix("…\" (10000 characters)"))
        #expect(SummaryText.quoted("short") == "\"short\"")
        #expect(SummaryText.quoted(String(repeating: "x", count: 41)) == "\"\(String(repeating: "x", count: 40))…\" (41 characters)")
    }

    @Test func clippingCutsEachCharacterAndTheTotal() {
        let clipped = TextLimit.clipped(marked + marked, maximum: 10_000)
        #expect(clipped.count == 2 && clipped.unicodeScalars.count == 2 * TextLimit.clusterScalars)
        #expect(TextLimit.clipped("abcdef", maximum: 4) == "abcd")
    }
}
