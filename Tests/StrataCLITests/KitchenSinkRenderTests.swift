import Foundation
import Testing
import StrataModel
import StrataRender
import StrataTestSupport

/// `strata render kitchensink` as a user runs it: the built binary, at 1x.
///
/// The sink spans (10, 104)...(310, 426) in the 320 x 480 pt view, grey 0.9 (230); the
/// window behind everything is black; the Asker's view is white.
@Suite(.serialized, .tags(.gl)) struct KitchenSinkRenderTests {
    private func rgb(_ image: Image, _ x: Int, _ y: Int) -> [Int] {
        let p = image.pixel(x: x, y: y)
        return [Int(p.r), Int(p.g), Int(p.b)]
    }

    @Test func coverVerticalIsHalfWayUpAtHalfTime() throws {
        let dir = try temporaryDirectory("sink-cover")
        let r = try strata(["render", "kitchensink", "--present", "--time", "0.25", "--scale", "1"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("wrote kitchensink.png (320x480 px, kitchensink at 0.25 s after 2 events: "), "\(r.stdout)")
        let image = try PNG.read(path: dir + "/kitchensink.png")
        #expect(image.width == 320 && image.height == 480)
        // Above y = 240 the sink still shows; below, the Asker's white view.
        #expect(rgb(image, 300, 230) == [230, 230, 230])
        #expect(rgb(image, 300, 250) == [255, 255, 255])
        #expect(rgb(image, 300, 410) == [255, 255, 255])
    }

    /// Half way through the flip both faces are edge-on at x = 160: the black window
    /// shows on both sides.
    @Test func flipHorizontalIsEdgeOnAtHalfTime() throws {
        let dir = try temporaryDirectory("sink-flip")
        let r = try strata(["render", "kitchensink", "--transition", "flipHorizontal", "--present", "--time", "0.25", "--scale", "1",
                            "--out", "flip.png"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let image = try PNG.read(path: dir + "/flip.png")
        for x in [20, 100, 150, 170, 220, 300] {
            #expect(rgb(image, x, 240) == [0, 0, 0], "x \(x)")
        }
    }

    @Test func anAnswerBecomesALabelAndTheCurlGoesBack() throws {
        let dir = try temporaryDirectory("sink-curl")
        let r = try strata(["render", "kitchensink", "--transition", "partialCurl", "--present", "--answer", "Sink", "--time", "1.5",
                            "--scale", "1", "--out", "curl.png"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("after 4 events: ") && r.stdout.contains("labels: [\"Sink\"])"), "\(r.stdout)")
        let image = try PNG.read(path: dir + "/curl.png")
        // The page lies flat again: the sink's grey at its top-left corner.
        #expect(rgb(image, 20, 114) == [230, 230, 230])
    }

    @Test func usageErrorsExitTwoAndWriteNothing() throws {
        let cases: [([String], String)] = [
            (["render", "kitchensink", "--transition", "teapot"],
             "strata: error: --transition expects one of coverVertical, flipHorizontal, crossDissolve, partialCurl, got 'teapot'\n"),
            (["render", "kitchensink", "--presentation", "popover"], "strata: error: --presentation expects one of fullScreen, pageSheet, formSheet, got 'popover'\n"),
            (["render", "kitchensink", "--present=maybe"], "strata: error: --present is a flag: give it alone, or =true / =false, got 'maybe'\n"),
            (["render", "kitchensink", "--answer", "x"], "strata: error: --answer answers the Asker: present it with --present\n"),
            (["render", "kitchensink", "--labels", "A", "--tap", "2"],
             "strata: error: --tap 2: there is only 1 label (give them with --labels)\n"),
            (["render", "kitchensink", "--fade", "--fade"], "strata: error: --fade is given twice; give it once\n"),
        ]
        let dir = try temporaryDirectory("sink-bad")
        for (args, message) in cases {
            let r = try strata(args, in: dir)
            #expect(r.status == 2, "\(args)")
            #expect(r.stderr == message, "\(args)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty, "nothing written")
    }

    @Test func helpShowsTheKitchenSink() throws {
        let help = try strata(["help", "kitchensink"])
        #expect(help.stdout.contains("USAGE: strata render kitchensink [--labels TEXT,TEXT...]"), "\(help.stdout)")
        #expect(help.stdout.contains("--present") && help.stdout.contains("RENDER SCRIPT"))
    }
}
