import Foundation
import Testing
import StrataRender
import StrataScenes
@testable import StrataReplay
import StrataTestSupport

/// `strata replay` and `strata window` as a user runs them: in this process, but the built
/// binary where the process counts (Mesa's LP_NUM_THREADS, a display GLFW connects to).
@Suite(.serialized, .tags(.gl)) struct ReplayCommandTests {
    @Test func aBadTraceExitsTwoWithFileAndLine() throws {
        let dir = try makeTemporaryDirectory("bad-trace")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/bad.trace"
        try """
        {"trace": 1, "scene": "carousel", "width": 480, "height": 320, "scale": 1, "fps": 60}
        {"t": 0, "kind": "down", "x": 1, "y": 2}
        {"t": 0.1, "kind": "wiggle", "x": 1, "y": 2}

        """.write(toFile: path, atomically: true, encoding: .utf8)
        let r = try strata(["replay", path, "--out", dir + "/frames"])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("strata: error: \(path):3: unknown kind \"wiggle\""), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/frames"), "nothing written for a bad trace")

        // A scene the registry does not know: the header line of the file is named.
        try #"{"trace": 1, "scene": "spinner", "width": 480, "height": 320, "scale": 1, "fps": 60}"#
            .appending("\n").write(toFile: path, atomically: true, encoding: .utf8)
        let scene = try strata(["replay", path, "--out", dir + "/frames"])
        #expect(scene.status == 2)
        // With the hint of issue 26 §7 on a line of its own: which command knows a package's own scenes.
        #expect(scene.stderr == "strata: error: \(path):1: unknown scene \"spinner\"; known scenes: \(SceneRegistry.names.joined(separator: ", "))\n"
            + "strata: hint: a scene of your own package is known to your package's own command (the executable that calls StrataCommand.main(scenes:), e.g. 'swift run my-strata replay TRACE'), not to strata\n")

        let missing = try strata(["replay", dir + "/none.trace"])
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("strata: error: \(dir)/none.trace: cannot read the trace"), "\(missing.stderr)")
    }

    @Test func aCutOffLastLineIsAWarningAndTheRestReplays() throws {
        let dir = try makeTemporaryDirectory("cut-off")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/cut.trace"
        try """
        {"trace": 1, "scene": "carousel", "width": 120, "height": 80, "scale": 1, "fps": 10}
        {"t": 0, "kind": "down", "x": 10, "y": 20}
        {"t": 0.2, "kind": "move", "x": 110, "y": 20}
        {"t": 0.3, "kind": "up", "x": 1
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let r = try strata(["replay", path, "--out", dir + "/frames"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr == "strata: warning: \(path):4: ignored the last line: it has no newline and does not parse, as when a recording stops mid-write\n")
        // 0.2 s at 10 fps: frames 0, 1, 2; the summary says so and gives the state.
        #expect(r.stdout.hasPrefix("replayed 3 frames (0.200 s at 10 fps) in "), "\(r.stdout)")
        #expect(r.stdout.contains("wrote 3 PNGs (120x80 px) to \(dir)/frames/; angle: 50\n"), "\(r.stdout)")
        #expect(r.stdout.split(separator: "\n").count == 1)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir + "/frames").sorted()
        #expect(names == ["frame-00000.png", "frame-00001.png", "frame-00002.png"])
    }

    @Test func framesAndEveryOnTheCommandLine() throws {
        let dir = try makeTemporaryDirectory("every")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try strata(["replay", shippedTrace("carousel-flick"), "--out", dir, "--frames", "25",
                             "--every", "8", "--scale", "0.25", "--fps", "30"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty, "no progress bar when standard error is not a terminal: \(r.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(names == ["frame-00000.png", "frame-00008.png", "frame-00016.png", "frame-00024.png"])
        #expect(r.stdout.hasPrefix("replayed 25 frames (0.800 s at 30 fps)"), "\(r.stdout)")
        #expect(r.stdout.contains("wrote 4 PNGs (120x80 px)"), "\(r.stdout)")
        #expect(r.stdout.hasSuffix(", stopped at --frames\n"), "\(r.stdout)")

        let bad = try strata(["replay", shippedTrace("carousel-flick"), "--every", "0"])
        #expect(bad.status == 2)
        #expect(bad.stderr == "strata: error: --every must be between 1 and 1000000, found 0\n")
    }

    /// llvmpipe splits rasterisation over LP_NUM_THREADS threads (read when the context is
    /// created); the frames must not depend on it.
    @Test func framesAreByteIdenticalWhateverLlvmpipesThreadCount() throws {
        guard let strata = strataBinary() else { return }
        let dir = try makeTemporaryDirectory("threads")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var files: [[String: Data]] = []
        for threads in ["1", "2"] {
            let out = dir + "/t\(threads)"
            let r = try runProcess(strata, ["replay", shippedTrace("carousel-flick"), "--out", out],
                                   environment: ["LP_NUM_THREADS": threads])
            #expect(r.status == 0, "\(r.stderr)")
            var byName: [String: Data] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: out) {
                byName[name] = FileManager.default.contents(atPath: out + "/" + name)
            }
            files.append(byName)
        }
        let (replayer, _) = try Replayer.load(path: shippedTrace("carousel-flick"), scenes: SceneRegistry.catalog)
        #expect(files[0].count == replayer.lastEventFrame + 1)
        #expect(files[0].keys.sorted() == files[1].keys.sorted())
        let differing = files[0].keys.filter { files[0][$0] != files[1][$0] }.sorted()
        #expect(differing.isEmpty, "frames differ between LP_NUM_THREADS=1 and 2: \(differing.prefix(5))")
    }

    @Test func theWindowWithoutADisplayExitsTwoAndPointsToReplay() throws {
        guard let strata = strataBinary() else { return }
        let r = try runProcess(strata, ["window", "carousel"], environment: ["DISPLAY": nil, "WAYLAND_DISPLAY": nil])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("strata: error: cannot open a window: no display: neither DISPLAY nor WAYLAND_DISPLAY is set\n"
                                   + "strata: hint: the window needs a display"), "\(r.stderr)")
        #expect(r.stderr.contains("'strata replay TRACE'"), "\(r.stderr)")

        // A display that is not there: GLFW cannot connect, the same advice.
        let gone = try runProcess(strata, ["window", "carousel"], environment: ["DISPLAY": ":4093", "WAYLAND_DISPLAY": nil])
        #expect(gone.status == 2)
        #expect(gone.stderr.hasPrefix("strata: error: cannot open a window: could not create a GL context: GLFW could not initialise"), "\(gone.stderr)")
        #expect(gone.stderr.contains("'strata replay TRACE'"), "\(gone.stderr)")
    }
}
