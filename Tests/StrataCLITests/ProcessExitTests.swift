import Foundation
import Testing
import StrataModel
import StrataRender
import StrataTestSupport

/// The built `strata` executable as a shell sees it. Every other CLI test runs the command
/// in the test's process (`strata(...)`); these show the binary passes on what the command
/// returns and writes: exit 0, 1 and 2, standard output and standard error apart, the
/// process's environment read.
@Suite(.serialized, .tags(.gl)) struct ProcessExitTests {
    @Test func aFrameWrittenExitsZeroSayingWhereOnStandardOutput() throws {
        let dir = try temporaryDirectory("process-render")
        let r = try strataProcess(["render", "carousel", "--size", "40x30", "--out", "c.png"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("wrote c.png (40x30 px, carousel at ") && r.stdout.hasSuffix("\n") && r.stderr.isEmpty, "\(r.stdout)\(r.stderr)")
        let image = try PNG.read(path: dir + "/c.png")
        #expect(image.width == 40 && image.height == 30)
    }

    @Test func framesThatDifferExitOne() throws {
        let dir = try temporaryDirectory("process-compare")
        var image = Image(width: 8, height: 8, fill: .white)
        try PNG.write(image, to: dir + "/a.png")
        image.setPixel(x: 3, y: 4, .black)
        try PNG.write(image, to: dir + "/b.png")
        let r = try strataProcess(["compare", dir + "/a.png", dir + "/b.png"])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stdout.hasSuffix("0 passed, 1 failed\n"), "\(r.stdout)")
    }

    /// An error is one line on standard error (and its hint one more) and exit 2; standard
    /// output stays empty.
    @Test func anErrorExitsTwoWithOneLineOnStandardError() throws {
        let r = try strataProcess(["render", "teapot"], in: try temporaryDirectory("process-bad"))
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        let lines = r.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3 && lines[0].hasPrefix("strata: error: unknown scene 'teapot'; scenes: carousel")
                && lines[1].hasPrefix("strata: hint: a scene of your own package") && lines[2].isEmpty, "\(r.stderr)")
    }

    /// The binary passes its own environment to the command: STRATA_GL naming no backend is refused.
    @Test func theProcessEnvironmentIsTheCommands() throws {
        let r = try strataProcess(["render", "carousel", "--size", "40x30", "--out", "x.png"], in: try temporaryDirectory("process-env"),
                                  environment: ["STRATA_GL": "glx"])
        #expect(r.status == 2)
        #expect(r.stderr == "strata: error: STRATA_GL=glx names no GL backend (one of auto, egl, osmesa)\n", "\(r.stderr)")
    }
}
