import Foundation
import Testing
import StrataRender
import StrataModel
import StrataTestSupport

private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

/// Every file below `dir`, with its bytes, except under `skip`.
private func tree(_ dir: String, skip: String) -> [String: Data] {
    var out: [String: Data] = [:]
    let e = FileManager.default.enumerator(atPath: dir)
    while let name = e?.nextObject() as? String {
        if name == skip || name.hasPrefix(skip + "/") { continue }
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: dir + "/" + name, isDirectory: &isDir), !isDir.boolValue {
            out[name] = FileManager.default.contents(atPath: dir + "/" + name)
        } else { out[name] = Data() }
    }
    return out
}

/// Files named by a trace stay in its folder unless `--root DIR` or `--allow-outside-paths`
/// says more (issue 28 §3); the refusals themselves are rows of `BoundedReadTests`.
@Suite(.serialized, .tags(.gl)) struct TraceContainmentTests {
    /// `render --save-trace traces/t.trace` of `x.scene.json`: the trace records
    /// `../x.scene.json`, render says how to replay it, and each way of allowing it replays
    /// the rendered frame byte for byte.
    @Test func aSceneFileBesideTheTracesFolderNeedsRoot() throws {
        let dir = try temporaryDirectory("contain-scene")
        try FileManager.default.copyItem(atPath: repository + "/Scenes/carousel.scene.json", toPath: dir + "/carousel.scene.json")
        let r = try strata(["render", "carousel.scene.json", "--size", "80x60", "--out", "r.png", "--save-trace", "traces/t.trace"], in: dir)
        #expect(r.status == 0 && r.stderr.contains("strata replay traces/t.trace --root .\n"), "\(r.stderr)")
        let rendered = try PNG.read(path: dir + "/r.png").pixels
        for (i, allow) in [["--root", "."], ["--root", dir], ["--allow-outside-paths"], ["--scene", "carousel.scene.json"]].enumerated() {
            let replay = try strata(["replay", "traces/t.trace", "--out", "f\(i)", "--frames", "1"] + allow, in: dir)
            #expect(replay.status == 0, "\(allow): \(replay.stderr)")
            #expect(try PNG.read(path: dir + "/f\(i)/frame-00000.png").pixels == rendered, "\(allow)")
        }
        // Saved beside the scene file, the trace needs no flag, from any directory.
        let beside = try strata(["render", "carousel.scene.json", "--size", "80x60", "--out", "b.png", "--save-trace", "b.trace"], in: dir)
        #expect(beside.status == 0 && beside.stderr.isEmpty, "\(beside.stderr)")
        let replay = try strata(["replay", dir + "/b.trace", "--out", dir + "/fb", "--frames", "1"], in: "/")
        #expect(replay.status == 0, "\(replay.stderr)")
    }

    /// The alert's backdrop is recorded relative to the trace and read from there, so the
    /// replay draws the same bytes whatever the current directory; outside the trace's
    /// folder it needs --root, as the scene file does.
    @Test func aBackdropIsRecordedRelativeToTheTrace() throws {
        let dir = try temporaryDirectory("contain-backdrop")
        var pixels: [UInt8] = []
        for y in 0..<48 { for x in 0..<64 { pixels += [UInt8(x * 4), UInt8(y * 5), 200, 255] } }
        let screen = Image(width: 64, height: 48, pixels: pixels)
        try FileManager.default.createDirectory(atPath: dir + "/traces/shots", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/shots", withIntermediateDirectories: true)
        try PNG.write(screen, to: dir + "/traces/shots/in.png")
        try PNG.write(screen, to: dir + "/shots/out.png")
        let args = ["render", "alert", "--size", "160x120", "--scale", "1", "--time", "0.2"]
        var r = try strata(args + ["--backdrop", "traces/shots/in.png", "--out", "in.png", "--save-trace", "traces/in.trace"], in: dir)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        #expect(try String(contentsOfFile: dir + "/traces/in.trace", encoding: .utf8).contains(#""backdrop": "shots/in.png""#))
        r = try strata(["replay", dir + "/traces/in.trace", "--out", dir + "/fin", "--frames", "13"], in: "/")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try PNG.read(path: dir + "/fin/frame-00012.png").pixels == PNG.read(path: dir + "/in.png").pixels)

        r = try strata(args + ["--backdrop", "shots/out.png", "--out", "out.png", "--save-trace", "traces/out.trace"], in: dir)
        #expect(r.status == 0 && r.stderr.contains("traces/out.trace names shots/out.png, outside the trace's folder"), "\(r.stderr)")
        #expect(try String(contentsOfFile: dir + "/traces/out.trace", encoding: .utf8).contains(#""backdrop": "../shots/out.png""#))
        r = try strata(["replay", "traces/out.trace", "--out", "fout"], in: dir)
        #expect(r.status == 2 && r.stderr.contains("the option backdrop \"../shots/out.png\" of the trace names a file outside the trace's folder"), "\(r.stderr)")
        r = try strata(["replay", "traces/out.trace", "--out", "fout", "--frames", "13", "--root", "."], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try PNG.read(path: dir + "/fout/frame-00012.png").pixels == PNG.read(path: dir + "/out.png").pixels)
        // On the command line the path is the user's word, read from the current directory.
        r = try strata(["replay", "traces/out.trace", "--backdrop", "shots/out.png", "--out", "fcli", "--frames", "13"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
    }

    /// Names in a results file (`../../x` traces and frames) never make merge-reports write
    /// outside the report's folder: every file outside it is as it was.
    @Test func mergeReportsWritesOnlyIntoTheReportFolder() throws {
        let dir = try temporaryDirectory("contain-merge")
        let other = try dragTrace(dir, name: "other", angle: 30)
        #expect(try strata(["check", other, "--references", dir + "/refs", "--record"]).status == 0)
        let trace = try dragTrace(dir)
        #expect(try strata(["check", trace, "--references", dir + "/refs", "--results-dir", dir + "/r"]).status == 1)
        let path = dir + "/r/results.json"
        let text = try String(contentsOfFile: path, encoding: .utf8)
            .replacingOccurrences(of: #""name" : "drag""#, with: #""name" : "..\/..\/escape""#)
            .replacingOccurrences(of: #""name" : "frame-00001""#, with: #""name" : "..\/..\/..\/pwn""#)
        #expect(text.contains("escape") && text.contains("pwn"))
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: dir + "/out", withIntermediateDirectories: true)
        let before = tree(dir, skip: "out")
        let r = try strata(["merge-reports", dir + "/r", "--report", dir + "/out/report.html", "--junit", dir + "/out/junit.xml"])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(tree(dir, skip: "out") == before)
        #expect(!FileManager.default.fileExists(atPath: dir + "/../escape") && !FileManager.default.fileExists(atPath: dir + "/../../pwn"))
        #expect(FileManager.default.fileExists(atPath: dir + "/out/report.html"))
    }
}
