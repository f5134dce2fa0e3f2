import Foundation
import Testing
import StrataModel
@testable import StrataRender
import StrataTestSupport

/// A frame whose draw list equals the last one's is given back undrawn; any change that
/// reaches the pixels makes the lists differ.
@Suite(.serialized, .tags(.gl)) struct FrameReuseTests {
    func tree(color: Color = .red, x: Double = 10, text: String = "Hi", contents: Image? = nil) -> Layer {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 100, height: 60)
        root.backgroundColor = .white
        let box = Layer()
        box.frame = Rect(x: x, y: 10, width: 40, height: 40)
        box.backgroundColor = color
        box.cornerRadius = 6
        box.shadowOpacity = 0.5
        box.contents = contents
        root.addSublayer(box)
        root.addSublayer(label(Rect(x: 55, y: 10, width: 40, height: 20), text))
        return root
    }

    func list(_ root: Layer) throws -> DrawList {
        try DrawListBuilder(pixelWidth: 100, pixelHeight: 60, scale: 1).build(root: root)
    }

    @Test func listsOfEqualTreesAreEqualAndAnyDrawnChangeMakesThemDiffer() throws {
        let image = Image(width: 2, height: 2, fill: .blue)
        let base = try list(tree(contents: image))
        #expect(try list(tree(contents: image)) == base)
        #expect(try list(tree(color: .green, contents: image)) != base)
        #expect(try list(tree(x: 10.25, contents: image)) != base)
        #expect(try list(tree(text: "Ho", contents: image)) != base)
        // Contents are told apart by identity: the same pixels in a new bitmap are another.
        #expect(try list(tree(contents: Image(width: 2, height: 2, fill: .blue))) != base)
        let shadowless = tree(contents: image)
        shadowless.sublayers[0].shadowOpacity = 0
        #expect(try list(shadowless) != base)
    }

    @Test func anUnchangedFrameIsGivenBackUndrawnAndAChangedOneDrawn() throws {
        let renderer = try makeRenderer()
        let root = tree()
        let first = try renderer.render(layer: root, pixelWidth: 100, pixelHeight: 60, scale: 1)
        let again = try renderer.render(layer: root, pixelWidth: 100, pixelHeight: 60, scale: 1)
        #expect(renderer.reusedFrameCount == 1)
        #expect(again.identity == first.identity)
        // The box spans x 10..<50, y 10..<50: its centre is red, then green.
        #expect(first.rgba(30, 30) == RGBA(255, 0, 0))
        root.sublayers[0].backgroundColor = .green
        let changed = try renderer.render(layer: root, pixelWidth: 100, pixelHeight: 60, scale: 1)
        #expect(renderer.reusedFrameCount == 1)
        #expect(changed.rgba(30, 30) == RGBA(0, 255, 0))
        // Back to red: drawn again (only the last list is kept), to the same bytes.
        root.sublayers[0].backgroundColor = .red
        let back = try renderer.render(layer: root, pixelWidth: 100, pixelHeight: 60, scale: 1)
        #expect(renderer.reusedFrameCount == 1)
        #expect(back.identity != first.identity)
        #expect(back.pixels == first.pixels)
        // Another size is another frame.
        let larger = try renderer.render(layer: root, pixelWidth: 200, pixelHeight: 120, scale: 2)
        #expect(larger.width == 200 && renderer.reusedFrameCount == 1)
    }

    /// The frame target holds what `render` drew last unless something else was drawn
    /// into it: a window blits the target, so a list drawn by `draw` in between must not
    /// let the next `render` of the earlier tree count as unchanged.
    @Test func aListDrawnInBetweenMakesTheNextRenderDrawAgain() throws {
        let renderer = try makeRenderer()
        let red = tree(), green = tree(color: .green)
        let first = try renderer.render(layer: red, pixelWidth: 100, pixelHeight: 60, scale: 1)
        try renderer.draw(try list(green))
        #expect(try renderer.readPixels().rgba(30, 30) == RGBA(0, 255, 0))
        let again = try renderer.render(layer: red, pixelWidth: 100, pixelHeight: 60, scale: 1)
        #expect(renderer.reusedFrameCount == 0)
        #expect(again.pixels == first.pixels)
        #expect(try renderer.readPixels().rgba(30, 30) == RGBA(255, 0, 0))
    }

    /// A list that differs only where nothing shows is not drawn: the last frame comes
    /// back, the same image. A layer under an opaque one (culled, `OcclusionCulling`), text
    /// moved a hair while its glyphs land on the same pixels, text off the frame; a change
    /// that shows is drawn.
    @Test func aFrameThatDiffersOnlyWhereNothingShowsIsGivenBackUndrawn() throws {
        let renderer = try makeRenderer()
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 100, height: 60)
        let under = Layer(), cover = Layer()
        under.frame = Rect(x: 20, y: 20, width: 20, height: 20)
        under.backgroundColor = .red
        cover.frame = root.bounds
        cover.backgroundColor = .white
        let text = label(Rect(x: 10, y: 10, width: 80, height: 20), "Hi")
        let far = label(Rect(x: 10, y: 100, width: 80, height: 20), "Off")
        // Black on the white cover: a text layer's own colour is white, as CATextLayer's.
        for t in [text, far] { t.foregroundColor = .black }
        for l in [under, cover, text, far] { root.addSublayer(l) }
        func render() throws -> Image { try renderer.render(layer: root, pixelWidth: 100, pixelHeight: 60, scale: 1) }
        func list() throws -> DrawList { try DrawListBuilder(pixelWidth: 100, pixelHeight: 60, scale: 1).build(root: root) }
        let first = try render()
        var before = try list()
        for change in [{ under.backgroundColor = .green }, { text.position.x += 0.0001 }, { far.position.y += 3 }] {
            change()
            let after = try list()
            #expect(after != before)
            _ = try render()
            before = after
        }
        let last = try render()
        #expect(renderer.unchangedFrameCount == 3 && renderer.reusedFrameCount == 1)
        #expect(last.identity == first.identity)
        // The glyphs of the moved text did land where they were: the frame drawn afresh is the same.
        #expect(try makeRenderer().render(layer: root, pixelWidth: 100, pixelHeight: 60, scale: 1).pixels == first.pixels)
        // Text moved a whole pixel shows, and is drawn.
        text.position.x += 1
        let moved = try render()
        #expect(renderer.unchangedFrameCount == 3 && moved.pixels != first.pixels)
    }

    @Test func readingBackBeforeAnyFrameIsAnErrorNotATrap() throws {
        let renderer = try makeRenderer()
        #expect(throws: RenderError.self) { try renderer.readPixels() }
    }
}
