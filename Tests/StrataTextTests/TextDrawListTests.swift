import Testing
import StrataModel
import StrataRender
import StrataText
import StrataTestSupport

/// A TextLayer's string is drawn as its content: after its fill, before its sublayers
/// and its border, carrying the output scale for rasterising.
struct TextDrawListTests {
    @Test func textIsDrawnAfterTheFillAndBeforeSublayersAndBorder() {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 200, height: 100)
        let text = TextLayer()
        text.name = "label"
        text.string = "标题"
        text.frame = Rect(x: 10, y: 10, width: 100, height: 30)
        text.backgroundColor = .white
        text.borderWidth = 1
        let badge = Layer()
        badge.name = "badge"
        badge.frame = Rect(x: 0, y: 0, width: 5, height: 5)
        badge.backgroundColor = .red
        text.addSublayer(badge)
        root.addSublayer(text)

        let list = DrawListBuilder(pixelWidth: 400, pixelHeight: 200, scale: 2).build(root: root)
        let names: [String] = list.commands.compactMap {
            switch $0 {
            case .layer(let d): return d.name
            case .text(let d): return d.name
            default: return nil
            }
        }
        #expect(names == ["label", "label.text", "badge", "label.border"])
        let draw = try! #require(list.textDraws.first)
        #expect(draw.scale == 2 && draw.string == "标题" && draw.bounds.size == Size(width: 100, height: 30))
        #expect(draw.matrix.m41 == 20 && draw.matrix.m11 == 2)
        #expect(draw.clip == nil)
    }

    @Test func theBorderStaysAboveTheTextWithoutSublayers() {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 200, height: 100)
        let text = TextLayer()
        text.name = "field"
        text.string = "密码"
        text.frame = Rect(x: 10, y: 10, width: 100, height: 30)
        text.backgroundColor = .white
        text.borderWidth = 0.5
        root.addSublayer(text)
        let commands = DrawListBuilder(pixelWidth: 200, pixelHeight: 100, scale: 1).build(root: root).commands
        guard commands.count == 3, case .layer(let fill) = commands[0], case .text = commands[1],
              case .layer(let border) = commands[2] else {
            Issue.record("expected fill, text, border: \(commands)")
            return
        }
        #expect(fill.borderWidth == 0 && fill.backgroundColor == .white)
        #expect(border.borderWidth == 0.5 && border.backgroundColor == nil)
    }

    @Test func invisibleTextDrawsNothing() {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        for configure in [{ (t: TextLayer) in t.string = nil }, { $0.string = "" }, { $0.foregroundColor = .clear },
                          { $0.isHidden = true }, { $0.opacity = 0 }] {
            let t = TextLayer()
            t.string = "x"
            configure(t)
            root.addSublayer(t)
        }
        #expect(DrawListBuilder(pixelWidth: 100, pixelHeight: 100, scale: 1).build(root: root).textDraws.isEmpty)
    }

    @Test func opacityAndMasksToBoundsReachTheTextDraw() throws {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        let t = TextLayer()
        t.string = "Clip"
        t.frame = Rect(x: 0, y: 0, width: 50, height: 20)
        t.cornerRadius = 4
        t.masksToBounds = true
        t.opacity = 0.5
        root.addSublayer(t)
        let draw = try #require(DrawListBuilder(pixelWidth: 100, pixelHeight: 100, scale: 1).build(root: root).textDraws.first)
        #expect(draw.opacity == 0.5)
        #expect(draw.clip?.rect == t.bounds && draw.clip?.cornerRadius == 4)
        #expect(try draw.layout().lines.first?.text == "Clip")
    }
}
