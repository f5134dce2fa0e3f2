import Foundation
import Testing
import StrataModel
import StrataTestSupport

/// `strata dump`: the presentation tree a frame is drawn from, as text and JSON, with no GL.
@Suite struct DumpCommandTests {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// Each layer by name or path and CA class, then only what differs from the class's
    /// defaults: a frame [10, 10, 20, 20] is bounds 0 0 20 20 at position 20 20.
    @Test func aSceneFileDumpsAsIndentedText() throws {
        let dir = try temporaryDirectory("dump-scene")
        try ##"{"strataScene": 1, "size": [100, 80], "root": {"backgroundColor": "white", "sublayers": [{"name": "box", "frame": [10, 10, 20, 20], "backgroundColor": "#34C759", "cornerRadius": 4, "opacity": 0.5}, {"class": "CATextLayer", "string": "Hi", "frame": [0, 40, 100, 20]}]}}"##
            .write(toFile: dir + "/d.scene.json", atomically: true, encoding: .utf8)
        let r = try strata(["dump", "d.scene.json"], in: dir, environment: ["STRATA_GL": "none"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == """
            root (CALayer)
              bounds: 0 0 100 80
              position: 50 40
              backgroundColor: #FFFFFF
              box (CALayer)
                bounds: 0 0 20 20
                position: 20 20
                opacity: 0.5
                backgroundColor: #34C759
                cornerRadius: 4
              root.sublayers[1] (CATextLayer)
                bounds: 0 0 100 20
                position: 50 50
                string: Hi

            """, "\(r.stdout)")
        let json = try strata(["dump", "d.scene.json", "--json"], in: dir)
        let tree = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(tree["id"] as? String == "root" && tree["class"] as? String == "CALayer")
        let box = try #require((tree["sublayers"] as? [[String: Any]])?.first)
        #expect((box["properties"] as? [String: Any])?["position"] as? [Double] == [20, 20])
    }

    /// `--json` is the tree as `JSONEncoder` wrote it before `JSONWriter` (indented, keys
    /// sorted, slashes plain): names with slashes and quotes, fractional numbers.
    @Test func jsonIsWrittenAsJSONEncoderWroteIt() throws {
        let dir = try temporaryDirectory("dump-json")
        try ##"{"strataScene": 1, "size": [100, 80], "root": {"sublayers": [{"name": "a/b \"c\" é", "frame": [0.1, 1e-7, 33.3, 20], "opacity": 0.3, "sublayers": []}, {"class": "CATextLayer", "string": "</p> 1/3", "frame": [0, 40, 100, 20]}]}}"##
            .write(toFile: dir + "/d.scene.json", atomically: true, encoding: .utf8)
        let r = try strata(["dump", "d.scene.json", "--json"], in: dir, environment: ["STRATA_GL": "none"])
        #expect(r.status == 0, "\(r.stderr)")
        let tree = try JSONDecoder().decode(LayerTreeSnapshot.self, from: Data(r.stdout.utf8))
        #expect(tree.sublayers.first?.id == "a/b \"c\" é")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        #expect(r.stdout == String(decoding: try encoder.encode(tree), as: UTF8.self) + "\n", "\(r.stdout)")
    }

    /// A trace is stepped through the frame loop: before the tap on "Shake All" the fields
    /// stand still; during the shake usernameField is moved along x only; --time picks the
    /// frame time x fps rounds down to.
    @Test func aTraceDumpsTheFrameItsEventsLeadTo() throws {
        let trace = Self.repo + "/Traces/shake-all.trace"
        let field = { (text: String) -> [String] in
            let lines = text.split(separator: "\n").map(String.init)
            guard let i = lines.firstIndex(of: "    usernameField (CALayer)") else { return [] }
            return Array(lines[(i + 1)...].prefix { $0.hasPrefix("      ") && !$0.hasPrefix("       ") })
        }
        let before = try strata(["dump", trace, "--frame", "30"], environment: ["STRATA_GL": "none"])
        #expect(before.status == 0, "\(before.stderr)")
        #expect(!field(before.stdout).contains { $0.contains("transform") }, "\(field(before.stdout))")
        let during = try strata(["dump", trace, "--frame", "60"])
        let transform = try #require(field(during.stdout).first { $0.hasPrefix("      transform: ") })
        let m = transform.dropFirst("      transform: ".count).split(separator: " ").compactMap { Double($0) }
        #expect(m.count == 16 && m[12] != 0 && Array(m[0..<12]) == [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0] && m[13] == 0 && m[14] == 0, "\(transform)")
        #expect(try strata(["dump", trace, "--time", "1.0"]).stdout == during.stdout)
        let past = try strata(["dump", trace, "--frame", "5000"])
        #expect(past.status == 2 && past.stderr.contains("there is no frame 5000"), "\(past.stderr)")
        #expect(try strata(["dump", trace, "--frame", "1", "--time", "1"]).stderr.contains("give --time or --frame, not both"))
    }
}
