import Foundation
import StrataModel
import StrataRender
import Testing
import StrataTestSupport

/// `strata render alert`, run as a user runs it: the built binary beside the test bundle.
@Suite(.serialized, .tags(.gl)) struct AlertCommandTests {
    func directory(_ name: String) throws -> String { try temporaryDirectory("alert-\(name)") }

    @Test func rendersAnExampleAtAnIPhone8sSizeAndScale() throws {
        let dir = try directory("example")
        let r = try strata(["render", "alert", "--example", "simple"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("wrote alert.png (750x1334 px"))
        let image = try PNG.read(path: dir + "/alert.png")
        #expect(image.width == 750 && image.height == 1334)
        // Same frame as the reference the render tests keep.
        let reference = try PNG.read(path: referencesDirectory.appendingPathComponent("alerts/simple-light.png").path)
        #expect(image.pixels == reference.pixels)
    }

    @Test func rendersAnAlertDescribedOnTheCommandLine() throws {
        let dir = try directory("custom")
        let r = try strata(["render", "alert", "--title", "Sign In", "--message", "Enter your password",
                            "--text-field", "Password:secure", "--action", "cancel:Cancel", "--action", "disabled:Sign In",
                            "--preferred", "2", "--appearance", "dark", "--size", "320x568", "--scale", "1",
                            "--out", "custom.png"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let image = try PNG.read(path: dir + "/custom.png")
        #expect(image.width == 320 && image.height == 568)
        let sheet = try strata(["render", "alert", "--style", "sheet", "--action", "destructive:Delete",
                                "--action", "cancel:Cancel", "--time", "0.1", "--out", "sheet.png"], in: dir)
        #expect(sheet.status == 0, "\(sheet.stderr)")
        #expect(sheet.stdout.contains("alert at 0.1 s after 0 events"), "\(sheet.stdout)")
    }

    @Test func misuseExitsTwoWithUIKitsReason() throws {
        let dir = try directory("misuse")
        let twoCancels = try strata(["render", "alert", "--title", "T", "--action", "cancel:A", "--action", "cancel:B"], in: dir)
        #expect(twoCancels.status == 2)
        #expect(twoCancels.stderr == "strata: error: UIAlertController can only have one action with a style of UIAlertActionStyleCancel\n")
        let field = try strata(["render", "alert", "--style", "sheet", "--text-field", "登录", "--action", "default:OK"], in: dir)
        #expect(field.status == 2)
        #expect(field.stderr.contains("Text fields can only be added to an alert controller of style UIAlertControllerStyleAlert"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    @Test func badWordsAreUsageErrors() throws {
        let dir = try directory("bad")
        let cases: [([String], String)] = [
            (["--example", "nope"], "--example expects one of simple, destructive, login"),
            (["--action", "bold:OK"], "must be default, cancel, destructive or disabled"),
            (["--action", "OK"], "STYLE:TITLE"),
            (["--title", "T", "--appearance", "dim"], "--appearance expects one of light, dark, got 'dim'"),
            (["--title", "T", "--style", "popover"], "--style expects one of alert, sheet, got 'popover'"),
            (["--example", "simple", "--preferred", "3"], "option \"preferred\" is 3, but there are 2 actions"),
            (["--title", "T", "--title", "U"], "--title is given twice"),
            (["--title", "T", "--action"], "--action needs a value"),
        ]
        for (args, message) in cases {
            let r = try strata(["render", "alert"] + args, in: dir)
            #expect(r.status == 2 && r.stderr.contains(message), "\(args): \(r.stderr)")
        }
    }

    @Test func helpListsTheExamples() throws {
        let r = try strata(["help", "alert"], in: try directory("help"))
        #expect(r.stdout.contains("strata render alert") && r.stdout.contains("sp-horizontal-sheet"), "\(r.stdout)")
    }

    /// The shipped traces replay onto their reference frames, ending as their gestures say.
    @Test(arguments: [("alert-simple", "picked 取消, picked 好的"),
                      ("alert-login", "picked 好的, 帐号: abc, 密码: 1234"),
                      ("alert-sheet", "picked 取消, picked 取消")])
    func shippedTracesMatchTheirReferences(_ name: String, _ ending: String) throws {
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        let r = try strata(["check", "Traces/\(name).trace", "--references", "Traces/references/\(name)"], in: package)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        let replay = try strata(["replay", "Traces/\(name).trace", "--out", try directory(name), "--every", "100000"],
                                in: package)
        #expect(replay.status == 0 && replay.stdout.contains("dismissed; \(ending)"), "\(replay.stdout)\(replay.stderr)")
    }
}
