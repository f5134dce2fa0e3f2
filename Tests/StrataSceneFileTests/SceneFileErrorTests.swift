import Testing
@testable import StrataSceneFile

/// A scene file is untrusted input: each fault is one error naming the file, the line
/// and column of the value at fault, its JSON path, and the reason.
@Suite struct SceneFileErrorTests {
    /// A minimal good file with `root` (a layer's JSON) and `extra` top-level members.
    static func scene(root: String = #"{"class": "CALayer"}"#, _ extra: String = "") -> String {
        "{\"strataScene\": 1, \"size\": [100, 80],\n\"root\": \(root)\(extra.isEmpty ? "" : ",\n" + extra)}"
    }

    static let cases: [(String, String)] = [
        // Syntax, with positions.
        ("", "t.scene.json:1:1: the file is empty; a scene file is a JSON object"),
        ("{\"strataScene\": 1,}", "t.scene.json:1:19: trailing comma before '}'"),
        ("{\"strataScene\": 1 \"size\": 2}", "t.scene.json:1:19: expected ',' or '}' after a value, found '\"'"),
        ("{\"a\": 1, \"a\": 2}", "t.scene.json:1:10: duplicate key \"a\" (first at line 1, column 2)"),
        ("{\"strataScene\": 01}", "t.scene.json:1:17: strataScene: numbers have no leading zeros"),
        ("{\"strataScene\": 1e999}", "t.scene.json:1:17: strataScene: number out of range: 1e999 is beyond ±1.8e308"),
        ("{\"strataScene\": NaN}", "t.scene.json:1:17: strataScene: expected a value (object, array, string, number, true, false or null), found 'N'"),
        ("{\"s\": \"a\u{01}\"}", "t.scene.json:1:9: s: control character U+0001 in a string (write it as an escape such as \\n)"),
        ("{} x", "t.scene.json:1:4: unexpected 'x' after the end of the JSON value"),
        ("{\"s\": [1, 2\n", "t.scene.json:2:1: s: expected ',' or ']' after a value, found the end of the file"),
        (String(repeating: "[", count: 70), "t.scene.json:1:65: [0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]: nesting too deep: more than 64 levels of arrays and objects"),
        // The top level.
        ("[]", "t.scene.json:1:1: expected a scene object {\"strataScene\": 1, \"size\": [W, H], \"root\": {...}}, got an array"),
        ("{\"strataScene\": 2, \"size\": [1, 1], \"root\": {}}", "t.scene.json:1:17: strataScene: this strata reads scene files of version 1, got 2"),
        ("{\"strataScene\": 1, \"sise\": [1, 1]}", "t.scene.json:1:20: sise: unknown key \"sise\"; did you mean \"size\"?"),
        ("{\"strataScene\": 1, \"root\": {}}", "t.scene.json:1:1: missing \"size\" (the view in points, [width, height])"),
        ("{\"strataScene\": 1, \"size\": [0, 80], \"root\": {}}", "t.scene.json:1:29: size[0]: must be between 1 and 16384, got 0"),
        // Layers.
        (scene(root: #"{"cornerRadius": "10px"}"#), "t.scene.json:2:26: root.cornerRadius: expected a number, got \"10px\""),
        (scene(root: #"{"sublayers": [{}, {}, {"cornerRadius": "10px"}]}"#),
         "t.scene.json:2:49: root.sublayers[2].cornerRadius: expected a number, got \"10px\""),
        (scene(root: #"{"class": "CAGradientLayr"}"#), "t.scene.json:2:19: root.class: unknown layer class \"CAGradientLayr\"; did you mean \"CAGradientLayer\"?"),
        (scene(root: #"{"cornerRadious": 3}"#), "t.scene.json:2:10: root.cornerRadious: unknown key \"cornerRadious\"; did you mean \"cornerRadius\"?"),
        (scene(root: "{\"class\": \"CAGradientLayer\", \"colors\": [" + Array(repeating: "\"red\"", count: 1001).joined(separator: ",") + "]}"),
         "t.scene.json:2:48: root.colors: at most 1000 colours, got 1001"),
        (scene(root: #"{"colors": ["red"]}"#), "t.scene.json:2:10: root.colors: \"colors\" is a property of CAGradientLayer, not CALayer (set \"class\": \"CAGradientLayer\")"),
        (scene(root: #"{"backgroundColor": "blurple"}"#), "t.scene.json:2:29: root.backgroundColor: unknown colour name \"blurple\"; did you mean \"purple\"?"),
        (scene(root: ##"{"backgroundColor": "#12345"}"##), "t.scene.json:2:29: root.backgroundColor: expected a colour #RGB, #RGBA, #RRGGBB or #RRGGBBAA, got \"#12345\""),
        (scene(root: ##"{"backgroundColor": "#+FFFFF"}"##), "t.scene.json:2:29: root.backgroundColor: expected a colour #RGB, #RGBA, #RRGGBB or #RRGGBBAA, got \"#+FFFFF\""),
        // Comments, which editors invite: the '/' is the fault, said as such.
        ("{\"strataScene\": 1, // the version\n\"size\": [1, 1]}", "t.scene.json:1:20: comments are not allowed in JSON; remove the // comment (a \"summary\" or an option's \"help\" can hold notes)"),
        ("/* a scene */ {}", "t.scene.json:1:1: comments are not allowed in JSON; remove the /* comment (a \"summary\" or an option's \"help\" can hold notes)"),
        ("{\"strataScene\": 1, \"size\": [1, 1] /* w, h */}", "t.scene.json:1:35: comments are not allowed in JSON; remove the /* comment (a \"summary\" or an option's \"help\" can hold notes)"),
        ("{\"$schema\": 3, \"strataScene\": 1, \"size\": [1, 1], \"root\": {}}", "t.scene.json:1:13: $schema: expected a string, got 3"),
        (scene(root: #"{"frame": [0, 0, 1, 1], "bounds": [0, 0, 1, 1]}"#), "t.scene.json:2:19: root.frame: give either \"frame\" or \"bounds\", not both (a frame sets the bounds' size and the position)"),
        (scene(root: #"{"transform": [{"rotate": [30, 0, 1]}]}"#), "t.scene.json:2:35: root.transform[0].rotate: expected [degrees, x, y, z] of 4 items, got 3"),
        (scene(root: #"{"transform": [{"spin": 1}]}"#), "t.scene.json:2:25: root.transform[0].spin: unknown key \"spin\"; known keys: perspective, rotate, translate, scale"),
        (scene(root: #"{"opacity": "{j + 1}"}"#), "t.scene.json:2:21: root.opacity: in the expression \"{j + 1}\": unknown name 'j' in the expression (names here: height, width)"),
        (scene(root: #"{"sublayers": [{"repeat": {"count": 3, "each": {"opacity": "{i / (n - 3)}"}}}]}"#),
         "t.scene.json:2:68: root.sublayers[0].repeat.each.opacity: the expression \"{i / (n - 3)}\" cannot be computed: division by zero"),
        (scene(root: #"{"sublayers": [{"repeat": {"count": 1001, "each": {}}}]}"#),
         "t.scene.json:2:45: root.sublayers[0].repeat.count: a repeat count must be a whole number from 0 to 1000, got 1001"),
        (scene(root: #"{"sublayers": [{"name": "a"}, {"name": "a"}]}"#), "t.scene.json:2:48: root.sublayers[1].name: a layer named \"a\" is already in the tree; names are unique"),
        (scene(root: #"{"contents": "../outside.png"}"#), "t.scene.json:2:22: root.contents: \"../outside.png\" is outside the scene's directory; only files under /tmp/scene may be read (pass --root DIR for a folder holding both, or --allow-outside-paths to allow any)"),
        // Animations.
        (scene(root: #"{"animations": {"a": {"class": "CABasicAnimation", "keyPath": "transform.rotaton.y"}}}"#),
         "t.scene.json:2:71: root.animations.a.keyPath: \"transform.rotaton.y\" is not an animatable key path of Layer; did you mean \"transform.rotation.y\"?"),
        (scene(root: #"{"animations": {"a": {"class": "CABasicAnimation", "keyPath": "opacity", "toValue": [1, 2]}}}"#),
         "t.scene.json:2:93: root.animations.a.toValue: expected a number, got an array"),
        (scene(root: #"{"animations": {"a": {"class": "CAKeyframeAnimation", "keyPath": "position", "values": [[0, 0], [1]]}}}"#),
         "t.scene.json:2:105: root.animations.a.values[1]: expected [x, y] of 2 items, got 1"),
        (scene(root: #"{"animations": {"a": {"class": "CABasicAnimation", "keyPath": "opacity", "fillMode": "forward"}}}"#),
         "t.scene.json:2:94: root.animations.a.fillMode: unknown fill mode \"forward\"; did you mean \"forwards\"?"),
        (scene(root: #"{"animations": {"a": {"class": "CABasicAnimation", "keyPath": "opacity", "timingFunction": [0, 0, 2, 1]}}}"#),
         "t.scene.json:2:100: root.animations.a.timingFunction: timing function control points (0.0, 0.0) (2.0, 1.0): x must be in 0...1 and every value finite"),
        // Options and gestures.
        (scene(#""options": {"size": {"type": "number"}}"#), "t.scene.json:3:21: options.size: \"size\" is taken by the commands' own flags (or the repeat variables); choose another name"),
        (scene(#""options": {"a": {"type": "number", "default": 5, "range": [0, 1]}}"#), "t.scene.json:3:48: options.a.default: the default 5 is outside the range 0...1"),
        (scene(#""gestures": [{"pan": {"translation.x": {"option": "angle"}}}]"#), "t.scene.json:3:51: gestures[0].pan.translation.x.option: no number option \"angle\" in the file's \"options\""),
        (scene(#""gestures": [{"tap": {"layer": "b", "run": "shake"}}]"#), "t.scene.json:3:44: gestures[0].tap.run: no animation \"shake\" in the file's \"animations\"; the file's \"animations\" is empty"),
        (scene(#""animations": {"s": {"class": "CABasicAnimation", "keyPath": "opacity"}}, "gestures": [{"tap": {"layer": "b", "run": "s"}}]"#),
         "t.scene.json:3:106: gestures[0].tap.layer: no layer named \"b\"; no layer has a name"),
    ]

    @Test(arguments: cases.indices)
    func eachFaultIsOneExactMessage(_ index: Int) throws {
        let (text, expected) = SceneFileErrorTests.cases[index]
        do {
            let file = try SceneFile.parse(data: Array(text.utf8), path: "t.scene.json",
                                           directory: "/tmp/scene")
            _ = try file.makeScene(options: try file.descriptor.sceneOptions([:]), viewSize: file.size)
            Issue.record("no error for case \(index); expected \(expected)")
        } catch let e as SceneFileError {
            #expect(e.description == expected, "case \(index)")
        }
    }
}
