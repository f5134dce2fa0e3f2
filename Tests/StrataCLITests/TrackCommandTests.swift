import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import StrataTestSupport

/// `strata track`: key paths' values at every frame, as CSV and an SVG chart, with no GL.
@Suite struct TrackCommandTests {
    static let shake = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path + "/Traces/shake-all.trace"

    func rows(_ csv: String) -> [[String]] { csv.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) } }

    /// The seed's shake (AFViewShaker: translation.x through 15, -12, 9, -6, 6 and back to 0)
    /// read back from the shipped trace: five swings of alternating sign, each no wider than
    /// its keyframe and, sampled at 60 fps, at least 70% of it; at rest before and after.
    @Test func theShakeTrackSwingsAsTheKeyframesSay() throws {
        let r = try strata(["track", Self.shake, "--key", "usernameField.transform.translation.x", "--key", "passwordField.position.y"],
                           environment: ["STRATA_GL": "none"])
        #expect(r.status == 0, "\(r.stderr)")
        let table = rows(r.stdout)
        #expect(table.first == ["frame", "time", "usernameField.transform.translation.x", "passwordField.position.y"])
        let x = table.dropFirst().compactMap { Double($0[2]) }
        #expect(x.count == table.count - 1 && x.count > 60)
        #expect(x.first == 0 && x.last == 0)
        #expect(Set(table.dropFirst().map { $0[3] }) == ["204"], "the field moves along x only")
        // Local extremes of the moving part.
        var swings: [Double] = []
        for i in 1..<(x.count - 1) where (x[i] > x[i - 1] && x[i] >= x[i + 1]) || (x[i] < x[i - 1] && x[i] <= x[i + 1]) {
            if x[i] != 0 { swings.append(x[i]) }
        }
        let keyframes = [15.0, -12, 9, -6, 6]
        #expect(swings.count == keyframes.count, "\(swings)")
        for (s, k) in zip(swings, keyframes) {
            #expect(s.sign == k.sign && abs(s) <= abs(k) && abs(s) >= 0.7 * abs(k), "swing \(s) for keyframe \(k): \(swings)")
        }
        // Time is frame / fps.
        #expect(table.dropFirst().allSatisfy { row in Double(row[1]).map { abs($0 - Double(row[0])! / 60) < 1e-12 } ?? false })
    }

    @Test func csvAndSvgFilesAreWritten() throws {
        let dir = try temporaryDirectory("track-files")
        let r = try strata(["track", Self.shake, "--key", "usernameField.transform.translation.x", "--csv", dir + "/t.csv", "--svg", dir + "/t.svg"])
        #expect(r.status == 0 && r.stdout == "tracked 1 key over 76 frames of \(Self.shake); csv: \(dir)/t.csv; svg: \(dir)/t.svg\n", "\(r.stdout)\(r.stderr)")
        let stdout = try strata(["track", Self.shake, "--key", "usernameField.transform.translation.x"]).stdout
        #expect(try String(contentsOfFile: dir + "/t.csv", encoding: .utf8) == stdout)
        // With the chart alone, standard output is still only the CSV.
        let svgOnly = try strata(["track", Self.shake, "--key", "usernameField.transform.translation.x", "--svg", dir + "/u.svg"])
        #expect(svgOnly.stdout == stdout && svgOnly.stderr.hasPrefix("tracked 1 key over 76 frames"), "\(svgOnly.stderr)")
        // The chart is well-formed XML with one polyline of 76 points.
        let data = try Data(contentsOf: URL(fileURLWithPath: dir + "/t.svg"))
        final class Lines: NSObject, XMLParserDelegate {
            var points: [Int] = []
            func parser(_ p: XMLParser, didStartElement e: String, namespaceURI: String?, qualifiedName: String?, attributes a: [String: String]) {
                if e == "polyline" { points.append(a["points"]?.split(separator: " ").count ?? 0) }
            }
        }
        let parser = XMLParser(data: data), lines = Lines()
        parser.delegate = lines
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(lines.points == [76])
    }

    @Test func badKeysAndOutputsAreRefused() throws {
        let dir = try temporaryDirectory("track-bad")
        let cases: [([String], String)] = [
            (["--key", "nosuch.opacity"], "--key nosuch.opacity: no layer of that name has such an animatable key path"),
            (["--key", "usernameField.position"], "--key usernameField.position: position is not a number; track one of its parts"),
            ([], "track needs at least one --key LAYER.KEYPATH"),
            (["--key", "usernameField.opacity", "--csv", Self.shake], "--csv \(Self.shake) is the trace \(Self.shake) itself"),
        ]
        for (extra, message) in cases {
            let r = try strata(["track", Self.shake] + extra, in: dir)
            #expect(r.status == 2 && r.stderr.contains(message), "\(extra): \(r.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }
}
