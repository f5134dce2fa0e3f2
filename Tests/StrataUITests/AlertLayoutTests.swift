import StrataModel
import Testing
@testable import StrataUI
import StrataTestSupport

/// Layout numbers, hand-computed from the measurements in issue 5, without GL.
@Suite struct AlertLayoutTests {
    let iPhone8 = Screen.iPhone8
    let iPhone8Plus = Screen(size: Size(width: 414, height: 736), scale: 3)

    @Test func titleMessageAndTwoButtonsIs270By124AndAHalfAt2x() throws {
        let l = try simpleAlert().layout(on: iPhone8)
        // 36 (title baseline) + 20 (message baseline) + 24 + 0.5 hairline + 44 row.
        #expect(l.frame.size == Size(width: 270, height: 124.5))
        #expect(l.groups.count == 1 && l.groups[0].cornerRadius == 13)
        // Centred in the safe area under the 20 pt status bar: (20 + 647 / 2) - 124.5 / 2
        // = 281.25, on the @2x pixel grid 281.5.
        #expect(l.frame.origin == Point(x: 52.5, y: 281.5))
        #expect(l.title?.firstBaseline == 36 && l.title?.lineCount == 1)
        #expect(l.message?.firstBaseline == 56 && l.message?.lineCount == 1)
        #expect(l.title?.font == .systemFont(ofSize: 17, weight: .semibold))
        #expect(l.message?.font == .systemFont(ofSize: 13))
    }

    @Test func heightsFollowTheDevicePixel() throws {
        let at3x = try simpleAlert().layout(on: iPhone8Plus)
        #expect(near(at3x.frame.height, 124 + 1.0 / 3))
        let titleOnly = AlertController(title: "提示", message: nil, preferredStyle: .alert)
        try titleOnly.addAction(AlertAction(title: "OK", style: .default))
        // 36 + 24 + one device pixel + 44: 104.33 at @3x, 104.5 at @2x.
        #expect(near(try titleOnly.layout(on: iPhone8Plus).frame.height, 104 + 1.0 / 3))
        #expect(try titleOnly.layout(on: iPhone8).frame.height == 104.5)
        #expect(try titleOnly.layout(on: iPhone8).frame.width == 270)
    }

    @Test func twoButtonsSideBySideWithCancelOnTheLeft() throws {
        let alert = AlertController(title: "标题", message: "消息", preferredStyle: .alert)
        try alert.addAction(AlertAction(title: "好的", style: .default))
        try alert.addAction(AlertAction(title: "取消", style: .cancel))
        let l = try alert.layout(on: iPhone8)
        #expect(l.actionAxis == .horizontal)
        #expect(l.buttons.map(\.actionIndex) == [1, 0])
        #expect(l.buttons[0].frame == Rect(x: 0, y: 80.5, width: 135, height: 44))
        #expect(l.buttons[1].frame == Rect(x: 135, y: 80.5, width: 135, height: 44))
        // A hairline over the row, and one between the buttons, one pixel each.
        #expect(l.separators.map(\.frame) == [Rect(x: 0, y: 80, width: 270, height: 0.5),
                                               Rect(x: 135, y: 80.5, width: 0.5, height: 44)])
        // Cancel is emphasised when nothing is preferred.
        #expect(l.buttons[0].isEmphasized && !l.buttons[1].isEmphasized)
        #expect(l.buttons[0].label.font.weight == .semibold && l.buttons[1].label.font.weight == .regular)
    }

    @Test func thePreferredActionTakesTheEmphasisFromCancel() throws {
        let alert = try simpleAlert()
        try alert.setPreferredAction(alert.actions[1])
        let l = try alert.layout(on: iPhone8)
        #expect(l.button(forAction: 1)?.isEmphasized == true)
        #expect(l.button(forAction: 0)?.isEmphasized == false)
    }

    @Test func threeActionsStackWithCancelLast() throws {
        let alert = AlertController(title: "标题", message: "UIAlertController", preferredStyle: .alert)
        try alert.addAction(AlertAction(title: "取消", style: .cancel))
        try alert.addAction(AlertAction(title: "默认default", style: .default))
        try alert.addAction(AlertAction(title: "重置deatructive", style: .destructive))
        let l = try alert.layout(on: iPhone8)
        #expect(l.actionAxis == .vertical)
        #expect(l.buttons.map(\.actionIndex) == [1, 2, 0])
        #expect(l.buttons.map(\.frame) == [Rect(x: 0, y: 80.5, width: 270, height: 44),
                                           Rect(x: 0, y: 125, width: 270, height: 44),
                                           Rect(x: 0, y: 169.5, width: 270, height: 44)])
        #expect(l.separators.map(\.frame.minY) == [80, 124.5, 169])
        #expect(l.frame.height == 213.5) // 80 + 3 * 44.5
    }

    @Test func twoButtonsWhoseTitlesDoNotFitStack() throws {
        let alert = AlertController(title: "Storage Full", message: nil, preferredStyle: .alert)
        try alert.addAction(AlertAction(title: "Cancel", style: .cancel))
        try alert.addAction(AlertAction(title: "Delete All Old Messages", style: .destructive))
        let l = try alert.layout(on: iPhone8)
        #expect(l.actionAxis == .vertical)
        #expect(l.buttons.map(\.actionIndex) == [1, 0])
        #expect(l.frame.height == 149) // 60 + 2 * 44.5
    }

    @Test func actionAxisOverridesTheRule() throws {
        let alert = try simpleAlert()
        alert.actionAxis = .vertical
        #expect(try alert.layout(on: iPhone8).actionAxis == .vertical)
        let three = try simpleAlert()
        try three.addAction(AlertAction(title: "三", style: .default))
        three.actionAxis = .horizontal
        let l = try three.layout(on: iPhone8)
        #expect(l.buttons.map(\.frame.width) == [90, 90, 90])
        #expect(l.buttons.map(\.actionIndex) == [0, 1, 2])
    }

    @Test func buttonTitlesSitOnAPixelNearTheRowsMiddle() throws {
        let l = try simpleAlert().layout(on: iPhone8)
        for b in l.buttons {
            // Capitals centred on the row: the baseline about 6 pt below the middle.
            let below = b.label.firstBaseline - b.frame.midY
            #expect(below > 5 && below < 7.5)
            #expect((b.label.firstBaseline * 2).rounded() == b.label.firstBaseline * 2)
        }
    }

    @Test func textFieldsSitBetweenTheMessageAndTheButtons() throws {
        let alert = AlertController(title: "文本对话框", message: "登录和密码对话框示例", preferredStyle: .alert)
        try alert.addTextField { $0.placeholder = "登录" }
        try alert.addTextField { $0.placeholder = "密码"; $0.isSecureTextEntry = true }
        try alert.addAction(AlertAction(title: "取消", style: .cancel))
        try alert.addAction(AlertAction(title: "好的", style: .default))
        let l = try alert.layout(on: iPhone8)
        // 24 below the message's baseline (56), 25 each, 12 above the hairline.
        #expect(l.textFields == [Rect(x: 16, y: 80, width: 238, height: 25), Rect(x: 16, y: 105, width: 238, height: 25)])
        #expect(l.separators.first?.frame.minY == 142)
        #expect(l.frame.height == 142 + 44.5)
    }

    @Test func multiLineMessagesAdd16PtPerLine() throws {
        let alert = AlertController(title: "标题", message: String(repeating: "这是一条很长的消息。", count: 5), preferredStyle: .alert)
        try alert.addAction(AlertAction(title: "好的", style: .default))
        let l = try alert.layout(on: iPhone8)
        let lines = try #require(l.message?.lineCount)
        #expect(lines >= 2)
        #expect(l.message?.lastBaseline == 56 + Double(lines - 1) * 16)
        #expect(l.frame.height == 56 + Double(lines - 1) * 16 + 24 + 44.5)
    }

    @Test func actionSheetGroupsAndRows() throws {
        let sheet = AlertController(title: "保存或删除数据", message: "删除数据将不可恢复", preferredStyle: .actionSheet)
        try sheet.addAction(AlertAction(title: "取消", style: .cancel))
        try sheet.addAction(AlertAction(title: "删除", style: .destructive))
        try sheet.addAction(AlertAction(title: "保存", style: .default))
        let l = try sheet.layout(on: iPhone8)
        // 375 less 8 each side; the header's baselines at 27 and 45, 17 above its bottom.
        #expect(l.frame.width == 359 && l.frame.minX == 8)
        #expect(l.title?.firstBaseline == 27 && l.message?.firstBaseline == 45)
        #expect(l.title?.font == .systemFont(ofSize: 13, weight: .semibold))
        // Destructive in place, in order; cancel alone in the second group, 8 below.
        #expect(l.buttons.map(\.actionIndex) == [1, 2, 0])
        #expect(l.buttons.map(\.group) == [0, 0, 1])
        #expect(l.buttons[0].frame == Rect(x: 0, y: 62.5, width: 359, height: 57))
        #expect(l.buttons[1].frame == Rect(x: 0, y: 120, width: 359, height: 57))
        #expect(l.groups.map(\.frame) == [Rect(x: 0, y: 0, width: 359, height: 177),
                                          Rect(x: 0, y: 185, width: 359, height: 57)])
        // 8 above the bottom of a screen without a home indicator.
        #expect(l.frame.maxY == 659 && l.frame.height == 242)
        #expect(l.buttons.map(\.label.font) == [.systemFont(ofSize: 20), .systemFont(ofSize: 20),
                                                .systemFont(ofSize: 20, weight: .semibold)])
    }

    @Test func sheetButtonTitlesAreCentredOnTheFontsLineBox() throws {
        let sheet = AlertController(title: "保存或删除数据", message: "删除数据将不可恢复", preferredStyle: .actionSheet)
        try sheet.addAction(AlertAction(title: "Delete for Everyone", style: .destructive))
        try sheet.addAction(AlertAction(title: "Save", style: .default))
        try sheet.addAction(AlertAction(title: "Cancel", style: .cancel))
        // Inter Display 20 pt: ascender 1974 / 2048 em = 19.277, line height 2476 / 2048 =
        // 24.180, a 24.5 pt box at @2x. Row 62.5...119.5: box top floor(91 - 12.25) = 78.5,
        // baseline 78.5 + 19.277 on the nearest pixel = 98 (SF Pro Display's 98.04).
        let at2x = try sheet.layout(on: iPhone8)
        #expect(at2x.buttons.map(\.label.firstBaseline) == [98, 155.5, 35.5])
        #expect(at2x.buttons.map(\.label.font.opticalFamily) == ["Inter Display", "Inter Display", "Inter Display"])
        // @3x: a 24.33 box, its top floor(91 - 12.17) = 78.67, the baseline 97.94 -> 98.
        let at3x = try sheet.layout(on: Screen(size: Size(width: 375, height: 667), scale: 3))
        #expect(near(at3x.buttons[0].label.firstBaseline, 98))
        // 17 pt Inter in an alert row 80.5...124.5: a 21 pt box from 92, baseline 108.47 -> 108.5.
        let alert = try simpleAlert().layout(on: iPhone8)
        #expect(alert.buttons.map(\.label.firstBaseline) == [108.5, 108.5])
    }

    @Test func aTwoLineSheetMessageHasAnEighteenPointPitch() throws {
        let sheet = AlertController(title: "Delete Data", message: "Deleting your data cannot be undone. It will be removed "
                                    + "from this iPhone.", preferredStyle: .actionSheet)
        try sheet.addAction(AlertAction(title: "Delete", style: .destructive))
        let l = try sheet.layout(on: iPhone8)
        let message = try #require(l.message)
        #expect(message.lineCount == 2 && message.firstBaseline == 45 && message.lastBaseline == 63)
        // The last baseline 17 above the header's bottom: the hairline at 80.
        #expect(l.separators.first?.frame.minY == 80)
    }

    @Test func safeAreasComeFromTheDeviceTable() throws {
        let expected: [(Double, Double, Double, Double)] = [
            (320, 568, 20, 0), (375, 667, 20, 0), (414, 736, 20, 0), (375, 812, 44, 34), (390, 844, 47, 34),
            (393, 852, 59, 34), (414, 896, 44, 34), (428, 926, 47, 34), (430, 932, 59, 34)]
        #expect(DeviceSafeArea.iPhones.map(\.size) == expected.map { Size(width: $0.0, height: $0.1) })
        for (w, h, top, bottom) in expected {
            #expect(Screen(size: Size(width: w, height: h)).safeAreaInsets == EdgeInsets(top: top, bottom: bottom))
            // Landscape: no status bar; a notched phone keeps its top inset on both sides.
            let landscape = Screen(size: Size(width: h, height: w)).safeAreaInsets
            #expect(landscape == (bottom > 0 ? EdgeInsets(left: top, bottom: 21, right: top) : .zero))
        }
        // A size not in the table goes by its shape.
        #expect(Screen(size: Size(width: 400, height: 900)).safeAreaInsets == EdgeInsets(top: 44, bottom: 34))
        #expect(Screen(size: Size(width: 400, height: 600)).safeAreaInsets == EdgeInsets(top: 20))
    }

    @Test func anAlertOnAnIPhone14ProSitsUnderTheDynamicIsland() throws {
        let l = try simpleAlert().layout(on: Screen(size: Size(width: 393, height: 852), scale: 3))
        // Safe area 59...818, middle 438.5; 124.33 tall: 438.5 - 62.17 = 376.33, on a pixel.
        #expect(near(l.frame.minY, 376 + 1.0 / 3))
        // The 44 / 34 insets of the iPhone X would put it 7.33 pt higher (369 on the grid).
        let x = try simpleAlert().layout(on: Screen(size: Size(width: 393, height: 852), scale: 3,
                                                      safeAreaInsets: EdgeInsets(top: 44, bottom: 34)))
        #expect(near(l.frame.minY - x.frame.minY, 22.0 / 3))
        let sheet = AlertController(title: nil, message: nil, preferredStyle: .actionSheet)
        try sheet.addAction(AlertAction(title: "取消", style: .cancel))
        #expect(try sheet.layout(on: Screen(size: Size(width: 393, height: 852), scale: 3)).frame.maxY == 852 - 34)
    }

    @Test func aOneLineSheetHeaderIs44PtTall() throws {
        let sheet = AlertController(title: nil, message: "删除数据将不可恢复", preferredStyle: .actionSheet)
        try sheet.addAction(AlertAction(title: "删除", style: .destructive))
        let l = try sheet.layout(on: iPhone8)
        #expect(l.separators.first?.frame == Rect(x: 0, y: 44, width: 359, height: 0.5))
        #expect(l.groups.count == 1 && l.frame.height == 44 + 57.5)
    }

    @Test func aSheetOnANotchedPhoneSitsOnTheSafeArea() throws {
        let sheet = AlertController(title: nil, message: nil, preferredStyle: .actionSheet)
        try sheet.addAction(AlertAction(title: "删除", style: .destructive))
        try sheet.addAction(AlertAction(title: "取消", style: .cancel))
        let x = Screen(size: Size(width: 375, height: 812), scale: 3)
        let l = try sheet.layout(on: x)
        #expect(l.frame.maxY == 812 - 34)
        // No header: the first row has no hairline above it.
        #expect(l.separators.isEmpty && l.frame.height == 57 + 8 + 57)
    }

    @Test func horizontalSheetPutsAllButCancelInOneRow() throws {
        let sheet = AlertController(title: "我是主标题", message: "我是副标题", preferredStyle: .actionSheet)
        try sheet.addAction(AlertAction(title: "Default", style: .default))
        try sheet.addAction(AlertAction(title: "Destructive", style: .destructive))
        try sheet.addAction(AlertAction(title: "Cancel", style: .cancel))
        sheet.actionAxis = .horizontal
        let l = try sheet.layout(on: iPhone8)
        #expect(l.buttons.filter { $0.group == 0 }.map(\.frame.width) == [179.5, 179.5])
        #expect(l.buttons.filter { $0.group == 0 }.map(\.frame.minY) == [62.5, 62.5])
        #expect(l.groups[0].frame.height == 62.5 + 57)
    }

    @Test func customSpacingOffsetAndCornerRadius() throws {
        let alert = AlertController(title: "标题", message: nil, preferredStyle: .alert)
        let a = AlertAction(title: "一", style: .default)
        try alert.addAction(a)
        try alert.addAction(AlertAction(title: "二", style: .default))
        try alert.addAction(AlertAction(title: "三", style: .cancel))
        alert.setCustomSpacing(10, after: a)
        alert.offsetForAlert = Point(x: 0, y: -50)
        alert.cornerRadius = 20
        let plain = try simpleAlert().layout(on: iPhone8)
        let l = try alert.layout(on: iPhone8)
        #expect(l.spacers.map(\.frame) == [Rect(x: 0, y: 60.5 + 44, width: 270, height: 10)])
        // No hairline right below the band.
        #expect(l.separators.map(\.frame.minY) == [60, 158.5])
        #expect(l.frame.height == 203) // 60 + 3 * 44.5 + 10 - 0.5
        #expect(l.groups[0].cornerRadius == 20)
        #expect(near(l.frame.midY, plain.frame.midY - 50, 0.5))
    }

    @Test func minDistanceToEdgesWidensTheAlert() throws {
        let alert = try simpleAlert()
        alert.minDistanceToEdges = 20
        let l = try alert.layout(on: iPhone8)
        #expect(l.frame.width == 335 && l.frame.minX == 20)
        #expect(l.buttons.map(\.frame.width) == [167.5, 167.5])
    }

    @Test func hitTestingUsesScreenPoints() throws {
        let l = try simpleAlert().layout(on: iPhone8)
        #expect(l.button(at: Point(x: 52.5 + 10, y: 281.5 + 100))?.actionIndex == 0)
        #expect(l.button(at: Point(x: 52.5 + 200, y: 281.5 + 100))?.actionIndex == 1)
        #expect(l.button(at: Point(x: 52.5 + 200, y: 281.5 + 40)) == nil)
        #expect(l.contains(Point(x: 60, y: 300)) && !l.contains(Point(x: 40, y: 300)))
    }
}
