import Foundation
import Testing
import StrataRender
import StrataTestSupport

/// A carousel drag at 20 fps lasting `seconds` (8 frames for the default 0.35 s).
func dragTrace(_ dir: String, name: String = "drag", seconds: Double = 0.35, fps: Int = 20, angle: Double = 0) throws -> String {
    var lines = ["{\"trace\": 1, \"scene\": \"carousel\", \"width\": 160, \"height\": 120, \"scale\": 1, \"fps\": \(fps), \"options\": {\"angle\": \(angle)}}",
                 "{\"t\": 0, \"kind\": \"down\", \"x\": 40, \"y\": 60}"]
    let steps = max(1, Int(seconds / 0.05) - 1)
    for i in 1...steps { lines.append("{\"t\": \(Double(i) * seconds / Double(steps + 1)), \"kind\": \"move\", \"x\": \(40 + (i % 12) * 5), \"y\": 60}") }
    lines.append("{\"t\": \(seconds), \"kind\": \"up\", \"x\": 100, \"y\": 60}")
    let path = dir + "/\(name).trace"
    try lines.joined(separator: "\n").appending("\n").write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

func contents(_ dir: String) -> [String: Data] {
    var out: [String: Data] = [:]
    for name in (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [] {
        out[name] = FileManager.default.contents(atPath: dir + "/" + name) ?? Data()
    }
    return out
}

func listing(_ dir: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted() }

@Suite(.serialized, .tags(.gl)) struct OutputSafetyTests {
    // MARK: Outputs never land in references

    @Test func outputsInsideTheReferencesAreRefused() throws {
        let dir = try temporaryDirectory("guard-refs")
        let trace = try dragTrace(dir)
        let refs = dir + "/refs"
        #expect(try strata(["check", trace, "--references", refs, "--record"]).status == 0)
        let before = contents(refs)
        try FileManager.default.createSymbolicLink(atPath: dir + "/link", withDestinationPath: refs)
        for (flag, path) in [("--out", refs), ("--out", refs + "/sub"), ("--out", dir), ("--out", dir + "/link"),
                             ("--out", dir + "/link/../refs"), ("--report", refs + "/report.html"), ("--report", dir + "/link/r.html")] {
            for extra in [[], ["--record"]] {
                let r = try strata(["check", trace, "--references", refs, flag, path] + extra)
                #expect(r.status == 2 && r.stderr.contains("\(flag) \(path) is, contains or lies inside the references directory"), "\(flag) \(path): \(r.stderr)")
            }
        }
        // The references given through the symlink, the output the real directory.
        let r = try strata(["check", trace, "--references", dir + "/link", "--out", refs + "/frames"])
        #expect(r.status == 2 && r.stderr.contains("lies inside the references directory"))
        #expect(contents(refs) == before)
        #expect(!FileManager.default.fileExists(atPath: refs + "/sub"))
    }

    @Test func compareDiffInsideAnInputDirectoryIsRefused() throws {
        let dir = try temporaryDirectory("guard-compare")
        let trace = try dragTrace(dir)
        #expect(try strata(["check", trace, "--references", dir + "/a", "--record"]).status == 0)
        #expect(try strata(["check", trace, "--references", dir + "/b", "--record"]).status == 0)
        let before = contents(dir + "/a")
        for diff in [dir + "/a", dir + "/a/diffs", dir] {
            let r = try strata(["compare", dir + "/a", dir + "/b", "--diff", diff])
            #expect(r.status == 2 && r.stderr.contains("is, contains or lies inside the input directory"), "\(diff): \(r.stderr)")
        }
        #expect(contents(dir + "/a") == before)
    }

    @Test func replayIntoAReferencesDirectoryIsRefused() throws {
        let dir = try temporaryDirectory("guard-manifest")
        try FileManager.default.createDirectory(atPath: dir + "/refs", withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: URL(fileURLWithPath: dir + "/refs/strata-references.json"))
        let r = try strata(["replay", try dragTrace(dir), "--out", dir + "/refs/frames"])
        #expect(r.status == 2 && r.stderr.contains("holds strata-references.json"), "\(r.stderr)")
        #expect(listing(dir + "/refs") == ["strata-references.json"])
    }

    // MARK: Only regular files are replaced

    @Test func nonRegularTargetsAreRefusedNeverReplaced() throws {
        let dir = try temporaryDirectory("guard-targets")
        #expect(mkfifo(dir + "/fifo", 0o644) == 0)
        try FileManager.default.createDirectory(atPath: dir + "/adir", withIntermediateDirectories: true)
        for (target, kind) in [("fifo", "a FIFO (named pipe)"), ("adir", "a directory")] {
            let r = try strata(["render", "carousel", "--size", "40x30", "--out", dir + "/" + target])
            #expect(r.status == 2 && r.stderr.contains("\(dir)/\(target): is \(kind); strata writes only regular files"), "\(r.stderr)")
            let t = try strata(["render", "carousel", "--size", "40x30", "--out", dir + "/ok.png", "--save-trace", dir + "/" + target])
            #expect(t.status == 2 && t.stderr.contains("is \(kind)"))
        }
        var s = stat()
        #expect(lstat(dir + "/fifo", &s) == 0 && s.st_mode & S_IFMT == S_IFIFO)
        // /dev/null is a device: refused as --out, --diff and --report alike.
        let r = try strata(["render", "carousel", "--size", "40x30", "--out", "/dev/null"])
        #expect(r.status == 2 && r.stderr.contains("/dev/null: is a device"))
        #expect(listing(dir) == ["adir", "fifo"])
    }

    @Test func aSymlinkedTargetIsReplacedNotWrittenThrough() throws {
        let dir = try temporaryDirectory("guard-symlink")
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: dir + "/precious.txt"))
        try FileManager.default.createSymbolicLink(atPath: dir + "/out.png", withDestinationPath: dir + "/precious.txt")
        let r = try strata(["render", "carousel", "--size", "40x30", "--out", dir + "/out.png"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(String(decoding: FileManager.default.contents(atPath: dir + "/precious.txt")!, as: UTF8.self) == "keep me")
        var s = stat()
        #expect(lstat(dir + "/out.png", &s) == 0 && s.st_mode & S_IFMT == S_IFREG)
    }

    @Test func unwritableOutputsFailBeforeTheWork() throws {
        let dir = try temporaryDirectory("guard-writable")
        let trace = try dragTrace(dir)
        try "x".write(toFile: dir + "/file", atomically: true, encoding: .utf8)
        #expect(try strata(["check", trace, "--references", dir + "/refs", "--record"]).status == 0)
        let r = try strata(["check", trace, "--references", dir + "/refs", "--report", dir + "/file/report.html"])
        #expect(r.status == 2 && r.stderr.contains("--report \(dir)/file/report.html: \(dir)/file is not a directory"), "\(r.stderr)")
        #expect(!r.stdout.contains("passed"))
    }

    // MARK: Recording is all or nothing

    @Test func recordingReplacesTheSetAndDeletesOnlyStrataFrames() throws {
        let dir = try temporaryDirectory("record-swap")
        let refs = dir + "/refs"
        #expect(try strata(["check", try dragTrace(dir, seconds: 0.55), "--references", refs, "--record"]).status == 0)
        try storeFramesAsFiles(refs)
        #expect(listing(refs).count == 12 + 2, "12 frames, strata-references.json and layers.json")
        for name in ["README.md", "frame-old.png", "frame-1.png", "frame-00050.PNG"] {
            try Data(name.utf8).write(to: URL(fileURLWithPath: refs + "/" + name))
        }
        let r = try strata(["check", try dragTrace(dir, name: "short", angle: 30), "--references", refs, "--record"])
        #expect(r.status == 0 && r.stdout.contains("recorded 8 frames into \(refs): 8 references updated, 0 unchanged, 0 added, "
                                                   + "8 frame files of the older layout now stored once by hash, 4 stale references removed"), "\(r.stdout)\(r.stderr)")
        // The set is now images stored once by hash; the user's files are untouched.
        let after = listing(refs)
        let images = Set(try referenceFrameMap(refs).values.map { $0 + ".png" })
        #expect(try referenceFrameMap(refs).keys.sorted() == (0..<8).map { String(format: "frame-%05d", $0) })
        #expect(after.filter { !images.contains($0) } == ["README.md", "frame-00050.PNG", "frame-1.png", "frame-old.png", "layers.json", "strata-references.json"], "\(after)")
        #expect(images.isSubset(of: after))
        #expect(listing(dir) == ["refs", "short.trace", "drag.trace"].sorted(), "no staging directory left: \(listing(dir))")
        #expect(try strata(["check", dir + "/short.trace", "--references", refs]).status == 0)
    }

    @Test func anInterruptedRecordingLeavesTheOldSetIntact() throws {
        let dir = try temporaryDirectory("record-interrupt")
        let refs = dir + "/refs"
        #expect(try strata(["check", try dragTrace(dir), "--references", refs, "--record"]).status == 0)
        let before = contents(refs)
        let long = try dragTrace(dir, name: "long", seconds: 60, fps: 30, angle: 40)
        let r = try strata(["check", long, "--references", refs, "--record"], sending: SIGINT) {
            // Two new references written into the staging directory.
            listing(refs).first { $0.hasPrefix(".strata-staging-") }.map { listing(refs + "/" + $0).count >= 2 } ?? false
        }
        #expect(r.status == 130, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr.contains("strata: interrupted by SIGINT: recorded nothing, the references in \(refs) were not changed"), "\(r.stderr)")
        #expect(contents(refs) == before)
        #expect(listing(dir) == ["drag.trace", "long.trace", "refs"], "\(listing(dir))")
    }

    @Test func aKilledRecordingIsCleanedUpByTheNextOne() throws {
        let dir = try temporaryDirectory("record-killed")
        let refs = dir + "/refs"
        let trace = try dragTrace(dir)
        #expect(try strata(["check", trace, "--references", refs, "--record"]).status == 0)
        try storeFramesAsFiles(refs)
        // What a SIGKILL during a commit leaves: a staging directory holding a moved user file.
        let staging = dir + "/.refs.strata-staging-999999"
        try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
        try Data("notes".utf8).write(to: URL(fileURLWithPath: staging + "/NOTES.txt"))
        try FileManager.default.copyItem(atPath: refs + "/frame-00000.png", toPath: staging + "/frame-00000.png")
        try Data().write(to: URL(fileURLWithPath: refs + "/.frame-00003.png.tmp-999999"))
        let r = try strata(["check", trace, "--references", refs, "--record"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(listing(dir) == ["drag.trace", "refs"])
        #expect(listing(refs).contains("NOTES.txt") && !listing(refs).contains(".frame-00003.png.tmp-999999"))
    }

    // MARK: Interrupted replays

    @Test(arguments: [(SIGINT, Int32(130), "SIGINT"), (SIGTERM, Int32(143), "SIGTERM")])
    func aSignalStopsAReplayAfterTheFrameInFlight(signal: Int32, status: Int32, name: String) throws {
        let dir = try temporaryDirectory("replay-signal-\(name)")
        let out = dir + "/frames"
        let r = try strata(["replay", try dragTrace(dir, seconds: 60, fps: 30), "--out", out], sending: signal) {
            listing(out).filter { $0.hasSuffix(".png") && !$0.hasPrefix(".") }.count >= 3
        }
        #expect(r.status == status, "\(r.stdout)\(r.stderr)")
        let frames = listing(out)
        #expect(!frames.isEmpty && frames.allSatisfy { !$0.hasPrefix(".") }, "no temporaries: \(frames)")
        #expect(frames == (0..<frames.count).map { String(format: "frame-%05d.png", $0) })
        #expect(r.stderr.contains("strata: interrupted by \(name): wrote \(frames.count) PNGs to \(out)/"), "\(r.stderr)")
        for f in frames { #expect(try PNG.read(path: out + "/" + f).width == 160) }
    }

    @Test func staleTemporariesOfAKilledRunAreRemovedAndNothingElse() throws {
        let dir = try temporaryDirectory("replay-stale-temps")
        let out = dir + "/frames"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let kept = [".notes.tmp-12", ".frame-x.png.tmp-5", ".frame-00001.png.tmp-", "frame-00001.png.tmp-7", ".frame-00002.png.tmp-7.bak"]
        for name in kept + [".frame-00003.png.tmp-999999", ".frame-01000.png.tmp-1"] {
            try Data(repeating: 1, count: 100).write(to: URL(fileURLWithPath: out + "/" + name))
        }
        let r = try strata(["replay", try dragTrace(dir), "--out", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(listing(out) == (kept + (0..<8).map { String(format: "frame-%05d.png", $0) }).sorted())
    }

    // MARK: One writer per directory, no stale frames

    @Test func aSecondWriterIsRefused() throws {
        let dir = try temporaryDirectory("replay-lock")
        let out = dir + "/frames"
        let trace = try dragTrace(dir)
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let fd = open(out, O_RDONLY | O_DIRECTORY)
        #expect(flock(fd, LOCK_EX | LOCK_NB) == 0)
        for args in [["replay", trace, "--out", out], ["check", trace, "--references", out, "--record"], ["check", trace, "--references", dir + "/r", "--record", "--out", out]] {
            let r = try strata(args)
            #expect(r.status == 2 && r.stderr.contains("\(out): another strata is using this directory"), "\(args): \(r.stderr)")
        }
        close(fd)
        #expect(listing(out).isEmpty)
    }

    @Test func twoConcurrentReplaysDoNotMix() throws {
        let dir = try temporaryDirectory("replay-concurrent")
        let out = dir + "/frames"
        let long = try dragTrace(dir, name: "long", seconds: 60, fps: 30)
        let short = try dragTrace(dir)
        var second: RunResult?
        let first = try strata(["replay", long, "--out", out], sending: SIGINT) {
            guard listing(out).count >= 1 else { return false }
            // Another process: the lock is between processes.
            second = try? strataProcess(["replay", short, "--out", out])
            return true
        }
        #expect(first.status == 130)
        #expect(second?.status == 2 && second?.stderr.contains("another strata is using this directory") == true, "\(second?.stderr ?? "")")
    }

    @Test func framesOfAnEarlierRunAreRemovedKeptOrCleaned() throws {
        let dir = try temporaryDirectory("replay-stale-frames")
        let out = dir + "/frames"
        let long = try dragTrace(dir, name: "long", seconds: 0.95)
        let short = try dragTrace(dir)
        #expect(try strata(["replay", long, "--out", out]).status == 0)
        #expect(listing(out).count == 20)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: out + "/frame-old.png"))
        var r = try strata(["replay", short, "--out", out, "--keep"])
        #expect(r.stdout.contains("; kept 12 frames of an earlier run that this run did not write (--keep)"), "\(r.stdout)")
        #expect(listing(out).count == 21)
        r = try strata(["replay", short, "--out", out])
        #expect(r.stdout.contains("; removed 12 frames of an earlier run that this run did not write"), "\(r.stdout)")
        #expect(listing(out) == (["frame-old.png"] + (0..<8).map { String(format: "frame-%05d.png", $0) }).sorted())
        r = try strata(["replay", short, "--out", out, "--clean", "--every", "2"])
        #expect(r.stdout.contains("; removed 8 frames of an earlier run before the first new one (--clean)"), "\(r.stdout)")
        #expect(listing(out) == ["frame-00000.png", "frame-00002.png", "frame-00004.png", "frame-00006.png", "frame-old.png"])
        r = try strata(["replay", short, "--out", out, "--clean", "--keep"])
        #expect(r.status == 2 && r.stderr.contains("give --clean or --keep, not both"))
    }
}
