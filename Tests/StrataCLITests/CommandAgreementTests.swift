import Foundation
import Testing
import StrataTestSupport

/// A drag on the carousel at 20 fps (6 moves: 9 frames).
private func writeDrag(_ path: String, scene: String = "carousel", size: (Int, Int) = (160, 120), moves: Int = 6) throws {
    var lines = ["{\"trace\": 1, \"scene\": \"\(scene)\", \"width\": \(size.0), \"height\": \(size.1), \"scale\": 1, \"fps\": 20}",
                 "{\"t\": 0, \"kind\": \"down\", \"x\": 40, \"y\": 60}"]
    for i in 1...moves { lines.append("{\"t\": \(Double(i) * 0.05), \"kind\": \"move\", \"x\": \(40 + i * 10), \"y\": 60}") }
    lines.append("{\"t\": \(Double(moves + 1) * 0.05), \"kind\": \"up\", \"x\": \(40 + moves * 10), \"y\": 60}")
    try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
}

/// Issue 26 §7: the commands take the same flags and say things the same way.
@Suite(.serialized, .tags(.gl)) struct CommandAgreementTests {
    /// `check --frames N --every K` checks what `replay --frames N --every K` writes; the
    /// references between and past them are neither compared nor called extra.
    @Test func checkTakesFramesAndEveryAsReplayDoes() throws {
        let dir = try temporaryDirectory("agree-every")
        try writeDrag(dir + "/drag.trace")
        var r = try strata(["check", dir + "/drag.trace", "--references", dir + "/refs", "--record"])
        #expect(r.status == 0 && r.stdout.contains("recorded 9 frames"), "\(r.stdout)\(r.stderr)")
        try storeFramesAsFiles(dir + "/refs")
        r = try strata(["check", dir + "/drag.trace", "--references", dir + "/refs", "--frames", "5", "--every", "2"])
        #expect(r.status == 0 && r.stdout.hasSuffix("3 passed, 0 failed\n"), "frames 0, 2 and 4: \(r.stdout)\(r.stderr)")
        r = try strata(["replay", dir + "/drag.trace", "--out", dir + "/out", "--frames", "5", "--every", "2"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/out").sorted() == ["frame-00000.png", "frame-00002.png", "frame-00004.png"])
        // A frame between them drifting is not looked at; one of them is.
        try FileManager.default.copyItem(atPath: dir + "/refs/frame-00000.png", toPath: dir + "/x.png")
        try FileManager.default.removeItem(atPath: dir + "/refs/frame-00003.png")
        try FileManager.default.copyItem(atPath: dir + "/x.png", toPath: dir + "/refs/frame-00003.png")
        r = try strata(["check", dir + "/drag.trace", "--references", dir + "/refs", "--every", "2"])
        #expect(r.status == 0 && r.stdout.hasSuffix("5 passed, 0 failed\n"), "frames 0, 2, 4, 6, 8: \(r.stdout)")
        r = try strata(["check", dir + "/drag.trace", "--references", dir + "/refs", "--every", "3"])
        #expect(r.status == 1 && r.stdout.contains("frame-00003: FAIL: "), "\(r.stdout)")
        // Recording a part would drop the rest of the set.
        r = try strata(["check", dir + "/drag.trace", "--references", dir + "/refs", "--record", "--every", "2"])
        #expect(r.status == 2 && r.stderr.contains("--every checks part of a replay; --record and --update all write the whole set"), "\(r.stderr)")
        #expect(try strata(["help", "check"]).stdout.contains("--every K"))
    }

    /// `window` takes --backend and --verbose; OSMesa cannot show a window, said before
    /// a display is looked for.
    @Test func windowTakesBackendAndVerbose() throws {
        let help = try strata(["help", "window"]).stdout
        #expect(help.contains("--backend auto|egl|osmesa") && help.contains("--verbose"), "\(help)")
        let r = try strata(["window", "carousel", "--backend", "osmesa"], environment: ["DISPLAY": ":99"])
        #expect(r.status == 2 && r.stderr.contains("--backend osmesa: OSMesa draws offscreen only, it cannot show a window"), "\(r.stderr)")
    }

    /// A trace of a scene this command does not know says which command would.
    @Test func anUnknownSceneHintsAtThePackagesOwnCommand() throws {
        let dir = try temporaryDirectory("agree-unknown")
        try writeDrag(dir + "/toggle.trace", scene: "toggle-switch")
        let r = try strata(["replay", dir + "/toggle.trace", "--out", dir + "/out"])
        #expect(r.status == 2 && r.stderr.contains("toggle-switch")
                && r.stderr.contains("a scene of your own package is known to your package's own command"), "\(r.stderr)")
        // Under another name (a package's own command), the help and hints say that name.
        let own = dir + "/my-strata"
        try FileManager.default.createSymbolicLink(atPath: own, withDestinationPath: strataBinary)
        let p = childProcess(own)
        p.arguments = ["help", "check"]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(text.contains("USAGE: my-strata check TRACE --references DIR") && text.contains("as 'my-strata replay' does"), "\(text)")
        #expect(!text.contains("USAGE: strata") && !text.contains("'strata "), "\(text)")
        #expect(text.contains("strata-references.json"), "file names keep their words")
    }

    /// On a terminal check and replay draw a bar with frames, rate and time left (on standard error);
    /// in a pipe, never: the bytes a log or a test reads hold no clock.
    @Test func checkShowsProgressOnlyOnATerminal() throws {
        let dir = try temporaryDirectory("agree-progress")
        // Long enough that the bar has drawn past 0.2 s, when it adds the rate and time left.
        try writeDrag(dir + "/drag.trace", size: (480, 360), moves: 150)
        var r = try strata(["check", dir + "/drag.trace", "--references", dir + "/refs", "--record"])
        #expect(r.status == 0)
        r = try strata(["check", dir + "/drag.trace", "--references", dir + "/refs"])
        #expect(r.status == 0 && !r.stderr.contains("\r") && !r.stderr.contains("frames,"), "\(r.stderr)")
        // script(1) runs it on a pseudo-terminal; what the terminal got is in the file.
        func onTerminal(_ command: String) throws -> (status: Int32, screen: String) {
            let p = childProcess("/usr/bin/script")
            p.arguments = ["-qfec", command, dir + "/typescript"]
            p.standardOutput = FileHandle.nullDevice
            p.standardInput = FileHandle.nullDevice
            try p.run()
            p.waitUntilExit()
            return (p.terminationStatus, String(decoding: try Data(contentsOf: URL(fileURLWithPath: dir + "/typescript")), as: UTF8.self))
        }
        var (status, screen) = try onTerminal("\(strataBinary) check \(dir)/drag.trace --references \(dir)/refs")
        #expect(status == 0 && screen.contains("\r[##") && screen.contains(" frames, ") && screen.contains(" fps, ")
                && screen.contains(" s left"), "\(screen.suffix(600))")
        #expect(screen.contains(" passed, 0 failed"), "\(screen.suffix(600))")
        // replay's bar says the same.
        (status, screen) = try onTerminal("\(strataBinary) replay \(dir)/drag.trace --out \(dir)/frames")
        #expect(status == 0 && screen.contains("\r[##") && screen.contains(" fps, ") && screen.contains(" s left"), "\(screen.suffix(600))")
    }

    /// `compare` words a result as `check` does: NAME: PASS|FAIL: the numbers.
    @Test func compareAndCheckWordAResultAlike() throws {
        let dir = try temporaryDirectory("agree-words")
        try writeDrag(dir + "/drag.trace")
        _ = try strata(["check", dir + "/drag.trace", "--references", dir + "/refs", "--record"])
        try storeFramesAsFiles(dir + "/refs")
        try FileManager.default.copyItem(atPath: dir + "/refs/frame-00000.png", toPath: dir + "/first.png")
        try FileManager.default.removeItem(atPath: dir + "/refs/frame-00008.png")
        try FileManager.default.copyItem(atPath: dir + "/first.png", toPath: dir + "/refs/frame-00008.png")
        let check = try strata(["check", dir + "/drag.trace", "--references", dir + "/refs", "--threshold", "0.1", "--out", dir + "/actual"])
        let compare = try strata(["compare", dir + "/refs/frame-00008.png", dir + "/actual/frame-00008.png", "--threshold", "0.1"])
        let checkLine = check.stdout.split(separator: "\n").first { $0.hasPrefix("frame-00008: FAIL: ") }.map(String.init) ?? "none"
        let compareLine = compare.stdout.split(separator: "\n").first.map(String.init) ?? "none"
        // The same words after the name (compare adds where the first difference is).
        let words = checkLine.dropFirst("frame-00008: ".count)
        #expect(compareLine.hasPrefix("frame-00008.png: " + words), "check: \(checkLine)\ncompare: \(compareLine)")
    }

    /// Shards are balanced by the frames of each trace's references: the shipped traces
    /// split into 2 and 3 shards within 10% of each other (a shard prints its share first;
    /// STRATA_GL=none stops it there, before any replay).
    @Test func shardsAreBalancedWithinTenPercent() throws {
        let traces = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Traces").path
        for n in [2, 3] {
            var shares: [Int] = []
            for i in 1...n {
                let r = try strata(["check", traces, "--shard", "\(i)/\(n)"], environment: ["STRATA_GL": "none"])
                let line = r.stdout.split(separator: "\n").first { $0.hasPrefix("shard \(i)/\(n): ") } ?? ""
                // "shard 1/3: 4 traces of 10, 928 of 2752 frames"
                let words = line.split(separator: " ")
                if let k = words.firstIndex(of: "frames"), k >= 3, let mine = Int(words[k - 3]) { shares.append(mine) }
            }
            #expect(shares.count == n, "\(shares)")
            // Every frame the references map counts, the idle tails too: 2752 in all.
            #expect(shares.reduce(0, +) == 2752, "\(shares)")
            let (low, high) = (shares.min() ?? 0, shares.max() ?? 1)
            #expect(Double(high - low) <= 0.1 * Double(high), "\(n) shards: \(shares)")
        }
    }
}
