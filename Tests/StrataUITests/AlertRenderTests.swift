import StrataModel
import StrataScenes
import Testing
@testable import StrataUI
import StrataTestSupport

/// The seeds' alerts drawn offscreen, probed at hand-computed pixels and compared with
/// references (Tests/References/alerts).
@Suite(.tags(.gl)) struct AlertRenderTests {
    // The simple alert at @2x: frame (52.5, 281.5, 270, 124.5) pt, so pixels
    // x 105..<645, y 563..<812; the buttons' hairline at y = 361.5 pt (pixel row 723),
    // the vertical one at x = 187.5 pt (pixel column 375).
    let background = RGBA(240, 241, 240)
    let dim = RGBA(204, 204, 204)

    @Test func theBoxSitsOnItsPixelsOverTheDim() throws {
        let image = try render(try exampleScene(.simple), at: AlertScene.restTime)
        #expect(image.rgba(50, 50).isClose(to: dim, within: 1))
        #expect(image.rgba(740, 1300).isClose(to: dim, within: 1))
        // Left and right edges (halfway down, clear of the corners).
        #expect(image.rgba(104, 650).isClose(to: dim, within: 1))
        #expect(image.rgba(105, 650).isClose(to: background, within: 1))
        #expect(image.rgba(644, 650).isClose(to: background, within: 1))
        #expect(image.rgba(645, 650).isClose(to: dim, within: 1))
        // Top and bottom edges (clear of the text).
        #expect(image.rgba(140, 562).isClose(to: dim, within: 1))
        #expect(image.rgba(140, 563).isClose(to: background, within: 1))
        #expect(image.rgba(140, 811).isClose(to: background, within: 1))
        #expect(image.rgba(140, 812).isClose(to: dim, within: 1))
        // Rounded corners: the very corner pixel shows the dim.
        #expect(image.rgba(105, 563).isClose(to: dim, within: 8))
    }

    @Test func hairlinesAreOneDevicePixel() throws {
        let image = try render(try exampleScene(.simple), at: AlertScene.restTime)
        // The hairline material over the dimmed white scene (AlertMaterialTests).
        let line = RGBA(178, 178, 178)
        #expect(image.rgba(140, 722).isClose(to: background, within: 1))
        #expect(image.rgba(140, 723).isClose(to: line, within: 2))
        #expect(image.rgba(140, 724).isClose(to: background, within: 1))
        #expect(image.rgba(374, 790).isClose(to: background, within: 1))
        #expect(image.rgba(375, 790).isClose(to: line, within: 2))
        #expect(image.rgba(376, 790).isClose(to: background, within: 1))
    }

    @Test func buttonsAreSystemBlueAndDestructiveIsSystemRed() throws {
        let blue = RGBA(0, 122, 255), red = RGBA(255, 59, 48)
        let simple = try render(try exampleScene(.simple), at: AlertScene.restTime)
        // Each button's title has solid strokes of the exact colour.
        #expect(simple.count(blue, within: 6, x: 105..<375, y: 724..<812) > 50)
        #expect(simple.count(blue, within: 6, x: 376..<645, y: 724..<812) > 50)
        let destructive = try render(try exampleScene(.destructive), at: AlertScene.restTime)
        #expect(destructive.count(red, within: 6, x: 376..<645, y: 724..<812) > 50)
        #expect(destructive.count(blue, within: 6, x: 376..<645, y: 724..<812) == 0)
        // The title and message are drawn in black, CJK included (Noto Sans CJK fallback).
        #expect(simple.count(RGBA(0, 0, 0), within: 24, x: 105..<645, y: 600..<650) > 100)
        #expect(simple.count(RGBA(0, 0, 0), within: 24, x: 105..<645, y: 650..<690) > 100)
    }

    @Test func aPressedButtonShowsTheHighlight() throws {
        let scene = try exampleScene(.simple)
        scene.advance(to: 1)
        scene.deliver(.down(x: 260, y: 380, t: 1))
        let image = try render(scene, at: 1.05)
        // Black at 10 % over the box.
        #expect(image.rgba(600, 800).isClose(to: RGBA(216, 217, 216), within: 1))
        #expect(image.rgba(140, 800).isClose(to: background, within: 1))
    }

    @Test func theDarkAppearance() throws {
        let image = try render(try exampleScene(.simple, dark: true), at: AlertScene.restTime)
        // Black scene under a black dim; the box (37, 37, 39); dark system blue.
        #expect(image.rgba(50, 50) == RGBA(0, 0, 0))
        #expect(image.rgba(140, 650).isClose(to: RGBA(37, 37, 39), within: 1))
        #expect(image.count(RGBA(10, 132, 255), within: 6, x: 376..<645, y: 724..<812) > 50)
    }

    @Test func theSheetsGroupsAndRows() throws {
        // Sheet at (8, 417) pt, 359 wide: group 0 177 tall, cancel group at 602 pt.
        let image = try render(try exampleScene(.sheet), at: AlertScene.restTime)
        #expect(image.rgba(15, 900).isClose(to: dim, within: 1))
        #expect(image.rgba(16, 900).isClose(to: background, within: 1))
        // The 8 pt gap between the groups shows the dim; the cancel group is opaque white.
        #expect(image.rgba(375, 1196).isClose(to: dim, within: 1))
        #expect(image.rgba(100, 1240).isClose(to: RGBA(255, 255, 255), within: 1))
        // 删除 in red on the first row, 保存 in blue on the second.
        #expect(image.count(RGBA(255, 59, 48), within: 6, x: 16..<734, y: 960..<1072) > 50)
        #expect(image.count(RGBA(0, 122, 255), within: 6, x: 16..<734, y: 1075..<1188) > 50)
    }

    /// At rest, in light and dark: each example's reference.
    @Test(arguments: [AlertExample.simple, .destructive, .login, .sheet, .many, .autoDismiss, .completion,
                      .spHorizontalSheet, .spBlur, .spOpaque, .spCustom])
    func examplesMatchTheirReferences(_ example: AlertExample) throws {
        let renderer = try makeRenderer()
        for dark in [false, true] {
            let image = try render(try exampleScene(example, dark: dark), at: AlertScene.restTime, renderer: renderer)
            try expectMatchesReference(image, "alerts/\(example.rawValue)-\(dark ? "dark" : "light")")
        }
    }

    /// 0.05 s into each SP animation type: mid-motion frames.
    @Test(arguments: [AlertExample.spFromBottom, .spFromTop, .spFromLeft, .spFromRight, .spShrink, .spExpand, .spFade,
                      .spNone])
    func animationTypesMatchTheirReferences(_ example: AlertExample) throws {
        let image = try render(try exampleScene(example), at: 0.05)
        try expectMatchesReference(image, "alerts/\(example.rawValue)-0.05s")
    }
}
