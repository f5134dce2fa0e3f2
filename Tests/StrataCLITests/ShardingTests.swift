import Foundation
import Testing
import StrataTestSupport

/// A drag on the carousel at 20 fps lasting `seconds`.
private func writeTrace(_ path: String, seconds: Double = 0.35, angle: Double = 0) throws {
    let moves = Int(seconds / 0.05)
    var lines = ["{\"trace\": 1, \"scene\": \"carousel\", \"width\": 120, \"height\": 90, \"scale\": 1, \"fps\": 20, \"options\": {\"angle\": \(angle)}}",
                 "{\"t\": 0, \"kind\": \"down\", \"x\": 30, \"y\": 45}"]
    for i in 1..<moves { lines.append("{\"t\": \(Double(i) * 0.05), \"kind\": \"move\", \"x\": \(30 + i * 2), \"y\": 45}") }
    lines.append("{\"t\": \(seconds), \"kind\": \"up\", \"x\": \(30 + moves * 2), \"y\": 45}")
    try lines.joined(separator: "\n").appending("\n").write(toFile: path, atomically: true, encoding: .utf8)
}

/// A report without its run section, the one part not drawn from the results.
private func withoutRun(_ path: String) throws -> String {
    let html = try String(contentsOfFile: path, encoding: .utf8)
    return html.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("<dl class=\"meta\" id=\"run\">") }.joined(separator: "\n")
}

private func traceNames(inResults dir: String) throws -> [String] {
    let data = try Data(contentsOf: URL(fileURLWithPath: dir + "/results.json"))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    return (object["traces"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
}

@Suite(.serialized, .tags(.gl)) struct ShardingTests {
    /// Shards 1/3, 2/3 and 3/3 check every trace exactly once, balanced by frame count,
    /// and their merged report and JUnit file are byte for byte the unsharded run's.
    /// Any number of jobs prints and writes what one job does.
    @Test func shardsCoverEveryTraceOnceAndMergeIntoTheUnshardedReport() throws {
        let dir = try temporaryDirectory("shards")
        let traces = dir + "/Traces"
        try FileManager.default.createDirectory(atPath: traces, withIntermediateDirectories: true)
        try writeTrace(traces + "/long.trace", seconds: 1.5)
        for name in ["a", "b", "c", "d"] { try writeTrace(traces + "/\(name).trace") }
        var r = try strata(["check", traces, "--update", "all", "--jobs", "1"])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        // b and long drift.
        try writeTrace(traces + "/b.trace", angle: 20)
        try writeTrace(traces + "/long.trace", seconds: 1.5, angle: 20)

        let unsharded = try strata(["check", traces, "--report", dir + "/u.html", "--junit", dir + "/u.xml", "--jobs", "1"])
        #expect(unsharded.status == 1 && unsharded.stdout.contains("b: 0 passed, 8 failed\n"), "\(unsharded.stdout)\(unsharded.stderr)")

        var seen: [[String]] = []
        for i in 1...3 {
            r = try strata(["check", traces, "--shard", "\(i)/3", "--results-dir", dir + "/r\(i)"])
            #expect(r.status == (i == 2 ? 0 : 1), "\(r.stdout)\(r.stderr)")
            seen.append(try traceNames(inResults: dir + "/r\(i)"))
        }
        // Heaviest first, each to the lightest shard: long (31 frames) alone, then a..d alternate.
        #expect(seen == [["long"], ["a", "c"], ["b", "d"]])
        #expect(seen.flatMap { $0 }.sorted() == ["a", "b", "c", "d", "long"])

        r = try strata(["merge-reports", dir + "/r1", dir + "/r2", dir + "/r3", "--report", dir + "/m.html", "--junit", dir + "/m.xml"])
        #expect(r.status == 1 && r.stdout.hasSuffix("24 passed, 39 failed\n"), "\(r.stdout)\(r.stderr)")
        // The reports are the same but for their run section (date, command, accept command).
        #expect(try withoutRun(dir + "/m.html") == withoutRun(dir + "/u.html"))
        let merged = try String(contentsOfFile: dir + "/m.html", encoding: .utf8)
        #expect(merged.contains("<dt>command</dt><dd><code>strata merge-reports \(dir)/r1 \(dir)/r2 \(dir)/r3 --report \(dir)/m.html --junit \(dir)/m.xml</code></dd>"))
        #expect(merged.contains("<code class=\"accept\">strata check \(traces) --update changed</code>"), "the shards' check without --shard and --results-dir")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/m.xml")) == Data(contentsOf: URL(fileURLWithPath: dir + "/u.xml")))
        // The shards in another order merge the same.
        r = try strata(["merge-reports", dir + "/r3", dir + "/r1", dir + "/r2", "--junit", dir + "/m2.xml"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/m2.xml")) == Data(contentsOf: URL(fileURLWithPath: dir + "/u.xml")))
        r = try strata(["merge-reports", dir + "/r1", dir + "/r1"])
        #expect(r.status == 2 && r.stderr.contains("trace 'long' is in both"), "\(r.stderr)")

        let parallel = try strata(["check", traces, "--report", dir + "/p.html", "--junit", dir + "/p.xml", "--jobs", "3"])
        #expect(parallel.status == 1 && parallel.stdout.replacingOccurrences(of: dir + "/p.", with: dir + "/u.") == unsharded.stdout)
        #expect(try withoutRun(dir + "/p.html") == withoutRun(dir + "/u.html"))

        for bad in ["0/3", "4/3", "1/0", "x", "1/3/4", "-1/3"] {
            r = try strata(["check", traces, "--shard", bad])
            #expect(r.status == 2 && r.stderr.contains("--shard"), "\(bad): \(r.stderr)")
        }
    }
}
