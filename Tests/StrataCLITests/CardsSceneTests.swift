import Foundation
import Testing
import StrataModel
import StrataRender
import StrataTestSupport

/// Scenes/cards.scene.json (issue 24 §6), a real screen: a photo filling its top under
/// top-only continuous corners, a progress ring, a spinner, a shimmer mask and shadow
/// paths, scrolled by a pan. Probes worked out by hand at the file's scale 2.
@Suite(.serialized, .tags(.gl)) struct CardsSceneTests {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    func render(_ extra: [String]) throws -> Image {
        let dir = try temporaryDirectory("cards")
        let r = try strata(["render", Self.repo + "/Scenes/cards.scene.json", "--out", dir + "/c.png"] + extra, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        return try PNG.read(path: dir + "/c.png")
    }

    func pixel(_ image: Image, _ x: Int, _ y: Int) -> [Int] {
        let i = (y * image.width + x) * 4
        return (0..<4).map { Int(image.pixels[i + $0]) }
    }

    /// The photo card's frame is (16, 112, 343, 290) pt and the photo its top 200 pt. Its
    /// top-left corner is rounded (radius 16): the pixel at (16.5, 112.5) pt, pixel
    /// (33, 225), lies outside the curve and shows the grey list behind (systemGray6,
    /// 242 242 247, darkened at most a little by the card's shadow). Its bottom-left corner
    /// is not in maskedCorners: (16.5, 311.5) pt, pixel (33, 623), is the photo's darkest
    /// hill (#1B2F3A = 27 47 58, JPEG-decoded within a few levels). Scrolled up 100 pt,
    /// the same corner moves to pixel (33, 423).
    @Test func thePhotoHasOnlyItsTopCornersRounded() throws {
        let top = try render(["--time", "0"])
        let outside = pixel(top, 33, 225)
        #expect(outside[0] > 200 && outside[2] > 200, "\(outside)")
        for (y, image) in [(623, top), (423, try render(["--time", "0", "--scroll", "-100"]))] {
            let p = pixel(image, 33, y)
            #expect(abs(p[0] - 27) <= 8 && abs(p[1] - 47) <= 8 && abs(p[2] - 58) <= 8, "\(y): \(p)")
        }
    }

    /// The ring's strokeEnd eases from 0 to 1 over 3 s: at 3 s it is whole. The ring is a
    /// circle of radius 28 about (32, 32) in the layer at (20, 28) of the card at (16, 426):
    /// its bottom point (68, 514) pt, pixel (136, 1028), is the last part stroked, blue
    /// (systemBlue 0 122 255) at 3 s and the grey track's (systemGray5) at 1 s.
    @Test func theProgressRingFills() throws {
        let done = pixel(try render(["--time", "3"]), 136, 1028)
        #expect(done[2] > 230 && done[0] < 30, "\(done)")
        let early = pixel(try render(["--time", "1"]), 136, 1028)
        #expect(early[0] > 200 && early[2] > 200, "\(early)")
    }
}

/// The cards scene's recorded scroll (Scenes/cards-scroll.trace, a scene file's trace kept
/// beside it, which `check` loads from the trace's header) replays to its references byte
/// for byte. `make test` runs it on OSMesa too.
@Suite(.serialized, .tags(.gl)) struct CardsTraceTests {
    @Test func theCardsScrollMatchesItsReferences() throws {
        let scenes = CardsSceneTests.repo + "/Scenes"
        let r = try strata(["check", scenes + "/cards-scroll.trace", "--references", scenes + "/references/cards-scroll", "--exact"],
                           in: try temporaryDirectory("cards-check"))
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("749"), "\(r.stdout)")
    }
}
