import Foundation
import Testing
import StrataTestSupport

/// A file that says it is 0 bytes and never ends (reads fail or go on for gigabytes).
private let endless = "/proc/self/pagemap"

/// How each case's folder is made before the command runs ($ stands for it).
enum BoundedSetup: Sendable {
    case link(String, to: String)
    case sparse(String, bytes: off_t)
    case file(String, String)
    case results(imagePath: String)
    case shadersWith(String, linkedTo: String)
    case fifo(String)
}

/// A file named on the command line or by another file that strata reads bounded and
/// contained: the setup, the command, what its one error line says.
struct BoundedCase: Sendable, CustomStringConvertible {
    let name: String
    let setup: [BoundedSetup]
    let args: [String]
    let says: String
    var description: String { name }
}

private let scene = #"{"strataScene": 1, "size": [40, 30], "root": {"class": "CALayer", "name": "view", "contents": "CONTENTS"}}"#
private let trace = #"{"trace": 1, "scene": "s", "width": 40, "height": 30, "scale": 1, "fps": 20, "sceneFile": "SCENE"}"# + "\n"

private let okScene = #"{"strataScene": 1, "size": [40, 30], "root": {"class": "CALayer", "name": "view"}}"#
private func alertTrace(_ backdrop: String) -> String {
    #"{"trace": 1, "scene": "alert", "width": 320, "height": 240, "scale": 1, "fps": 20, "options": {"backdrop": "BACKDROP"}}"#
        .replacingOccurrences(of: "BACKDROP", with: backdrop) + "\n"
}

private let cases: [BoundedCase] = [
    BoundedCase(name: "lint of a symlink to pagemap", setup: [.link("p.scene.json", to: endless)],
                args: ["lint", "$/p.scene.json"], says: "$/p.scene.json:1:1: cannot read the scene file: "),
    BoundedCase(name: "render of a symlink to pagemap", setup: [.link("p.scene.json", to: endless)],
                args: ["render", "$/p.scene.json", "--out", "$/x.png"], says: "$/p.scene.json:1:1: cannot read the scene file: "),
    BoundedCase(name: "a trace's sceneFile of pagemap", setup: [.link("p.scene.json", to: endless), .file("t.trace", trace.replacingOccurrences(of: "SCENE", with: "p.scene.json"))],
                args: ["replay", "$/t.trace", "--out", "$/frames", "--allow-outside-paths"], says: "$/p.scene.json:1:1: cannot read the scene file: "),
    BoundedCase(name: "a references manifest linked to pagemap", setup: [.link("references/drag/strata-references.json", to: endless)],
                args: ["check", "$/drag.trace"], says: "$/references/drag/strata-references.json: cannot read the references manifest: "),
    BoundedCase(name: "a sparse 3 GB manifest", setup: [.sparse("references/drag/strata-references.json", bytes: 3 << 30)],
                args: ["check", "$/drag.trace"], says: "$/references/drag/strata-references.json: cannot read the references manifest: more than 16777216 bytes"),
    BoundedCase(name: "results.json linked to pagemap", setup: [.link("r/results.json", to: endless)],
                args: ["merge-reports", "$/r", "--junit", "$/j.xml"], says: "$/r/results.json: cannot read the results: "),
    BoundedCase(name: "results naming /etc/passwd", setup: [.results(imagePath: "/etc/passwd")],
                args: ["merge-reports", "$/r", "--report", "$/r.html"], says: "$/r/results.json: the image '/etc/passwd' is outside the results folder $/r"),
    BoundedCase(name: "results naming ../x.png", setup: [.results(imagePath: "../x.png"), .file("x.png", "x")],
                args: ["merge-reports", "$/r", "--report", "$/r.html"], says: "$/r/results.json: the image '../x.png' is outside the results folder $/r"),
    BoundedCase(name: "results naming an outward symlink", setup: [.results(imagePath: "images/out.png"), .link("r/images/out.png", to: "/etc/passwd")],
                args: ["merge-reports", "$/r", "--report", "$/r.html"], says: "the image 'images/out.png' is outside the results folder $/r"),
    BoundedCase(name: "contents ../x.png of a relative scene path", setup: [.file("s/s.scene.json", scene.replacingOccurrences(of: "CONTENTS", with: "../x.png")), .file("x.png", "x")],
                args: ["lint", "s/s.scene.json"], says: "is outside the scene's directory"),
    BoundedCase(name: "contents through an outward symlink", setup: [.file("s/s.scene.json", scene.replacingOccurrences(of: "CONTENTS", with: "in.png")), .link("s/in.png", to: "/etc/passwd")],
                args: ["lint", "$/s/s.scene.json"], says: "\"in.png\" is outside the scene's directory"),
    // A trace names files only in its own folder (issue 28 §3): its scene file and the alert's backdrop.
    BoundedCase(name: "a trace's sceneFile ../x.scene.json", setup: [.file("x.scene.json", okScene), .file("t/t.trace", trace.replacingOccurrences(of: "SCENE", with: "../x.scene.json"))],
                args: ["replay", "t/t.trace", "--out", "$/frames"], says: "t/t.trace: the trace names the scene file ../x.scene.json, outside the trace's folder; only files under $/t may be read"),
    BoundedCase(name: "a trace's absolute sceneFile", setup: [.file("t.trace", trace.replacingOccurrences(of: "SCENE", with: "/etc/passwd"))],
                args: ["replay", "$/t.trace", "--out", "$/frames"], says: "the trace names the scene file /etc/passwd, outside the trace's folder"),
    BoundedCase(name: "a trace's sceneFile through an outward symlink", setup: [.link("in.scene.json", to: "/etc/passwd"), .file("t.trace", trace.replacingOccurrences(of: "SCENE", with: "in.scene.json"))],
                args: ["dump", "$/t.trace"], says: "the trace names the scene file in.scene.json, outside the trace's folder"),
    BoundedCase(name: "a trace's sceneFile outside --root", setup: [.file("x.scene.json", okScene), .file("a/t/t.trace", trace.replacingOccurrences(of: "SCENE", with: "../../x.scene.json"))],
                args: ["check", "a/t/t.trace", "--root", "a", "--references", "$/refs"], says: "outside the trace's folder; only files under $/a/t or under --root $/a may be read"),
    BoundedCase(name: "a trace's backdrop ../x.png", setup: [.file("x.png", "x"), .file("t/t.trace", alertTrace("../x.png"))],
                args: ["replay", "t/t.trace", "--out", "$/frames"], says: "t/t.trace: the option backdrop \"../x.png\" of the trace names a file outside the trace's folder"),
    BoundedCase(name: "a trace's backdrop /proc/self/pagemap", setup: [.file("t.trace", alertTrace(endless))],
                args: ["check", "$/t.trace", "--references", "$/refs"], says: "the option backdrop \"/proc/self/pagemap\" of the trace names a file outside the trace's folder"),
    // Issue 28 §7: the true reason, errno's or the file's kind (never "Success", "Inappropriate ioctl" or "not found").
    BoundedCase(name: "a PNG symlink loop", setup: [.link("a.png", to: "b.png"), .link("b.png", to: "a.png")],
                args: ["compare", "$/a.png", "$/a.png"], says: "$/a.png: Too many levels of symbolic links"),
    BoundedCase(name: "a PNG that is not there", setup: [], args: ["compare", "$/none.png", "$/none.png"], says: "$/none.png: No such file or directory"),
    BoundedCase(name: "a FIFO named as a shader file", setup: [.shadersWith("layer.frag", linkedTo: "fifo"), .fifo("sh/fifo")],
                args: ["render", "carousel", "--size", "40x30", "--shaders", "$/sh", "--out", "$/x.png"], says: "$/sh/layer.frag: cannot read the shader: is a FIFO or pipe, not a regular file"),
    BoundedCase(name: "a FIFO named as a scene file", setup: [.fifo("p.scene.json")],
                args: ["lint", "$/p.scene.json"], says: "cannot read the scene file: is a FIFO or pipe, not a regular file"),
    BoundedCase(name: "a scene file symlink loop", setup: [.link("l.scene.json", to: "m.scene.json"), .link("m.scene.json", to: "l.scene.json")],
                args: ["lint", "$/l.scene.json"], says: "cannot read the scene file: Too many levels of symbolic links"),
    BoundedCase(name: "a FIFO as a contents image", setup: [.file("s/s.scene.json", scene.replacingOccurrences(of: "CONTENTS", with: "i.png")), .fifo("s/i.png")],
                args: ["lint", "$/s/s.scene.json"], says: "root.contents: \"i.png\" is a FIFO or pipe, not a regular file"),
    BoundedCase(name: "a shader linked to pagemap", setup: [.shadersWith("layer.frag", linkedTo: endless)],
                args: ["render", "carousel", "--size", "40x30", "--shaders", "$/sh", "--out", "$/x.png"], says: "$/sh/layer.frag: cannot read the shader: "),
]

@Suite(.serialized, .tags(.gl)) struct BoundedReadTests {
    @Test(arguments: cases) func readBoundedAndContained(_ c: BoundedCase) throws {
        let dir = try temporaryDirectory("bounded")
        let fm = FileManager.default
        let expand = { (s: String) in s.replacingOccurrences(of: "$", with: dir) }
        let tracePath = try dragTrace(dir)
        func parent(_ name: String) throws { try fm.createDirectory(atPath: ((dir + "/" + name) as NSString).deletingLastPathComponent, withIntermediateDirectories: true) }
        for step in c.setup {
            switch step {
            case .link(let name, let target):
                try parent(name); try? fm.removeItem(atPath: dir + "/" + name)
                try fm.createSymbolicLink(atPath: dir + "/" + name, withDestinationPath: target)
            case .sparse(let name, let bytes):
                try parent(name)
                #expect(fm.createFile(atPath: dir + "/" + name, contents: Data("{".utf8)) && truncate(dir + "/" + name, bytes) == 0)
            case .file(let name, let text):
                try parent(name); try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8)
            case .results(let image):
                // A failing check's results (drag against other references), its first image renamed.
                #expect(try strata(["check", try dragTrace(dir, name: "other", angle: 30), "--references", dir + "/refs", "--record"]).status == 0)
                #expect(try strata(["check", tracePath, "--references", dir + "/refs", "--results-dir", dir + "/r"]).status == 1)
                let path = dir + "/r/results.json"
                let text = try String(contentsOfFile: path, encoding: .utf8)
                let first = try #require(text.range(of: #"images\/drag\/frame-00000-expected.png"#))
                try text.replacingCharacters(in: first, with: image.replacingOccurrences(of: "/", with: "\\/")).write(toFile: path, atomically: true, encoding: .utf8)
            case .fifo(let name):
                try parent(name); #expect(mkfifo(dir + "/" + name, 0o644) == 0)
            case .shadersWith(let name, let target):
                try fm.createDirectory(atPath: dir + "/sh", withIntermediateDirectories: true)
                for file in try fm.contentsOfDirectory(atPath: shadersDirectory) where file != name {
                    try fm.copyItem(atPath: shadersDirectory + "/" + file, toPath: dir + "/sh/" + file)
                }
                try fm.createSymbolicLink(atPath: dir + "/sh/" + name, withDestinationPath: target)
            }
        }
        let started = Date()
        let r = try strata(c.args.map(expand), in: dir)
        #expect(Date().timeIntervalSince(started) < 10, "bounded reads end at once")
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("strata: error: ") && r.stderr.contains(expand(c.says)) && r.stderr.filter { $0 == "\n" }.count == 1, "\(r.stderr)")
        #expect(!r.stderr.contains("Success") && !r.stderr.contains("Inappropriate ioctl"), "\(r.stderr)")
    }
}

/// The package's Shaders/ folder.
private let shadersDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Shaders").path
