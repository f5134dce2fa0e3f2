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

/// Five traces recorded, then two of them drifting and one broken: `dir/Traces`.
private func drifting(_ dir: String) throws -> String {
    let traces = dir + "/Traces"
    try FileManager.default.createDirectory(atPath: traces, withIntermediateDirectories: true)
    try writeTrace(traces + "/long.trace", seconds: 1.5)
    for name in ["a", "b", "c", "d"] { try writeTrace(traces + "/\(name).trace") }
    let r = try strata(["check", traces, "--update", "all", "--jobs", "1"])
    #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
    try writeTrace(traces + "/b.trace", angle: 20)
    try writeTrace(traces + "/long.trace", seconds: 1.5, angle: 20)
    try "{\"trace\": 1, \"scene\": \"carousel\"\n".write(toFile: traces + "/broken.trace", atomically: true, encoding: .utf8)
    try FileManager.default.createDirectory(atPath: traces + "/references/broken", withIntermediateDirectories: true)
    return traces
}

/// A trace that takes seconds to check, so it is in flight when a test interrupts it:
/// 40 s at 60 fps, at 960x640.
private func writeLongTrace(_ path: String) throws {
    var lines = ["{\"trace\": 1, \"scene\": \"carousel\", \"width\": 480, \"height\": 320, \"scale\": 2, \"fps\": 60}",
                 "{\"t\": 0, \"kind\": \"down\", \"x\": 30, \"y\": 45}"]
    for i in 1..<400 { lines.append("{\"t\": \(Double(i) * 0.1), \"kind\": \"move\", \"x\": \(30 + i % 300), \"y\": 45}") }
    try lines.joined(separator: "\n").appending("\n").write(toFile: path, atomically: true, encoding: .utf8)
}

private func file(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

/// A report without its run section (date, command).
private func withoutRun(_ path: String) throws -> String {
    let html = try String(contentsOfFile: path, encoding: .utf8)
    return html.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("<dl class=\"meta\" id=\"run\">") }.joined(separator: "\n")
}

/// `check --jobs N` in the strata executable: N worker processes, each handed the next
/// trace over its standard input, whose checks the parent reads back and prints, reports
/// and writes as one job does.
@Suite(.serialized, .tags(.gl)) struct CheckWorkerTests {
    /// The executable with three jobs prints, reports, writes JUnit and results byte for
    /// byte as one job does, with drifting, passing and broken traces; so does --json.
    @Test func workersPrintAndWriteWhatOneJobDoes() throws {
        let dir = try temporaryDirectory("workers-agree")
        let traces = try drifting(dir)
        var runs: [String: RunResult] = [:]
        for jobs in ["1", "3"] {
            let out = dir + "/j\(jobs)"
            runs[jobs] = try strataProcess(["check", traces, "--report", out + ".html", "--junit", out + ".xml",
                                            "--results-dir", out + "-results", "--jobs", jobs],
                                           environment: ["SOURCE_DATE_EPOCH": "1764780000"])
        }
        let one = try #require(runs["1"]), three = try #require(runs["3"])
        #expect(one.status == 1 && one.stdout.contains("b: 0 passed, 8 failed\n") && one.stdout.contains("broken: FAIL: "), "\(one.stdout)\(one.stderr)")
        #expect(three.status == 1)
        #expect(three.stdout.replacingOccurrences(of: dir + "/j3", with: dir + "/j1") == one.stdout, "\(three.stdout)\(three.stderr)")
        #expect(three.stderr.replacingOccurrences(of: "--jobs 3", with: "--jobs 1").replacingOccurrences(of: dir + "/j3", with: dir + "/j1") == one.stderr)
        #expect(try file(dir + "/j3.xml") == file(dir + "/j1.xml"))
        #expect(try withoutRun(dir + "/j3.html") == withoutRun(dir + "/j1.html"))
        #expect(try file(dir + "/j3-results/results.json").count == file(dir + "/j1-results/results.json").count)
        // The failing frames' images came back from the workers.
        #expect(FileManager.default.fileExists(atPath: dir + "/j3-results/images/b/frame-00003-diff.png"))

        let json1 = try strataProcess(["check", traces, "--json", "--jobs", "1"])
        let json3 = try strataProcess(["check", traces, "--json", "--jobs", "3"])
        #expect(json1.status == 1 && json3.status == 1 && json3.stdout == json1.stdout && !json1.stdout.isEmpty)
    }

    /// Traces the cache holds are settled by the parent: with nothing changed no worker
    /// starts (one renderer, the parent's, says what draws), and the lines are one job's;
    /// with an empty cache the parent computes no key and makes no renderer.
    @Test func cachedTracesStartNoWorker() throws {
        let dir = try temporaryDirectory("workers-cache")
        let traces = dir + "/Traces"
        try FileManager.default.createDirectory(atPath: traces, withIntermediateDirectories: true)
        for name in ["a", "b", "c"] { try writeTrace(traces + "/\(name).trace", angle: name == "b" ? 10 : 0) }
        #expect(try strata(["check", traces, "--record", "--jobs", "1"]).status == 0)
        let cache = ["STRATA_CACHE_DIR": dir + "/cache"]
        let first = try strataProcess(["check", traces, "--jobs", "3", "--verbose"], environment: cache)
        // The cache is empty: the parent makes no renderer (its line would not name
        // LP_NUM_THREADS, which only workers are given); each worker handed a trace does.
        let drawers = { (r: RunResult) in r.stderr.split(separator: "\n").filter { $0.hasPrefix("strata: rendering with") } }
        #expect(first.status == 0 && !drawers(first).isEmpty && drawers(first).allSatisfy { $0.hasSuffix("; LP_NUM_THREADS=0") }, "\(first.stderr)")
        let second = try strataProcess(["check", traces, "--jobs", "3", "--verbose"], environment: cache)
        #expect(second.status == 0 && drawers(second).count == 1 && !drawers(second)[0].contains("LP_NUM_THREADS"), "\(second.stderr)")
        let oneJob = try strataProcess(["check", traces, "--jobs", "1"], environment: cache)
        #expect(second.stdout == oneJob.stdout && second.stdout.contains("b: passed from cache: 8 frames"), "\(second.stdout)")
    }

    /// Workers draw in their own thread (LP_NUM_THREADS=0): the processes fill the cores,
    /// llvmpipe's threads would only contend with them; a number the user sets is kept.
    @Test func workersDrawWithoutRasterizerThreadsUnlessTold() throws {
        let dir = try temporaryDirectory("workers-threads")
        let traces = dir + "/Traces"
        try FileManager.default.createDirectory(atPath: traces, withIntermediateDirectories: true)
        for name in ["a", "b"] { try writeTrace(traces + "/\(name).trace") }
        #expect(try strata(["check", traces, "--record", "--jobs", "1"]).status == 0)
        for (told, expected) in [(String?.none, "0"), ("3", "3")] {
            var environment = ["STRATA_CACHE_DIR": "off"]
            environment["LP_NUM_THREADS"] = told
            let r = try strataProcess(["check", traces, "--jobs", "2", "--verbose"], environment: environment)
            let said = r.stderr.split(separator: "\n").filter { $0.hasPrefix("strata: rendering with") }
            #expect(r.status == 0 && !said.isEmpty && said.allSatisfy { $0.hasSuffix("; LP_NUM_THREADS=\(expected)") }, "\(r.stderr)")
        }
    }

    /// A worker, as its parent starts it: trace indices on standard input, one answer line
    /// each on standard output, the check and its lines in a folder per index; an index
    /// that is not a trace's is an error.
    @Test func aWorkerAnswersEachIndexWithItsCheck() throws {
        let dir = try temporaryDirectory("worker-protocol")
        let traces = try drifting(dir)
        try FileManager.default.createDirectory(atPath: dir + "/work", withIntermediateDirectories: true)
        // The traces sort as a, b, broken, c, d, long.
        let p = childProcess(strataBinary)
        p.arguments = ["check", traces, "--jobs", "2"]
        p.environment = ProcessInfo.processInfo.environment.merging(["STRATA_CHECK_WORKER": dir + "/work", "STRATA_CACHE_DIR": "off",
                                                                     "STRATA_CHECK_WORKER_PROGRAM": "my-strata"]) { _, added in added }
        let input = Pipe(), output = Pipe(), errors = Pipe()
        p.standardInput = input; p.standardOutput = output; p.standardError = errors
        try p.run()
        try input.fileHandleForWriting.write(contentsOf: Data("1\n2\n9\n".utf8))
        try input.fileHandleForWriting.close()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(said == "{\"index\":1,\"status\":\"done\"}\n{\"index\":2,\"status\":\"done\"}\n", "\(said)")
        #expect(p.terminationStatus == 2 && complaint.contains("STRATA_CHECK_WORKER: '9' is not the index of one of the 6 traces"), "\(complaint)")
        let lines = try String(contentsOfFile: dir + "/work/1/lines.json", encoding: .utf8)
        #expect(lines.contains("b: 0 passed, 8 failed"), "\(lines)")
        #expect(try String(contentsOfFile: dir + "/work/2/lines.json", encoding: .utf8).contains("broken: FAIL: "))
        let results = try String(contentsOfFile: dir + "/work/1/results.json", encoding: .utf8)
        #expect(results.contains("\"name\" : \"b\"") && results.contains("\"frameCount\" : 8"), "\(results)")
        // It prints nothing else: no summary, no accept command.
        #expect(!complaint.contains("to accept these frames"))
    }

    /// Workers killed mid-trace fail the traces they had, saying how they ended, and the
    /// check ends 2 with the error: never killed by SIGPIPE, never waiting forever.
    @Test func aKilledWorkerIsAnErrorNotACrash() throws {
        let dir = try temporaryDirectory("workers-killed")
        let traces = try drifting(dir)
        try writeLongTrace(traces + "/e.trace")
        let p = childProcess(strataBinary)
        p.arguments = ["check", traces, "--no-cache", "--jobs", "2"]
        let out = Pipe(), err = Pipe()
        p.standardOutput = out; p.standardError = err
        try p.run()
        // Both workers killed half a second in: the one handed e (the longest, first) is
        // still at it; the other may be too, or done and waiting.
        let children = "/proc/\(p.processIdentifier)/task/\(p.processIdentifier)/children"
        var workers: [Int32] = []
        for _ in 0..<500 where workers.count < 2 {
            workers = ((try? String(contentsOfFile: children, encoding: .utf8)) ?? "").split(separator: " ").compactMap { Int32($0) }
            if workers.count < 2 { usleep(10_000) }
        }
        usleep(500_000)
        for w in workers { kill(w, SIGKILL) }
        let o = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let e = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(workers.count == 2)
        #expect(p.terminationReason == .exit && p.terminationStatus == 2, "\(p.terminationStatus) \(o)\(e)")
        // The error names the first trace, in the traces' order, that a killed worker held:
        // e, or one the other worker was at when killed (under load, a short one).
        let killed = e.split(separator: "\n").filter { $0.hasSuffix(".trace: the check worker process was killed by signal 9 before it checked this trace") }
        let named = killed.compactMap { $0.components(separatedBy: traces + "/").last?.components(separatedBy: ".trace: ").first }
        #expect(killed.count == 1 && named.count == 1 && ["a", "b", "broken", "c", "d", "e", "long"].contains(named[0]), "\(e)")
    }

    /// SIGTERM to the parent alone reaches its workers: each stops after the frame in
    /// flight, the check ends 143 saying so once, and the workers' folder is gone.
    @Test func aSignalToTheParentStopsTheWorkers() throws {
        let dir = try temporaryDirectory("workers-signal")
        let traces = try drifting(dir)
        try writeLongTrace(traces + "/e.trace")
        try FileManager.default.createDirectory(atPath: dir + "/tmp", withIntermediateDirectories: true)
        let started = Date()
        let r = try strata(["check", traces, "--no-cache", "--jobs", "2"], sending: [SIGTERM],
                           when: { Date().timeIntervalSince(started) > 1.0 }, environment: ["TMPDIR": dir + "/tmp"])
        #expect(r.status == 143, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr.components(separatedBy: "interrupted by SIGTERM").count == 2, "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/tmp").isEmpty)
    }
}
