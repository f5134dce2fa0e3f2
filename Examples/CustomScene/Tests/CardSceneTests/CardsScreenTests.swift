import Foundation
import Testing
import CardsScreen
import StrataCompare
import StrataDriver
import StrataGestures
import StrataModel
import StrataRender
import StrataReplay
import StrataSceneFile
import StrataTesting

/// The cards screen written in Swift (`CardsScreen`) is the twin of Scenes/cards.scene.json:
/// made with the same option, it builds the same layers and draws the same bytes at any
/// time, scrolled anywhere or dragged; and the scroll recorded on the file replays on it
/// to the file's references.
@Suite(.serialized) struct CardsScreenTests {
    static let scenes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Scenes").path

    let file: SceneDescriptor
    let twin = CardsScreen.descriptor

    init() throws {
        file = try SceneFile.load(path: Self.scenes + "/cards.scene.json").descriptor
    }

    /// A frame of `scene` as `strata render` and a replay draw it: scrolled by `scroll`,
    /// given `events`, at time `t`.
    func frame(of scene: SceneDescriptor, scroll: Double, at t: Double, events: [InputEvent] = [],
               renderer: Renderer) throws -> Image {
        let header = TraceHeader(scene: scene.name, width: 375, height: 667, scale: 2, options: ["scroll": .number(scroll)])
        let replayer = try Replayer(trace: Trace(header: header, events: events), name: "scene \(scene.name)",
                                    scenes: SceneCatalog([scene]))
        return try replayer.frame(at: t, renderer: renderer).image
    }

    /// Byte for byte; on a difference, how many pixels and the first one.
    func expectSameBytes(_ a: Image, _ b: Image, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(a.width == 750 && a.height == 1334 && a.width == b.width && a.height == b.height, "\(what)", sourceLocation: sourceLocation)
        guard a.pixels != b.pixels else { return }
        var differing: [Int] = []
        for i in 0..<(a.pixels.count / 4) where a.pixels[4 * i..<4 * i + 4] != b.pixels[4 * i..<4 * i + 4] { differing.append(i) }
        let x = differing[0] % a.width, y = differing[0] / a.width
        let message = "\(what): \(differing.count) pixels differ, the first at (\(x), \(y)): file \(a.pixel(x: x, y: y)), twin \(b.pixel(x: x, y: y))"
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }

    /// `text` with every number of more than nine decimals rounded to nine: the twin
    /// computes the ring's arc in CGPath's terms, the file's SVG arc through its own
    /// centre parameterisation, so their points may differ in the last bits.
    static func roundingNumbers(_ text: String) -> String {
        let number = try! Regex(#"-?[0-9]+\.[0-9]{10,}(e-?[0-9]+)?"#)
        return text.replacing(number) { match in
            let v = (Double(text[match.range])! * 1e9).rounded() / 1e9
            return v == v.rounded() ? "\(Int(v))" : "\(v)"
        }
    }

    /// Without GL: the two trees, presented at each time, say the same properties with the
    /// same values (the text of `strata dump`, to a billionth).
    @Test func theTwinBuildsTheFilesLayers() throws {
        for scroll in [0.0, -300] {
            let made = try [file, twin].map { try $0.makeScene(options: ["scroll": .number(scroll)], viewSize: Size(width: 375, height: 667), scale: 2) }
            for t in [0, 0.5, 1.5, 3.2] {
                let trees = made.map { scene -> String in
                    scene.advance(to: t)
                    return Self.roundingNumbers(LayerTreeSnapshot(scene.presentationLayer).text)
                }
                // On a difference, the lines that differ (the file's, then the twin's).
                let lines = trees.map { $0.split(separator: "\n") }
                let differing = zip(lines[0], lines[1]).filter { $0 != $1 }.prefix(4).map { "\($0) | \($1)" }
                #expect(trees[0] == trees[1], "scroll \(scroll), t \(t): \(differing)")
            }
        }
    }

    /// The ring filling (0.5, 1.5 s) and full (3.2 s), the spinner and the shimmer at
    /// different phases, the list at the top, half way and at the end.
    @Test func theTwinDrawsTheFilesBytes() throws {
        let renderer = try Renderer(surface: try makeOffscreenSurface())
        for scroll in [0.0, -300, -560] {
            for t in [0, 0.5, 1.5, 3.2] {
                expectSameBytes(try frame(of: file, scroll: scroll, at: t, renderer: renderer),
                                try frame(of: twin, scroll: scroll, at: t, renderer: renderer), "scroll \(scroll), t \(t)")
            }
        }
    }

    /// A fling up the screen: the list follows the finger point for point, then glides on
    /// after the release and comes to rest, in both.
    @Test func aFlingScrollsTheTwinAsItScrollsTheFile() throws {
        // Down at y 560, up 240 pt in 0.2 s (1200 pt/s), released at 0.35 s.
        var events: [InputEvent] = [.down(x: 187.5, y: 560, t: 0.1)]
        for k in 1...10 { events.append(.move(x: 187.5, y: 560 - 24 * Double(k), t: 0.1 + 0.02 * Double(k))) }
        events.append(.up(x: 187.5, y: 320, t: 0.35))
        let renderer = try Renderer(surface: try makeOffscreenSurface())
        for t in [0.2, 0.35, 0.6, 2.5] {
            expectSameBytes(try frame(of: file, scroll: 0, at: t, events: events, renderer: renderer),
                            try frame(of: twin, scroll: 0, at: t, events: events, renderer: renderer), "fling, t \(t)")
        }
        // The glide took the list on past where the finger left it (-240).
        let scene = try #require(try twin.makeScene(options: [:], viewSize: Size(width: 375, height: 667), scale: 2) as? CardsScreen)
        let driver = SceneDriver(scene: scene, events: events)
        driver.step(to: 2.5)
        #expect(scene.scroll < -400, "\(scene.scroll)")
    }

    /// The scroll recorded in a window on the scene file (Scenes/cards-scroll.trace: its
    /// header names the scene `cards`, which this catalogue gives as the twin) replays on
    /// the twin to the file's references: every 25th of its 749 frames (the drag runs
    /// from frame 33 to 149, the glide after it), which `CardsTraceTests` check all of on
    /// the file. Never records: those references are the file's.
    @Test func theFilesRecordedScrollReplaysOnTheTwin() {
        assertFrames(of: Self.scenes + "/cards-scroll.trace", matchReferencesIn: Self.scenes + "/references/cards-scroll",
                     scenes: [twin], every: 25, exact: true, record: RecordMode.none)
    }
}
