import Foundation
import Testing
import StrataModel
import StrataRender
import StrataTestSupport

@Suite(.serialized) struct RenderCommandTests {
    @Test func rendersTheCarouselAndSaysWhere() throws {
        let dir = try temporaryDirectory("render")
        let r = try strata(["render", "carousel", "--angle", "30", "--out", "c.png"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("wrote c.png") && r.stdout.contains("480x320"))
        let image = try PNG.read(path: dir + "/c.png")
        #expect(image.width == 480 && image.height == 320)
        // Same bytes as a second run: rendering is deterministic.
        _ = try strata(["render", "carousel", "--angle", "30", "--out", "d.png"], in: dir)
        #expect(FileManager.default.contents(atPath: dir + "/c.png") == FileManager.default.contents(atPath: dir + "/d.png"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["c.png", "d.png"])
    }

    @Test func defaultOutputAndScale() throws {
        let dir = try temporaryDirectory("default")
        let r = try strata(["render", "carousel", "--scale", "2", "--size", "200x100"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let image = try PNG.read(path: dir + "/carousel.png")
        #expect(image.width == 400 && image.height == 200)
    }

    @Test func badInputExitsTwoWithAClearMessage() throws {
        let cases: [([String], String)] = [
            (["render"], "strata: error: render needs a scene: strata render SCENE"),
            (["render", "teapot"], "strata: error: unknown scene 'teapot'; scenes: carousel"),
            (["render", "carousel", "--angle", "abc"], "strata: error: --angle expects a finite decimal number, got 'abc'"),
            (["render", "carousel", "--planes", "0"], "strata: error: --planes must be between 1 and 1000, found 0"),
            (["render", "carousel", "--size", "10by10"], "strata: error: --size expects WIDTHxHEIGHT in points"),
            (["render", "carousel", "--scale", "4", "--size", "8000x10"], "each side must be 1...16384 px"),
            (["render", "carousel", "--bogus"], "strata: error: unknown option --bogus for 'render'"),
            (["render", "carousel", "--out"], "strata: error: --out needs a value"),
            (["render", "carousel", "--out", "/etc/hostname/dir/c.png"], "strata: error: --out /etc/hostname/dir: /etc/hostname is not a directory"),
            (["render", "carousel", "--shaders", "/nonexistent"], "strata: error: shader file not found: /nonexistent/"),
            (["frobnicate"], "strata: error: unknown command 'frobnicate'"),
        ]
        for (args, message) in cases {
            let r = try strata(args, in: try temporaryDirectory("bad"))
            #expect(r.status == 2, "\(args)")
            #expect(r.stderr.hasPrefix(message) || r.stderr.contains(message), "\(args): \(r.stderr)")
        }
    }

    /// `render --out dir/x.png` makes `dir/`, as `replay --out` makes its folder.
    @Test func renderMakesTheFoldersOfItsOutputs() throws {
        let dir = try temporaryDirectory("render-folders")
        let r = try strata(["render", "carousel", "--out", "a/b/c.png", "--save-trace", "t/s.trace"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/a/b/c.png") && FileManager.default.fileExists(atPath: dir + "/t/s.trace"))
    }

    @Test func brokenShaderFilesFailAtStartNamingTheFile() throws {
        let dir = try temporaryDirectory("shaders")
        let shaders = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Shaders").path
        for file in try FileManager.default.contentsOfDirectory(atPath: shaders) where file.hasSuffix(".vert") || file.hasSuffix(".frag") {
            try FileManager.default.copyItem(atPath: shaders + "/" + file, toPath: dir + "/" + file)
        }
        // The copied shaders work from any directory...
        var r = try strata(["render", "carousel", "--shaders", dir, "--out", dir + "/ok.png"])
        #expect(r.status == 0, "\(r.stderr)")
        // ...and a syntax error is reported with the file's name.
        try "#version 330 core\nvoid main() { oops }\n".write(toFile: dir + "/shadow.frag", atomically: true, encoding: .utf8)
        r = try strata(["render", "carousel", "--shaders", dir, "--out", dir + "/bad.png"])
        #expect(r.status == 2 && r.stderr.contains("shader shadow.frag failed to compile"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/bad.png"))
    }

    @Test func helpIsThereForEveryCommand() throws {
        let overview = try strata(["--help"])
        #expect(overview.status == 0 && overview.stdout.contains("USAGE: strata COMMAND"))
        let help = try strata(["help", "render"])
        #expect(help.status == 0 && help.stdout.contains("--png-level N"))
        #expect(try strata(["render", "--help"]).stdout == help.stdout)
        #expect(try strata(["help", "nope"]).status == 2)
        // A scene's help is generated from its declarations: one line per option, with
        // its default and range.
        let carousel = try strata(["help", "carousel"])
        #expect(carousel.stdout.contains("--angle DEG") && carousel.stdout.contains("(default 5; 1...1000)"), "\(carousel.stdout)")
        for command in ["render", "replay", "window", "check", "compare", "help"] {
            let r = try strata(["help", command])
            #expect(r.status == 0 && r.stdout.contains("USAGE: strata \(command)"), "\(command): \(r.stdout)")
        }
        let version = try strata(["--version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("strata "))
    }
}
