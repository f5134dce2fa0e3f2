import Foundation
import Testing
import StrataDigest
import StrataModel
import StrataRender
import StrataTestSupport

/// Scene files with `contents` images (issue 24 §2): the gallery's frame, files that are
/// not images this reader takes (exit 2, the file named), and the images' hashes a trace keeps.
@Suite(.serialized, .tags(.gl)) struct ImageSceneTests {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let gallery = repo + "/Examples/ImageGallery"

    /// A copy of the gallery's folder, so tests may break its images.
    func galleryCopy(_ name: String) throws -> String {
        let dir = try temporaryDirectory(name)
        try FileManager.default.copyItem(atPath: Self.gallery + "/images", toPath: dir + "/images")
        try FileManager.default.copyItem(atPath: Self.gallery + "/gallery.scene.json", toPath: dir + "/gallery.scene.json")
        return dir
    }

    /// The gallery at scale 2, against its reference, with probes worked out by hand:
    /// `quadTop` is (140, 110, 110, 60) with the 40x20-px quadrants at contentsScale 2, so
    /// 20x10 points; iOS's `top` puts them at the bottom edge, centred: x 140 + 45 = 185..<205,
    /// y 170 - 10 = 160..<170, in pixels x 370..<410, y 320..<340, one texel a pixel.
    @Test func theGalleryFrame() throws {
        let dir = try galleryCopy("image-gallery")
        let r = try strata(["render", "gallery.scene.json", "--out", "g.png"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let image = try PNG.read(path: dir + "/g.png")
        #expect(image.width == 780 && image.height == 860)
        #expect(image.rgba(370, 320) == RGBA(255, 0, 0) && image.rgba(409, 339) == RGBA(255, 255, 0))
        #expect(image.rgba(375, 318) == RGBA(255, 255, 255) && image.rgba(368, 330) == RGBA(255, 255, 255))
        // quadBottomRight: iOS's bottomRight is the top-right corner: x 355..<375, y 110..<120 pt.
        #expect(image.rgba(710, 220) == RGBA(255, 0, 0) && image.rgba(749, 239) == RGBA(255, 255, 0))
        // heartNearest: 8x8 px over 96 pt at scale 2, 24 px a texel: texel (1, 1) is red, (0, 0) clear.
        #expect(image.rgba(30 + 24 + 12, 530 + 24 + 12) == RGBA(220, 30, 60) && image.rgba(30 + 12, 530 + 12) == RGBA(242, 242, 247))
        try expectMatchesReference(image, "images/gallery")
    }

    /// A JPEG cut short, a file that is no image, and an image over the 4096-px limit stop the
    /// command with exit 2 and a message naming the scene file, the key and the image.
    @Test(arguments: [("cut", "the JPEG data is damaged: Premature end of JPEG file"),
                      ("text", "neither a PNG nor a JPEG file (its first bytes are 6E 6F 74 20)"),
                      ("huge", "60000x60000 px is over the limit of 4096 px a side")])
    func aBadImageIsExit2NamingIt(_ fault: String, _ message: String) throws {
        let dir = try galleryCopy("image-bad-\(fault)")
        let photo = dir + "/images/photo.jpg"
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: photo)))
        switch fault {
        case "cut": bytes = Array(bytes.prefix(bytes.count - 1000))
        case "text": bytes = Array("not an image\n".utf8)
        default:
            let sof = try #require((0..<bytes.count - 1).first { bytes[$0] == 0xFF && (bytes[$0 + 1] == 0xC0 || bytes[$0 + 1] == 0xC2) })
            for (i, b) in [0xEA, 0x60, 0xEA, 0x60].enumerated() { bytes[sof + 5 + i] = UInt8(b) }
        }
        try Data(bytes).write(to: URL(fileURLWithPath: photo))
        for command in [["render", "gallery.scene.json", "--out", "g.png"], ["lint", "gallery.scene.json"]] {
            let r = try strata(command, in: dir)
            #expect(r.status == 2, "\(command[0]): \(r.status) \(r.stderr)")
            #expect(r.stderr.hasPrefix("strata: error: gallery.scene.json:3:") && r.stderr.contains(#"root.sublayers[0].contents: "images/photo.jpg": "# + message),
                    "\(command[0]): \(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/g.png"))
    }

    /// A trace saved from the gallery keeps each image's SHA-256 by the path the scene names
    /// it with; replay warns when one has changed since, as it does for the scene file.
    @Test func aTraceKeepsEachImagesHash() throws {
        let dir = try galleryCopy("image-trace")
        let r = try strata(["render", "gallery.scene.json", "--out", "g.png", "--save-trace", "g.trace"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let trace = try String(contentsOfFile: dir + "/g.trace", encoding: .utf8)
        let header = String(trace.prefix { $0 != "\n" })
        for image in ["bubble.png", "heart.png", "photo.jpg", "quadrants.png", "sprites.png"] {
            let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/images/" + image)))
            #expect(header.contains("\"images/\(image)\": \"\(SHA256.hex(of: data))\""), "\(image): \(header)")
        }
        let same = try strata(["replay", "g.trace", "--out", "frames"], in: dir)
        #expect(same.status == 0 && !same.stderr.contains("warning"), "\(same.stderr)")
        // The heart repainted: the replay says so, and draws the image as it is now.
        try PNG.write(Image(width: 8, height: 8, fill: .blue), to: dir + "/images/heart.png")
        let changed = try strata(["replay", "g.trace", "--out", "frames2"], in: dir)
        #expect(changed.status == 0, "\(changed.stderr)")
        #expect(changed.stderr.contains("strata: warning: images/heart.png (named by ") && changed.stderr.contains(") has changed since g.trace was recorded (SHA-256 "),
                "\(changed.stderr)")
        // Recording references from the images as they are re-stamps the trace: no warning after.
        let record = try strata(["check", "g.trace", "--references", "refs", "--record"], in: dir)
        #expect(record.status == 0 && record.stdout.contains("g.trace: re-stamped with its images' SHA-256s"), "\(record.stdout) \(record.stderr)")
        let heart = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/images/heart.png")))
        #expect(try String(contentsOfFile: dir + "/g.trace", encoding: .utf8).contains("\"images/heart.png\": \"\(SHA256.hex(of: heart))\""))
        let after = try strata(["replay", "g.trace", "--out", "frames3"], in: dir)
        #expect(after.status == 0 && !after.stderr.contains("warning"), "\(after.stderr)")
    }

    /// A scene file's `contents` animation names its images as `contents` does: a 1-s
    /// linear fade from the heart to the quadrants, at 0.5 s half of each (the quadrants'
    /// red over the heart's clear corner: (255, 0, 0) x 0.5 over the grey background).
    @Test func aContentsAnimationCrossFades() throws {
        let dir = try galleryCopy("image-fade")
        let scene = ##"{"strataScene": 1, "size": [40, 40], "root": {"backgroundColor": "#808080", "sublayers": [{"frame": [0, 0, 40, 40], "##
            + ##""contents": "images/quadrants.png", "animations": {"fade": {"class": "CABasicAnimation", "keyPath": "contents", "##
            + ##""fromValue": "images/heart.png", "toValue": "images/quadrants.png", "duration": 1, "timingFunction": "linear"}}}]}}"##
        try scene.write(toFile: dir + "/fade.scene.json", atomically: true, encoding: .utf8)
        let r = try strata(["render", "fade.scene.json", "--time", "0.5", "--scale", "1", "--out", "f.png"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let image = try PNG.read(path: dir + "/f.png")
        // (2, 2): the heart's texel (0, 0) is clear, the quadrants' red: half red over grey.
        #expect(image.rgba(2, 2).isClose(to: RGBA(192, 64, 64), within: 2), "\(image.rgba(2, 2))")
        let missing = try strata(["lint", "fade.scene.json"], in: dir)
        #expect(missing.status == 0 && missing.stdout.contains("2 images"), "\(missing.stdout) \(missing.stderr)")
    }
}
