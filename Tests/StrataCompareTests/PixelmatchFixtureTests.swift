import Foundation
import StrataCompare
import StrataImage
import Testing

/// pixelmatch's own test cases (Tests/Fixtures/pixelmatch, ISC licence): every pair, with
/// pixelmatch's options, must give exactly the differing-pixel count pixelmatch's tests
/// expect. The files are decoded as `strata compare` decodes them (palette and RGB files
/// through libpng, RGBA through libdeflate).
@Suite struct PixelmatchFixtureTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let expected: String
        let actual: String
        let threshold: Double?
        let includeAA: Bool
        let count: Int
        var testDescription: String { "\(expected) vs \(actual), threshold \(threshold.map { "\($0)" } ?? "default")" }
    }

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/pixelmatch")

    /// The table is cases.json, as copied from pixelmatch's test/test.js.
    static let cases: [Case] = {
        guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent("cases.json").path),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let cases = json["cases"] as? [[String: Any]] else { return [] }
        return cases.compactMap { c in
            guard let expected = c["expected"] as? String, let actual = c["actual"] as? String,
                  let count = c["count"] as? Int, let options = c["options"] as? [String: Any] else { return nil }
            return Case(expected: expected, actual: actual, threshold: options["threshold"] as? Double,
                        includeAA: options["includeAA"] as? Bool ?? false, count: count)
        }
    }()

    @Test func everyCaseOfTheTableIsRead() {
        #expect(PixelmatchFixtureTests.cases.count == 12)
    }

    @Test(arguments: PixelmatchFixtureTests.cases)
    func countsArePixelmatchs(_ c: Case) throws {
        let expected = try PNG.read(path: PixelmatchFixtureTests.directory.appendingPathComponent(c.expected).path)
        let actual = try PNG.read(path: PixelmatchFixtureTests.directory.appendingPathComponent(c.actual).path)
        var options = CompareOptions(includeAA: c.includeAA)
        if let t = c.threshold { options.threshold = t }
        #expect(FrameComparator.compare(expected: expected, actual: actual, options: options).diffPixels == c.count)
        // The diff image is drawn by the same scan and must not change the count.
        #expect(FrameComparator.compareWithDiffImage(expected: expected, actual: actual, options: options).result.diffPixels == c.count)
    }
}
