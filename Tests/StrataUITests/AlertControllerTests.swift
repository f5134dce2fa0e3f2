import StrataGestures
import StrataModel
import Testing
@testable import StrataUI
import StrataTestSupport

@Suite struct AlertControllerMisuseTests {
    @Test func aSecondCancelActionThrowsUIKitsReason() throws {
        let alert = AlertController(title: "标题", message: nil, preferredStyle: .alert)
        try alert.addAction(AlertAction(title: "取消", style: .cancel))
        #expect(throws: AlertControllerError.multipleCancelActions) {
            try alert.addAction(AlertAction(title: "关闭", style: .cancel))
        }
        #expect(AlertControllerError.multipleCancelActions.description
            == "UIAlertController can only have one action with a style of UIAlertActionStyleCancel")
        #expect(alert.actions.count == 1)
    }

    @Test func aTextFieldOnAnActionSheetThrowsUIKitsReason() {
        let sheet = AlertController(title: "保存或删除数据", message: nil, preferredStyle: .actionSheet)
        #expect(throws: AlertControllerError.textFieldInActionSheet) { try sheet.addTextField() }
        #expect(AlertControllerError.textFieldInActionSheet.description
            == "Text fields can only be added to an alert controller of style UIAlertControllerStyleAlert")
        #expect(sheet.textFields.isEmpty)
    }

    @Test func thePreferredActionMustBeOneOfTheAlerts() throws {
        let alert = try simpleAlert()
        #expect(throws: AlertControllerError.preferredActionNotAdded) {
            try alert.setPreferredAction(AlertAction(title: "别的", style: .default))
        }
        try alert.setPreferredAction(alert.actions[1])
        #expect(alert.preferredAction === alert.actions[1])
    }

    @Test func anActionBelongsToOneAlert() throws {
        let a = AlertAction(title: "好的", style: .default)
        let one = AlertController(title: "1", message: nil, preferredStyle: .alert)
        let two = AlertController(title: "2", message: nil, preferredStyle: .alert)
        try one.addAction(a)
        #expect(throws: AlertControllerError.actionAlreadyAdded) { try one.addAction(a) }
        #expect(throws: AlertControllerError.actionAlreadyAdded) { try two.addAction(a) }
    }

    @Test func configurationHandlersSetUpTheFields() throws {
        let alert = AlertController(title: "文本对话框", message: nil, preferredStyle: .alert)
        try alert.addTextField { $0.placeholder = "登录" }
        try alert.addTextField { field in
            field.placeholder = "密码"
            field.isSecureTextEntry = true
        }
        #expect(alert.textFields.map(\.placeholder) == ["登录", "密码"])
        alert.textFields[1].text = "abc"
        #expect(alert.textFields[1].displayedText == "•••")
    }
}

@Suite struct AlertInteractionTests {
    @Test func releasingOnAnActionRunsItsHandlerOnceThenDismisses() throws {
        var picked: [String] = []
        let alert = try simpleAlert { picked.append($0.title ?? "") }
        let (window, root) = presented(alert)
        let ok = try #require(alert.layout).center(ofAction: 1)
        window.tap(ok, at: 1)
        #expect(picked == ["好的"])
        #expect(alert.selectedAction === alert.actions[1])
        #expect(alert.isBeingDismissed)
        // A second tap while it fades is ignored; after the fade the alert is gone.
        window.tap(ok, at: 1.15)
        window.advance(to: 2)
        #expect(picked == ["好的"])
        #expect(root.presentedViewController == nil && alert.view.superlayer == nil)
    }

    @Test func inputDuringThePresentationIsIgnored() throws {
        var picked = 0
        let alert = try simpleAlert { _ in picked += 1 }
        let (window, _) = presented(alert)
        window.tap(try #require(alert.layout).center(ofAction: 1), at: 0.1)
        #expect(picked == 0)
        window.tap(try #require(alert.layout).center(ofAction: 1), at: 0.6)
        #expect(picked == 1)
    }

    @Test func disabledActionsNeitherHighlightNorRun() throws {
        var picked = 0
        let alert = try simpleAlert { _ in picked += 1 }
        alert.actions[1].isEnabled = false
        let (window, _) = presented(alert)
        let ok = try #require(alert.layout).center(ofAction: 1)
        window.deliver(.down(x: ok.x, y: ok.y, t: 1))
        #expect(alert.highlightedAction == nil)
        window.deliver(.up(x: ok.x, y: ok.y, t: 1.1))
        window.advance(to: 2)
        #expect(picked == 0 && alert.selectedAction == nil && alert.presentingViewController != nil)
    }

    @Test func draggingMovesTheHighlightAndReleasingOutsidePicksNothing() throws {
        var picked: [String] = []
        let alert = try simpleAlert { picked.append($0.title ?? "") }
        let (window, _) = presented(alert)
        let l = try #require(alert.layout)
        let cancel = l.center(ofAction: 0), ok = l.center(ofAction: 1)
        window.deliver(.down(x: cancel.x, y: cancel.y, t: 1))
        #expect(alert.highlightedAction === alert.actions[0])
        let layer = try #require(alert.view.firstLayer(named: "alert.button.0"))
        #expect(layer.backgroundColor == AlertColors.light.highlight)
        window.deliver(.move(x: ok.x, y: ok.y, t: 1.1))
        #expect(alert.highlightedAction === alert.actions[1])
        #expect(layer.backgroundColor == nil)
        // Up onto the message: no action.
        window.deliver(.move(x: ok.x, y: l.frame.minY + 40, t: 1.2))
        #expect(alert.highlightedAction == nil)
        window.deliver(.up(x: ok.x, y: l.frame.minY + 40, t: 1.3))
        #expect(picked.isEmpty && alert.presentingViewController != nil)
        // Press on the message, slide onto 取消, release: picks it.
        window.deliver(.down(x: ok.x, y: l.frame.minY + 40, t: 2))
        window.deliver(.move(x: cancel.x, y: cancel.y, t: 2.1))
        window.deliver(.up(x: cancel.x, y: cancel.y, t: 2.2))
        #expect(picked == ["取消"])
    }

    @Test func tappingTheDimRunsASheetsCancelAction() throws {
        var picked: [String] = []
        let sheet = try simpleAlert(style: .actionSheet) { picked.append($0.title ?? "") }
        let (window, root) = presented(sheet)
        window.tap(Point(x: 187, y: 100), at: 1)
        #expect(picked == ["取消"])
        window.advance(to: 2)
        #expect(root.presentedViewController == nil)
    }

    @Test func tappingTheDimLeavesAnAlertUnlessAsked() throws {
        let alert = try simpleAlert()
        let (window, root) = presented(alert)
        window.tap(Point(x: 187, y: 100), at: 1)
        window.advance(to: 2)
        #expect(root.presentedViewController === alert)
        alert.tapBackgroundViewDismiss = true
        window.tap(Point(x: 187, y: 100), at: 3)
        window.advance(to: 4)
        #expect(root.presentedViewController == nil)
    }

    @Test func thePresenterGetsNoInputWhileSomethingIsPresented() throws {
        final class Counter: ViewController {
            var events = 0
            override func handle(_ event: InputEvent) { events += 1 }
        }
        let window = Window(screen: .iPhone8)
        let root = Counter()
        window.rootViewController = root
        window.tap(Point(x: 10, y: 10), at: 0)
        #expect(root.events == 2)
        let alert = try simpleAlert()
        root.present(alert, animated: true)
        // One at a time: a second presentation is ignored, as UIKit ignores it.
        root.present(try simpleAlert(), animated: true)
        #expect(root.presentedViewController === alert)
        window.tap(Point(x: 10, y: 10), at: 1)
        #expect(root.events == 2)
        alert.dismiss(animated: false)
        window.tap(Point(x: 10, y: 10), at: 2)
        #expect(root.events == 4)
    }

    @Test func returnPicksThePreferredActionAndEscapeCancels() throws {
        var picked: [String] = []
        let alert = try simpleAlert { picked.append($0.title ?? "") }
        try alert.setPreferredAction(alert.actions[1])
        let (window, _) = presented(alert)
        window.deliver(.key(.return, t: 1))
        #expect(picked == ["好的"])
        let other = try simpleAlert { picked.append($0.title ?? "") }
        let (w2, _) = presented(other)
        w2.deliver(.key(.escape, t: 1))
        #expect(picked == ["好的", "取消"])
    }
}
