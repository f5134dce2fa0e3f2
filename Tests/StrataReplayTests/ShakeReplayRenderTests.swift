import Foundation
import Testing
import StrataGestures
import StrataModel
import StrataRender
@testable import StrataReplay
import StrataScenes
import StrataTestSupport

/// Where the left edge of a light box crossing row `y` lies, in pixels, to a fraction of
/// one: the box (`fill`) over the white view, edges anti-aliased by coverage. Every column
/// left of x = 150 that is not fully covered adds its uncovered part, so the sum is the
/// edge's position. The placeholder inside the box (8 pt in) is darker than the box, so
/// it counts as covered and leaves the sum alone.
private func leftEdge(_ image: Image, row y: Int, fill: Double) -> Double {
    var edge = 0.0
    for x in 0..<150 {
        let coverage = (255 - Double(image.pixel(x: x, y: y).r)) / (255 - fill)
        edge += 1 - min(1, max(0, coverage))
    }
    return edge
}

/// A pixel's colour as [r, g, b].
private func rgb(_ image: Image, _ x: Int, _ y: Int) -> [Int] {
    let p = image.pixel(x: x, y: y)
    return [Int(p.r), Int(p.g), Int(p.b)]
}

/// The shipped shake traces, replayed and drawn: the fields move by what the keyframes
/// say on the eased clock, frame by frame.
///
/// The form in the 320 x 568 pt view: 40 pt margins, top at (568 − 290) / 2 = 139, so at
/// rest the username field's left edge is at x = 40 (row 154 crosses it, its underline is
/// row 170) and the password field's too (row 204).
@Suite(.serialized) struct ShakeReplayRenderTests {
    /// Frames of `Traces/<name>.trace`, by index.
    func frames(_ name: String, _ indices: Set<Int>) throws -> (frames: [Int: Image], result: ReplayResult, replayer: Replayer) {
        let (replayer, warnings) = try Replayer.load(path: shippedTrace(name), scenes: SceneRegistry.catalog)
        #expect(warnings.isEmpty)
        var frames: [Int: Image] = [:]
        let result = try replayer.frames(renderer: try makeRenderer()) { frame in
            if indices.contains(frame.index) { frames[frame.index] = frame.image }
        }
        return (frames, result, replayer)
    }

    /// "shake all" was tapped in the window; its touch-up, at t = 0.734 s, starts the
    /// shake (the scene's clock is brought to each event's time before it is handled).
    /// Frame k is drawn at k / 60 s, e = k/60 − 0.734 s into the 0.5 s shake, u = e / 0.5.
    /// easeInEaseOut (0.42, 0, 0.58, 1) warps u first, then the keyframes (0, +15, −12,
    /// +9, −6, +6, 0 at 0, 0.225, 0.425, 0.6, 0.75, 0.875, 1) are interpolated linearly:
    ///
    /// | frame | e (s)    | u        | eased    | segment          | offset (pt) |
    /// | 44    | −0.00067 | (before) |          |                  |   0         |
    /// | 54    | 0.166    | 0.332    | 0.229920 | +15 → −12, 0.022 |  14.335782  |
    /// | 58    | 0.232667 | 0.465333 | 0.440413 | −12 → +9, 0.088  | −10.150485  |
    /// | 61    | 0.282667 | 0.565333 | 0.611429 | +9 → −6, 0.076   |   7.857075  |
    ///
    /// e.g. frame 54: (0.229920 − 0.225) / 0.2 = 0.0246 of the way from +15 to −12:
    /// 15 − 27 · 0.0246007 = 14.3358. The shake ends at 1.234 s: frame 75 (1.25 s) is the
    /// first after it, so the replay stops there, idle, after 76 frames.
    @Test func shakeAllMovesTheFieldsByTheKeyframesOnTheEasedClock() throws {
        let expected: [Int: Double] = [44: 0, 54: 14.335_782, 58: -10.150_485, 61: 7.857_075, 75: 0]
        let (frames, result, replayer) = try frames("shake-all", Set(expected.keys))
        #expect(replayer.trace.events.map(\.t) == [0.674, 0.734], "the numbers above are for this tap")
        #expect(result.frameCount == 76 && result.ending == .idle)
        #expect(result.finalStatus == "taps: 1, completions: 0")
        for (index, offset) in expected.sorted(by: { $0.key < $1.key }) {
            let image = try #require(frames[index])
            // One 8-bit step of the edge pixel is 1/15 px: 0.1 px leaves room for rounding.
            let username = leftEdge(image, row: 154, fill: 240) - 40
            let password = leftEdge(image, row: 204, fill: 240) - 40
            let underline = leftEdge(image, row: 170, fill: 204) - 40
            #expect(abs(username - offset) < 0.1, "frame \(index): username field moved \(username) pt, expected \(offset)")
            #expect(abs(password - offset) < 0.1, "frame \(index): password field moved \(password) pt")
            #expect(abs(underline - offset) < 0.1, "frame \(index): underline moved \(underline) pt")
            // The buttons do not shake: the first one's orange border stays at x = 40.
            #expect(image.pixel(x: 40, y: 289).b < 100 && image.pixel(x: 41, y: 289).b == 255)
        }
    }

    /// The third button: the touch-up at 0.738 s starts a 0.6 s shake, so frame 60
    /// (e = 0.262 s, u = 0.436667, eased 0.391912: +15 → −12, 0.8346 of the way) shows
    /// 15 − 27 · 0.834558 = −7.533058 pt. The completion runs when the shake ends, at
    /// 1.338 s, and presents the alert, which appears on a spring that settles in about
    /// 0.4 s: frame 105 (1.75 s) is the first at rest and the last of the replay.
    ///
    /// At rest the alert (270 x 124.5 pt, centred in the safe area below the 20 pt status
    /// bar: x 25...295, y 232...356.5) is the light material (240, 241, 240) over the
    /// form, dimmed by black at 20 %: white becomes 204, the field boxes (240) 192.
    @Test func shakeWithCompletionPresentsTheAlertAtTheEnd() throws {
        let (frames, result, replayer) = try frames("shake-completion", [60, 80, 81, 105])
        #expect(replayer.trace.events.map(\.t) == [0.678, 0.738])
        #expect(result.frameCount == 106 && result.ending == .idle)
        #expect(result.finalStatus == "taps: 1, completions: 1, alert: 提示")
        let shaking = try #require(frames[60])
        let moved = leftEdge(shaking, row: 154, fill: 240) - 40
        #expect(abs(moved + 7.533_058) < 0.1, "frame 60: username field moved \(moved) pt")

        // Frame 80 (1.3333 s), just before the end: no dim yet, the form undimmed.
        let before = try #require(frames[80])
        #expect(rgb(before, 10, 10) == [255, 255, 255])
        // Frame 81 (1.35 s), 12 ms into the appearance: the dim has begun.
        let appearing = try #require(frames[81])
        #expect(appearing.pixel(x: 10, y: 10).r < 255 && appearing.pixel(x: 10, y: 10).r > 204)

        let last = try #require(frames[105])
        // The dim over the white view, and over a field box right of its placeholder.
        #expect(rgb(last, 10, 10) == [204, 204, 204])
        #expect(rgb(last, 10, 560) == [204, 204, 204])
        #expect(rgb(last, 250, 154) == [192, 192, 192])
        // The alert's box, the material: between the message and the hairline above OK,
        // and in OK's row, within 3 levels of the flat (240, 241, 240) it replaced, warmed
        // by the orange borders behind it (blurred through).
        for y in [300, 340] {
            let box = rgb(last, 40, y)
            #expect(zip(box, [240, 241, 240]).allSatisfy { abs(Int($0) - Int($1)) <= 3 } && box[0] > box[2], "\(box)")
        }
        // Its edges: left of x = 25 and below y = 356.5 is the dimmed form.
        #expect(rgb(last, 23, 300) == [204, 204, 204])
        #expect(last.pixel(x: 160, y: 358).g < 210)
        // OK in system blue, centred in its row (y 312.5...356.5); the title in black.
        #expect((322...346).contains { y in (150...170).contains { x in
            let p = last.pixel(x: x, y: y)
            return p.b > 200 && p.r < 100 && p.g > 90 && p.g < 160
        } }, "OK is drawn in system blue")
        #expect((245...270).contains { y in (145...175).contains { x in last.pixel(x: x, y: y).r < 60 } }, "提示 is drawn")
    }
}
