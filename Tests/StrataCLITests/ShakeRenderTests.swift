import Foundation
import Testing
import StrataModel
import StrataRender
import StrataTestSupport

/// Where the left edge of the light box crossing row `y` lies, in pixels, to a fraction
/// of one: the field (white 0.94 → 240) over the white view (255), edges anti-aliased
/// by coverage. Every column left of x = 150 that is not fully covered adds its
/// uncovered part, so the sum is the edge's position; the placeholder (8 pt in, darker
/// than the box) counts as covered.
private func leftEdge(_ image: Image, row y: Int) -> Double {
    var edge = 0.0
    for x in 0..<150 {
        let coverage = (255 - Double(image.pixel(x: x, y: y).r)) / 15
        edge += 1 - min(1, max(0, coverage))
    }
    return edge
}

/// A pixel's colour as [r, g, b].
private func rgb(_ image: Image, _ x: Int, _ y: Int) -> [Int] {
    let p = image.pixel(x: x, y: y)
    return [Int(p.r), Int(p.g), Int(p.b)]
}

/// `strata render shake` as a user runs it: the built binary.
///
/// The form in the 320 x 568 pt view: 40 pt margins, the form (290 pt) centred, so its
/// top is (568 − 290) / 2 = 139: the username field spans y 139...169 (row 154 crosses
/// it), the first button y 269...309 (row 289).
@Suite(.serialized, .tags(.gl)) struct ShakeRenderTests {
    @Test func theFormAtRestAtItsDesignedSize() throws {
        let dir = try temporaryDirectory("shake-rest")
        let r = try strata(["render", "shake"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "wrote shake.png (320x568 px, shake at 0 s after 0 events: taps: 0, completions: 0)\n")
        let image = try PNG.read(path: dir + "/shake.png")
        #expect(image.width == 320 && image.height == 568)
        #expect(image.pixel(x: 39, y: 154).r == 255 && image.pixel(x: 40, y: 154).r == 240)
        #expect(abs(leftEdge(image, row: 154) - 40) < 0.05)
    }

    /// The eased clock reaches keyTime 0.225 when easeInEaseOut(u) = 0.225, at
    /// u = 0.3284402995 of the 0.5 s: 0.1642201498 s after the tap. There the fields show
    /// the second keyframe, +15 pt, exactly; the buttons do not move.
    @Test func shakeAllAtTheSecondKeyframeShiftsTheFieldsFifteenPoints() throws {
        let dir = try temporaryDirectory("shake-all")
        let r = try strata(["render", "shake", "--shake", "all", "--time", "0.1642201497610505", "--out", "a.png"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "wrote a.png (320x568 px, shake at 0.1642201497610505 s after 2 events: taps: 1, completions: 0)\n")
        let image = try PNG.read(path: dir + "/a.png")
        #expect(abs(leftEdge(image, row: 154) - 55) < 0.05, "username field")
        #expect(abs(leftEdge(image, row: 204) - 55) < 0.05, "password field")
        #expect(image.pixel(x: 54, y: 154).r == 255 && image.pixel(x: 55, y: 154).r == 240)
        // The first button's orange border stays at x = 40.
        #expect(image.pixel(x: 40, y: 289).b < 100 && image.pixel(x: 55, y: 289).b == 255)
    }

    /// Mid-segment, at scale 2: 0.1125 s is u = 0.225, eased to 0.1040380083, inside the
    /// first segment (0 → +15 over keyTimes 0...0.225): 15 · 0.1040380083 / 0.225 =
    /// 6.9358672 pt, so the edge is at (40 + 6.9358672) · 2 = 93.8717 px.
    @Test func midSegmentOnTheEasedClockAtScaleTwo() throws {
        let dir = try temporaryDirectory("shake-mid")
        let r = try strata(["render", "shake", "--shake", "all", "--time", "0.1125", "--scale", "2", "--out", "m.png"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let image = try PNG.read(path: dir + "/m.png")
        #expect(image.width == 640 && image.height == 1136)
        let edge = leftEdge(image, row: 308)
        #expect(abs(edge - 93.8717) < 0.1, "edge at \(edge) px")
    }

    @Test func shakeOneMovesTheFirstButtonAndCompletionPresentsTheAlert() throws {
        let dir = try temporaryDirectory("shake-one")
        let one = try strata(["render", "shake", "--shake", "one", "--time", "0.1642201497610505", "--out", "one.png"], in: dir)
        #expect(one.status == 0, "\(one.stderr)")
        let image = try PNG.read(path: dir + "/one.png")
        #expect(abs(leftEdge(image, row: 154) - 40) < 0.05, "the fields stay")
        // The first button's left border moved 15 pt right, to x = 55; the second's did not.
        #expect(image.pixel(x: 40, y: 289).b == 255 && image.pixel(x: 55, y: 289).b < 100)
        #expect(image.pixel(x: 40, y: 349).b < 100)

        // 0.6 s shake, then the completion: by 0.7 s the alert is up and the form is at rest.
        let done = try strata(["render", "shake", "--shake", "completion", "--time", "0.7", "--out", "c.png"], in: dir)
        #expect(done.status == 0, "\(done.stderr)")
        #expect(done.stdout.hasSuffix("0.7 s after 2 events: taps: 1, completions: 1, alert: 提示)\n"),
                "\(done.stdout)")
        let before = try strata(["render", "shake", "--shake", "completion", "--time", "0.5", "--out", "b.png"], in: dir)
        #expect(!before.stdout.contains("alert"), "\(before.stdout)")
        // Still shaking, no dim: the view's corner is white.
        #expect(rgb(try PNG.read(path: dir + "/b.png"), 10, 10) == [255, 255, 255])
    }

    /// 1.2 s after the tap: the shake ended at 0.6 s and the alert's spring (about 0.4 s)
    /// has settled. The alert, 270 x 125 pt at scale 1 (a 1 px hairline above OK),
    /// centred in the safe area below the 20 pt status bar (x 25...295, y 232...357), is
    /// the light material (within 3 levels of 240, warmed by the orange borders blurred
    /// through it); black at 20 % dims the form: white becomes
    /// 204, the field boxes (240) 192, the orange borders darker.
    @Test func completionDrawsTheAlertOverTheDimmedForm() throws {
        let dir = try temporaryDirectory("shake-alert")
        let r = try strata(["render", "shake", "--shake", "completion", "--time", "1.2", "--out", "a.png"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "wrote a.png (320x568 px, shake at 1.2 s after 2 events: taps: 1, completions: 1, alert: 提示)\n")
        let image = try PNG.read(path: dir + "/a.png")
        #expect(rgb(image, 10, 10) == [204, 204, 204], "the dim over white")
        #expect(rgb(image, 300, 500) == [204, 204, 204])
        #expect(rgb(image, 250, 154) == [192, 192, 192], "the dim over the username field's box")
        for (y, what) in [(300, "the alert's box"), (340, "OK's row")] {
            let box = rgb(image, 40, y)
            #expect(zip(box, [240, 241, 240]).allSatisfy { abs(Int($0) - Int($1)) <= 3 } && box[0] > box[2], "\(what): \(box)")
        }
        #expect(rgb(image, 23, 300) == [204, 204, 204] && rgb(image, 297, 300) == [204, 204, 204], "the box's sides")
        // The third button's border, under the dim: orange (255, 128, 0) at 80 %.
        let border = rgb(image, 40, 409)
        #expect(border[0] > 190 && border[0] < 215 && border[2] < 20, "\(border)")
        // OK in system blue in its row, 提示 in black near the top of the box.
        #expect((322...348).contains { y in (150...170).contains { x in
            let p = rgb(image, x, y)
            return p[2] > 200 && p[0] < 100 && p[1] > 90 && p[1] < 160
        } }, "OK is drawn in system blue")
        #expect((245...272).contains { y in (145...175).contains { x in rgb(image, x, y)[0] < 60 } }, "提示 is drawn")
    }

    /// Text is drawn: the buttons' titles in system blue, centred; the fields'
    /// placeholders in UITextField's grey (199, 199, 204) over the box (240), 8 pt in.
    @Test func buttonTitlesAndPlaceholdersAreDrawn() throws {
        let dir = try temporaryDirectory("shake-text")
        let r = try strata(["render", "shake", "--scale", "2", "--out", "t.png"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let image = try PNG.read(path: dir + "/t.png")
        // "shake one" in the first button (y 269...309 pt: rows 538...618): blue pixels
        // around the centre, none near the button's sides.
        var blue: [Int] = []
        for y in 560...600 { for x in 90...550 {
            let p = rgb(image, x, y)
            if p[2] > 200 && p[0] < 120 && p[1] < 190 { blue.append(x) }
        } }
        #expect(!blue.isEmpty, "the title is drawn")
        if let lo = blue.min(), let hi = blue.max() {
            #expect(abs(Double(lo + hi) / 2 - 320) < 4, "centred: \(lo)...\(hi)")
        }
        // 用户名 in the first field (y 139...169 pt): grey darker than the box, from x = 48 pt.
        var grey: [Int] = []
        for y in 280...336 { for x in 80...400 {
            let p = rgb(image, x, y)
            if p[0] < 232 && p[0] == p[1] { grey.append(x) }
        } }
        #expect(!grey.isEmpty, "the placeholder is drawn")
        #expect((grey.min() ?? 0) >= 96 && (grey.min() ?? 0) < 100, "8 pt in: from x = 96 px")
        #expect((280...336).allSatisfy { y in rgb(image, 90, y) == [240, 240, 240] }, "left of the placeholder: the box")
    }

    @Test func sizeAndRepeatability() throws {
        let dir = try temporaryDirectory("shake-size")
        let r = try strata(["render", "--size", "480x320", "shake", "--shake", "all", "--time", "0.3", "--out", "s.png"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try PNG.read(path: dir + "/s.png").width == 480)
        _ = try strata(["render", "shake", "--shake", "all", "--time", "0.3", "--size", "480x320", "--out", "t.png"], in: dir)
        #expect(FileManager.default.contents(atPath: dir + "/s.png") == FileManager.default.contents(atPath: dir + "/t.png"))
    }

    @Test func badInputExitsTwoWithAClearMessage() throws {
        let cases: [([String], String)] = [
            (["render", "shake", "--shake", "two"], "strata: error: --shake expects one of one, all, completion, got 'two'\n"),
            (["render", "shake", "--shake", "all", "--shake", "one"], "strata: error: --shake is given twice; give it once\n"),
            (["render", "shake", "--shake", "all", "--time", "-1"], "strata: error: --time must be between 0 and 3600, found -1\n"),
            (["render", "shake", "--shake", "all", "--time", "soon"], "strata: error: --time expects a finite decimal number, got 'soon'\n"),
            (["render", "shake", "--time", "nan"], "strata: error: --time expects a finite decimal number, got 'nan'\n"),
            (["render", "shake", "--time", "inf"], "strata: error: --time expects a finite decimal number, got 'inf'\n"),
            (["render", "shake", "--time", "1e999"], "strata: error: --time expects a finite decimal number, got '1e999'\n"),
            (["render", "shake", "--time", "0x10"], "strata: error: --time expects a finite decimal number, got '0x10'\n"),
            (["render", "shake", "--tme", "1"], "strata: error: unknown option --tme for 'render' (did you mean --time?) (see 'strata help render')\n"),
            (["render", "shake", "--angle", "30"], "strata: error: unknown option --angle for 'render' (see 'strata help render')\n"),
            (["render", "shake", "--shake"], "strata: error: --shake needs a value (see 'strata help render')\n"),
            (["render", "shake", "extra"], "strata: error: unexpected argument 'extra'\n"),
            (["render", "shake", "--scale", "9"], "strata: error: --scale must be between 0.25 and 8, found 9\n"),
            (["render", "--scale", "2", "--shake", "one", "shake"], "strata: error: --shake before the scene: give the scene first, as in 'strata render SCENE --shake ...'\n"),
        ]
        let dir = try temporaryDirectory("shake-bad")
        for (args, message) in cases {
            let r = try strata(args, in: dir)
            #expect(r.status == 2, "\(args)")
            #expect(r.stderr == message, "\(args)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty, "nothing written")
    }

    @Test func helpShowsTheShakeForm() throws {
        let help = try strata(["help", "render"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: strata render SCENE") && help.stdout.contains("  shake "), "\(help.stdout)")
        let scene = try strata(["help", "shake"])
        #expect(scene.status == 0 && scene.stdout.contains("USAGE: strata render shake [--shake one|all|completion] [OUTPUT OPTIONS]"),
                "\(scene.stdout)")
        // `render shake --help` is the render help with the scene's own part.
        let both = try strata(["render", "shake", "--help"])
        #expect(both.stdout.contains("OUTPUT OPTIONS") && both.stdout.contains("RENDER SCRIPT"))
    }
}
