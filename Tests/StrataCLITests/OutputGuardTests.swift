import Foundation
import Testing
import StrataRender
import StrataTestSupport

/// One folder every refusal is tried against: two traces with their references recorded,
/// another references set (`other/`, a copy), results of a check, frames to compare, a
/// references set deep below `nest/`, one named `r-files` beside a report `r.html`, a file.
private let fixture: String = {
    let d = try! temporaryDirectory("output-guard")
    let trace = try! dragTrace(d)
    _ = try! dragTrace(d, name: "flick", angle: 30)
    precondition(try! strata(["check", d, "--record"]).status == 0)
    let fm = FileManager.default
    try! fm.copyItem(atPath: d + "/references/drag", toPath: d + "/other")
    try! fm.createDirectory(atPath: d + "/nest/deep", withIntermediateDirectories: true)
    try! fm.copyItem(atPath: d + "/references/drag", toPath: d + "/nest/deep/refs")
    try! fm.createDirectory(atPath: d + "/rf", withIntermediateDirectories: true)
    try! fm.copyItem(atPath: d + "/references/drag", toPath: d + "/rf/r-files")
    try! fm.copyItem(atPath: d + "/references/drag", toPath: d + "/adir")
    try! fm.copyItem(atPath: d + "/references/flick", toPath: d + "/bdir")
    precondition(try! strata(["check", trace, "--results-dir", d + "/results"]).status == 0)
    try! Data("x".utf8).write(to: URL(fileURLWithPath: d + "/file"))
    try! fm.createSymbolicLink(atPath: d + "/tracelink", withDestinationPath: trace)
    return d
}()

/// Every file under `dir` and its bytes.
private func tree(_ dir: String) -> [String: Data] {
    var out: [String: Data] = [:]
    for name in FileManager.default.subpaths(atPath: dir) ?? [] {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: dir + "/" + name, isDirectory: &isDirectory), !isDirectory.boolValue {
            out[name] = FileManager.default.contents(atPath: dir + "/" + name) ?? Data()
        }
    }
    return out
}

/// A command line (`$` stands for the fixture folder) and what its one line of error says.
struct GuardCase: Sendable, CustomStringConvertible {
    let args: [String]
    let says: String
    init(_ args: [String], _ says: String) { self.args = args; self.says = says }
    var description: String { args.joined(separator: " ") }
    func expand(_ s: String) -> String { s.replacingOccurrences(of: "$", with: fixture) }
}

private let refused: [GuardCase] = [
    // Outputs inside another references set (`other/` holds strata-references.json).
    GuardCase(["compare", "$/adir", "$/bdir", "--diff", "$/other"], "--diff $/other is or lies inside the references directory $/other"),
    GuardCase(["compare", "$/adir/frame-00000.png", "$/bdir/frame-00000.png", "--diff", "$/other/frame-00000.png"], "--diff $/other/frame-00000.png is or lies inside the references directory"),
    GuardCase(["check", "$/drag.trace", "--out", "$/other"], "--out $/other is or lies inside the references directory"),
    GuardCase(["check", "$/drag.trace", "--junit", "$/other/j.xml"], "--junit $/other/j.xml is or lies inside the references directory"),
    GuardCase(["check", "$/drag.trace", "--report", "$/other/r.html"], "--report $/other/r.html is or lies inside the references directory"),
    GuardCase(["check", "$/drag.trace", "--results-dir", "$/other/res"], "--results-dir $/other/res is or lies inside the references directory"),
    GuardCase(["check", "$/drag.trace", "--artifacts", "$/other/art"], "--artifacts $/other/art is or lies inside the references directory"),
    GuardCase(["render", "carousel", "--out", "$/other/x.png"], "--out $/other/x.png is or lies inside the references directory"),
    GuardCase(["render", "carousel", "--out", "$/x.png", "--save-trace", "$/other/x.trace"], "--save-trace $/other/x.trace is or lies inside the references directory"),
    GuardCase(["replay", "$/drag.trace", "--apng", "$/other/x.png"], "--apng $/other/x.png is or lies inside the references directory"),
    GuardCase(["replay", "$/drag.trace", "--out", "$/other"], "--out $/other is or lies inside the references directory"),
    GuardCase(["merge-reports", "$/results", "--report", "$/other/r.html"], "--report $/other/r.html is or lies inside the references directory"),
    GuardCase(["merge-reports", "$/results", "--junit", "$/other/j.xml"], "--junit $/other/j.xml is or lies inside the references directory"),
    GuardCase(["window", "carousel", "--screenshot", "$/other/s.png"], "--screenshot $/other/s.png is or lies inside the references directory"),
    GuardCase(["window", "carousel", "--record", "$/other/r.trace"], "--record $/other/r.trace is or lies inside the references directory"),
    // The report's files folder is an output too.
    GuardCase(["check", "$/drag.trace", "--report", "$/rf/r.html"], "--report $/rf/r-files is or lies inside the references directory"),
    GuardCase(["merge-reports", "$/results", "--report", "$/rf/r.html"], "--report $/rf/r-files is or lies inside the references directory"),
    // Above a references set: found below the output folder, or the check's own.
    GuardCase(["replay", "$/drag.trace", "--out", "$/nest"], "--out $/nest contains the references directory $/nest/deep/refs"),
    GuardCase(["compare", "$/adir", "$/bdir", "--diff", "$/nest"], "--diff $/nest contains the references directory"),
    GuardCase(["check", "$/drag.trace", "--artifacts", "$/nest"], "--artifacts $/nest contains the references directory"),
    GuardCase(["check", "$/drag.trace", "--out", "$"], "--out $ is, contains or lies inside the references directory $/references/drag"),
    // check DIR --out: every trace's folder is checked before the first frame.
    GuardCase(["check", "$", "--out", "$/references"], "--out $/references/drag is, contains or lies inside the references directory $/references/drag"),
    // An output that is an input.
    GuardCase(["check", "$/drag.trace", "--junit", "$/drag.trace"], "--junit $/drag.trace is the trace $/drag.trace itself"),
    GuardCase(["check", "$/drag.trace", "--report", "$/drag.trace"], "--report $/drag.trace is the trace $/drag.trace itself"),
    GuardCase(["check", "$/drag.trace", "--report", "$/tracelink"], "--report $/tracelink is the trace $/drag.trace itself"),
    GuardCase(["replay", "$/drag.trace", "--apng", "$/drag.trace"], "--apng $/drag.trace is the trace $/drag.trace itself"),
    GuardCase(["merge-reports", "$/results", "--report", "$/results/results.json"], "--report $/results/results.json is the results $/results/results.json itself"),
    GuardCase(["compare", "$/adir/frame-00000.png", "$/bdir/frame-00000.png", "--diff", "$/bdir/frame-00000.png"], "--diff $/bdir/frame-00000.png is the input frame $/bdir/frame-00000.png itself"),
    GuardCase(["compare", "$/adir", "$/bdir", "--diff", "$/adir/diffs"], "--diff $/adir/diffs is, contains or lies inside the input directory $/adir"),
    // An output that is another output.
    GuardCase(["check", "$/drag.trace", "--report", "$/x", "--junit", "$/x"], "--junit $/x is also the output of --report $/x"),
    GuardCase(["merge-reports", "$/results", "--report", "$/x", "--junit", "$/x"], "--junit $/x is also the output of --report $/x"),
    GuardCase(["render", "carousel", "--out", "$/x", "--save-trace", "$/x"], "--save-trace $/x is also the output of --out $/x"),
    GuardCase(["check", "$/drag.trace", "--results-dir", "$/res", "--report", "$/res/results.json"], "--results-dir $/res/results.json is also the output of --report $/res/results.json"),
    GuardCase(["check", "$/drag.trace", "--out", "$/o", "--artifacts", "$/o"], "--artifacts $/o is also the output of --out $/o"),
    GuardCase(["check", "$/drag.trace", "--report", "$/o/r.html", "--artifacts", "$/o/r-files"], "--artifacts $/o/r-files is also the output of --report $/o/r-files"),
    // Not writable, said before any work.
    GuardCase(["check", "$/drag.trace", "--results-dir", "$/file"], "--results-dir $/file: $/file is not a directory"),
    GuardCase(["check", "$/drag.trace", "--artifacts", "$/file"], "--artifacts $/file: $/file is not a directory"),
    GuardCase(["check", "$/drag.trace", "--results-dir", "$/file/sub"], "--results-dir $/file/sub: $/file is not a directory"),
    GuardCase(["merge-reports", "$/missing", "--junit", "$/file/j.xml"], "--junit $/file/j.xml: $/file is not a directory"),
    GuardCase(["replay", "$/drag.trace", "--out", "$/file"], "--out $/file: $/file is not a directory"),
]

@Suite(.serialized, .tags(.gl)) struct OutputGuardTests {
    @Test(arguments: refused) func refusedBeforeAnyWork(_ c: GuardCase) throws {
        let before = tree(fixture)
        let r = try strata(c.args.map(c.expand), environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr == "strata: error: \(c.expand(c.says))" + r.stderr.dropFirst("strata: error: \(c.expand(c.says))".count), "\(r.stderr)")
        #expect(r.stderr.hasPrefix("strata: error: \(c.expand(c.says))") && r.stderr.filter { $0 == "\n" }.count == 1, "\(r.stderr)")
        #expect(tree(fixture) == before)
        for leftover in ["x", "x.png", "o", "res", "other/res", "other/art", "nest/frame-00000.png"] {
            #expect(!FileManager.default.fileExists(atPath: fixture + "/" + leftover), "\(leftover)")
        }
    }

    /// A trace named `...trace` (name `..`) writes into a folder of its own, `__`, never
    /// into the parent, whose frames stay the user's.
    @Test func aTraceNamedDotsWritesIntoAFolderOfItsOwn() throws {
        let d = try temporaryDirectory("guard-dots")
        try FileManager.default.createDirectory(atPath: d + "/traces", withIntermediateDirectories: true)
        let dots = try dragTrace(d + "/traces", name: "..")
        _ = try dragTrace(d + "/traces", name: "drag")
        #expect((dots as NSString).lastPathComponent == "...trace")
        let traces = [dots, d + "/traces/drag.trace"]
        #expect(try strata(["check"] + traces + ["--record"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: d + "/traces/references/__/frame-00000.png"))
        #expect(tree(d + "/traces").keys.filter { !$0.hasPrefix("references/") }.sorted() == ["...trace", "drag.trace"])
        try FileManager.default.createDirectory(atPath: d + "/out", withIntermediateDirectories: true)
        for i in 0..<4 { try Data("user \(i)".utf8).write(to: URL(fileURLWithPath: d + "/out/frame-0000\(i).png")) }
        let before = tree(d + "/out")
        let r = try strata(["check"] + traces + ["--out", d + "/out/frames"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: d + "/out/frames/__/frame-00007.png"))
        #expect(tree(d + "/out").filter { !$0.key.hasPrefix("frames/") } == before)
    }

    @Test(arguments: [("..", "__"), (".", "_"), ("...", "___"), (".hidden", "_hidden"), ("a/b", "a_b"), ("/", "_"), ("", "_"), ("tab\there", "tab_here"),
                      ("bell\u{7}", "bell_"), ("bad\u{FFFD}byte", "bad_byte"), ("non\u{FFFE}char\u{FFFF}", "non_char_"),
                      ("carousel-flick", "carousel-flick"), ("Grüße 世界", "Grüße 世界")])
    func namesBecomeSafeFileNames(_ name: String, _ safe: String) {
        #expect(SafeFileName.make(name) == safe)
    }
}
