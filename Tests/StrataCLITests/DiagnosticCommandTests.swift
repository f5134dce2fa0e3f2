import Foundation
import Testing
import StrataScenes
import StrataTestSupport

/// Issue 23 §6: every kind of bad input is one `Diagnostic`, told in one place: its line
/// `strata: error: [FILE[:LINE[:COLUMN]]: ]message`, a `strata: hint:` line when it has a
/// hint, and exit status 2. A flag is told by its name, never as a line of the trace it
/// was given with.
@Suite struct DiagnosticCommandTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let args: [String]
        let stderr: [String]
        var testDescription: String { args.joined(separator: " ") }
        init(_ args: [String], _ stderr: String...) { self.args = args; self.stderr = stderr }
    }

    static let header = #"{"trace": 1, "scene": "carousel", "width": 480, "height": 320, "scale": 1, "fps": 60}"#
    static let alertHeader = #"{"trace": 1, "scene": "alert", "width": 375, "height": 667, "scale": 1, "fps": 60, "options": {"example": "simple"}}"#
    static let files: [String: String] = [
        "ok.trace": header + "\n",
        "alert.trace": alertHeader + "\n",
        "preferred.trace": alertHeader.replacingOccurrences(of: #""example": "simple""#, with: #""preferred": 5"#) + "\n",
        "wiggle.trace": header + "\n" + #"{"t": 0, "kind": "wiggle", "x": 1, "y": 2}"# + "\n",
        "comma.trace": header + "\n" + #"{"t": 0, "kind": "down", "x": 1, "y": 2,}"# + "\n",
        "wide.trace": header.replacingOccurrences(of: "480", with: "3000") + "\n",
        "wide8.trace": header.replacingOccurrences(of: "480", with: "3000").replacingOccurrences(of: #""scale": 1"#, with: #""scale": 8"#) + "\n",
        "teapot.trace": header.replacingOccurrences(of: "carousel", with: "teapot") + "\n",
        "bad.scene.json": "{\"strataScene\": 1, \"size\": [100, 80],\n\"root\": {\"cornerRadius\": \"10px\"}}\n",
    ]
    static let ownScene = "strata: hint: a scene of your own package is known to your package's own command (the executable that calls StrataCommand.main(scenes:), e.g. 'swift run my-strata replay TRACE'), not to strata"

    static let cases: [Case] = [
        // The command line: told by the flag's or the word's name, no place.
        Case(["frobnicate"], "strata: error: unknown command 'frobnicate'; commands: render, replay, window, compare, check, merge-reports, lint, dump, track, gpu (see 'strata --help')"),
        Case(["replay", "ok.trace", "--spin", "3"], "strata: error: unknown option --spin for 'replay' (see 'strata help replay')"),
        Case(["replay", "ok.trace", "--fps", "0"], "strata: error: --fps must be between 1 and 1000, found 0"),
        Case(["replay", "ok.trace", "--angle", "30", "--angle", "40"], "strata: error: --angle is given twice; give it once"),
        Case(["render", "carousel", "--planes", "0"], "strata: error: --planes must be between 1 and 1000, found 0"),
        Case(["track", "ok.trace", "--key", "nobody.opacity"],
             "strata: error: --key nobody.opacity: no layer of that name has such an animatable key path; write LAYER.KEYPATH with a layer's name ('strata dump' lists them) and a key path such as position.y"),
        // A scene option given as a flag over a trace's header that makes the scene
        // impossible is the flag's, with a hint saying where the other options came from
        // (it was `alert.trace:1:`).
        Case(["replay", "alert.trace", "--preferred", "5"], "strata: error: option \"preferred\" is 5, but there are 2 actions",
             "strata: hint: the scene was made with alert.trace's options and --preferred from the command line"),
        Case(["dump", "alert.trace", "--preferred", "5"], "strata: error: option \"preferred\" is 5, but there are 2 actions",
             "strata: hint: the scene was made with alert.trace's options and --preferred from the command line"),
        // The same option in the header is the trace's first line.
        Case(["replay", "preferred.trace"], "strata: error: preferred.trace:1: option \"preferred\" is 5, but there are 2 actions"),
        // A view too large at --scale is the flag's; at the header's scale, the header's.
        Case(["replay", "wide.trace", "--scale", "8"], "strata: error: the view, 3000 x 320 pt at scale 8, is 24000x2560 px; each side must be 1...16384 px"),
        Case(["replay", "wide8.trace"], "strata: error: wide8.trace:1: the view, 3000 x 320 pt at scale 8, is 24000x2560 px; each side must be 1...16384 px"),
        // A trace's line, its column for JSON, the file alone when it cannot be read.
        Case(["replay", "wiggle.trace"], "strata: error: wiggle.trace:2: unknown kind \"wiggle\"; expected down, move, up, cancel, key or scene"),
        Case(["replay", "comma.trace"],
             "strata: error: comma.trace:2:41: invalid JSON: trailing comma before '}'; expected an event like {\"t\": 0.25, \"kind\": \"down\", \"x\": 120.5, \"y\": 160}"),
        Case(["replay", "none.trace"], "strata: error: none.trace: cannot read the trace: No such file or directory"),
        Case(["compare", "none.png", "none.png"], "strata: error: none.png: No such file or directory"),
        // An unknown scene, by name or in a trace, with the hint of issue 26 §7.
        Case(["replay", "teapot.trace"], "strata: error: teapot.trace:1: unknown scene \"teapot\"; known scenes: \(SceneRegistry.names.joined(separator: ", "))", ownScene),
        Case(["render", "teapot"], "strata: error: unknown scene 'teapot'; scenes: \(SceneRegistry.names.joined(separator: ", "))", ownScene),
        // A scene file: line, column and the JSON path.
        Case(["lint", "bad.scene.json"], "strata: error: bad.scene.json:2:26: root.cornerRadius: expected a number, got \"10px\""),
    ]

    static let directory: String = {
        let dir = try! temporaryDirectory("diagnostics")
        for (name, text) in files { try! text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8) }
        return dir
    }()

    @Test(arguments: cases)
    func eachBadInputIsItsLinesAndExitTwo(_ c: Case) throws {
        let r = try strata(c.args, in: DiagnosticCommandTests.directory)
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty, "\(r.stdout)")
        #expect(r.stderr == c.stderr.map { $0 + "\n" }.joined(), "\(r.stderr)")
    }
}
