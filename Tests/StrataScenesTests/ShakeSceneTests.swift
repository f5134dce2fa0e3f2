import StrataGestures
import StrataModel
import StrataScenes
import StrataUI
import Testing

private func near(_ a: Double, _ b: Double, _ tol: Double = 1e-9) -> Bool { abs(a - b) <= tol }

/// The fraction u of the duration at which easeInEaseOut(u) == y, by bisection.
private func easedInverse(_ y: Double) -> Double {
    var lo = 0.0, hi = 1.0
    for _ in 0..<100 {
        let mid = (lo + hi) / 2
        if TimingFunction.easeInEaseOut.solve(mid, epsilon: 1e-12) < y { lo = mid } else { hi = mid }
    }
    return (lo + hi) / 2
}

/// Down and up on a button's centre at time t.
private func tap(_ scene: ShakeScene, _ button: ShakeScene.Button, at t: Double) {
    let c = scene.center(of: button)
    scene.deliver(.down(x: c.x, y: c.y, t: t))
    scene.deliver(.up(x: c.x, y: c.y, t: t + 0.05))
}

/// The horizontal shift of a layer of the form as drawn at `time`.
private func shift(_ scene: ShakeScene, _ layer: Layer, at time: Double) -> Double {
    let index = scene.view.sublayers.firstIndex { $0 === layer }!
    return scene.view.presentation(at: time).sublayers[index].transform.m41
}

/// The centre of the presented alert's button for action `index`, in window points.
private func center(ofAction index: Int, in alert: AlertController) -> Point? {
    guard let layout = alert.layout, let button = layout.button(forAction: index) else { return nil }
    let r = layout.screenRect(button.frame, inGroup: button.group)
    return Point(x: r.midX, y: r.midY)
}

@Suite struct ShakeSceneTests {
    @Test func theFormAsTheSeedBuildsIt() {
        let scene = ShakeScene()
        #expect(scene.rootLayer.bounds.size == ShakeScene.defaultViewSize)
        // A window whose root controller's view holds the form and fills it.
        #expect(scene.rootLayer === scene.window.layer && scene.clock === scene.window.clock)
        #expect(scene.window.rootViewController === scene.viewController)
        #expect(scene.rootLayer.sublayers.first === scene.view && scene.view.frame == scene.rootLayer.bounds)
        #expect(scene.view.backgroundColor == .white)
        #expect(scene.textFields.count == 4 && scene.buttons.count == 3)
        #expect(scene.textFields.map { $0.name ?? "" } == ["usernameField", "usernameUnderline", "passwordField", "passwordUnderline"])
        // Underline views are 1 pt tall.
        #expect(scene.textFields[1].bounds.height == 1 && scene.textFields[3].bounds.height == 1)
        for button in scene.buttons {
            #expect(button.borderColor == .orange && button.borderWidth == 1 && button.cornerRadius == 5)
        }
        // The geometry the pixel tests probe: 40 pt margins, the form's top at 139.
        #expect(scene.textFields.map(\.frame) == [
            Rect(x: 40, y: 139, width: 240, height: 30), Rect(x: 40, y: 170, width: 240, height: 1),
            Rect(x: 40, y: 189, width: 240, height: 30), Rect(x: 40, y: 220, width: 240, height: 1),
        ])
        #expect(scene.buttons.map(\.frame) == [269.0, 329, 389].map { Rect(x: 40, y: $0, width: 240, height: 40) })
        // System buttons: titles in system blue, 15 pt, centred in the button.
        let titles = scene.viewController.buttonTitles
        #expect(titles.map { $0.string ?? "" } == ["shake one", "shake all", "shake all with completion"])
        for (title, button) in zip(titles, scene.buttons) {
            #expect(title.superlayer === button)
            #expect(title.foregroundColor == Color(r8: 0, g8: 122, b8: 255) && title.font == .systemFont(ofSize: 15))
            #expect(title.alignmentMode == .center)
            #expect(abs(title.frame.midX - button.bounds.midX) < 1e-9)
            #expect(title.frame.minY > 0 && title.frame.maxY < button.bounds.height)
        }
        // Placeholders in UITextField's grey, inside the field boxes.
        let placeholders = scene.viewController.placeholderLayers
        #expect(placeholders.map { $0.string ?? "" } == ["用户名", "密码"])
        #expect(placeholders[0].superlayer === scene.textFields[0] && placeholders[1].superlayer === scene.textFields[2])
        #expect(placeholders.allSatisfy { $0.foregroundColor == Color(r8: 199, g8: 199, b8: 204) && $0.frame.minX == 8 })
        // Building did not animate anything.
        #expect(scene.isIdle)
        #expect(scene.view.sublayers.allSatisfy { $0.animationKeys().isEmpty })
        #expect(scene.alertController == nil)
        #expect(scene.statusDescription == "taps: 0, completions: 0")
    }

    @Test func shakeAllMovesEveryTextFieldAndUnderline() {
        let scene = ShakeScene()
        scene.advance(to: 1)
        tap(scene, .shakeAll, at: 1)
        // The tap is recognized at touch-up (1.05 s): the shake starts then.
        let start = 1.05
        for view in scene.textFields {
            #expect(view.animation(forKey: Shaker.animationKey) is KeyframeAnimation)
            // t = 0.1125 s in: u = 0.225 of 0.5 s, easeInEaseOut(0.225) = 0.1040380083,
            // so 15 * 0.1040380083 / 0.225 = 6.9358672 pt (the whole duration is eased
            // first: AFViewShaker sets `timingFunction`, not `timingFunctions`).
            #expect(near(shift(scene, view, at: start + 0.1125), 6.935_867_217_897_6, 1e-5))
            // Each keyframe's value when the eased clock reaches its keyTime.
            for (offset, keyTime) in zip(Shaker.offsets, Shaker.keyTimes) {
                #expect(near(shift(scene, view, at: start + easedInverse(keyTime) * 0.5), offset, 1e-4))
            }
            // The model never moves.
            #expect(view.transform == .identity)
        }
        #expect(scene.buttons.allSatisfy { $0.animationKeys().isEmpty })
        scene.advance(to: 1.3)
        #expect(scene.hasRunningAnimations)
        scene.advance(to: start + 0.5)
        #expect(scene.isIdle)
        #expect(scene.textFields.allSatisfy { $0.animationKeys().isEmpty })
        #expect(near(shift(scene, scene.textFields[0], at: 2), 0))
    }

    @Test func shakeOneShakesTheFirstButton() {
        let scene = ShakeScene()
        tap(scene, .shakeOne, at: 0.5)
        #expect(scene.buttons[0].animation(forKey: Shaker.animationKey) != nil)
        #expect(scene.textFields.allSatisfy { $0.animationKeys().isEmpty })
        // keyTime 0.225 (+15) at u ≈ 0.3284: 0.1642 s after the tap's touch-up.
        #expect(near(shift(scene, scene.buttons[0], at: 0.55 + 0.164_220_149_761_050_5), 15, 1e-4))
        scene.advance(to: 1.05)
        #expect(scene.isIdle && scene.tapCount == 1)
    }

    @Test func completionPresentsTheAlertOnceAfterEveryViewStopped() throws {
        let scene = ShakeScene()
        var alerts: [(ShakeScene.Alert, Double)] = []
        scene.onAlert = { alerts.append(($0, scene.clock.now)) }
        tap(scene, .shakeAllWithCompletion, at: 2)
        #expect(scene.textFields[0].animation(forKey: Shaker.animationKey)?.duration == 0.6)
        scene.advance(to: 2.64)
        #expect(alerts.isEmpty && scene.presentedAlert == nil)
        scene.advance(to: 2.7)
        #expect(alerts.count == 1)
        #expect(near(alerts[0].1, 2.65))
        #expect(alerts[0].0 == ShakeScene.Alert(title: "提示", message: "This is completions block", actions: ["OK"]))
        #expect(scene.presentedAlert?.title == "提示")
        #expect(scene.completionCount == 1)
        #expect(scene.statusDescription == "taps: 1, completions: 1, alert: 提示")
        // A real UIAlertController, presented by the root controller over the form.
        let alert = try #require(scene.alertController)
        #expect(alert.title == "提示" && alert.message == "This is completions block" && alert.preferredStyle == .alert)
        #expect(alert.actions.map { $0.title ?? "" } == ["OK"] && alert.actions[0].style == .default)
        #expect(alert.presentingViewController === scene.viewController)
        #expect(scene.window.topViewController === alert)
        #expect(scene.rootLayer.sublayers.last === alert.view)
        scene.advance(to: 10)
        #expect(alerts.count == 1)
        #expect(scene.isIdle && scene.alertController === alert)
    }

    /// While the alert is up only the alert gets input; OK dismisses it and gives the
    /// form its input back.
    @Test func theAlertTakesTheInputUntilOKDismissesIt() throws {
        let scene = ShakeScene()
        tap(scene, .shakeAllWithCompletion, at: 0)
        scene.advance(to: 0.7)
        let alert = try #require(scene.alertController)
        // Appearing: a tap on a form button outside the alert box reaches nobody.
        #expect(alert.isBeingPresented)
        tap(scene, .shakeAllWithCompletion, at: 0.75)
        scene.advance(to: 2)
        #expect(!alert.isBeingPresented && scene.isIdle)
        let layout = try #require(alert.layout)
        #expect(layout.frame == Rect(x: 25, y: 232, width: 270, height: 124.5), "centred in the 20 pt status bar's safe area")
        // Up: the form's buttons under the dim do nothing (the dim of an alert does not
        // dismiss it): the third one, and the second one's strip below the alert box
        // (y 356.5...369); nor does a tap on the alert's title.
        tap(scene, .shakeAllWithCompletion, at: 2)
        #expect(scene.button(at: Point(x: 60, y: 364)) == .shakeAll)
        for (i, p) in [Point(x: 60, y: 364), Point(x: 160, y: 260)].enumerated() {
            let t = 2.2 + Double(i) * 0.2
            scene.deliver(.down(x: p.x, y: p.y, t: t))
            scene.deliver(.up(x: p.x, y: p.y, t: t + 0.05))
        }
        #expect(scene.tapCount == 1 && scene.textFields.allSatisfy { $0.animationKeys().isEmpty })
        #expect(scene.alertController === alert && alert.selectedAction == nil)
        let ok = try #require(center(ofAction: 0, in: alert))
        #expect(near(ok.x, 160) && near(ok.y, 334.5))
        scene.deliver(.down(x: ok.x, y: ok.y, t: 3))
        #expect(alert.highlightedAction === alert.actions[0])
        scene.deliver(.up(x: ok.x, y: ok.y, t: 3.05))
        #expect(alert.selectedAction === alert.actions[0] && alert.isBeingDismissed)
        #expect(scene.statusDescription == "taps: 1, completions: 1, alert: 提示")
        scene.advance(to: 3.5)
        #expect(scene.alertController == nil && alert.view.superlayer == nil && scene.isIdle)
        #expect(scene.rootLayer.sublayers.count == 1)
        #expect(scene.statusDescription == "taps: 1, completions: 1, alert: 提示 (dismissed)")
        // The form has its input again: the third button shakes and presents a new alert.
        tap(scene, .shakeAllWithCompletion, at: 4)
        #expect(scene.tapCount == 2)
        scene.advance(to: 4.7)
        #expect(scene.completionCount == 2)
        let second = try #require(scene.alertController)
        #expect(second !== alert)
        #expect(scene.statusDescription == "taps: 2, completions: 2, alert: 提示")
    }

    /// The completion of a shake started while the alert is already up (by `tap`, not by
    /// input, which the alert takes) runs, but presents nothing: UIKit ignores a second
    /// presentation.
    @Test func aCompletionWhileTheAlertIsUpPresentsNothing() throws {
        let scene = ShakeScene()
        var alerts = 0
        scene.onAlert = { _ in alerts += 1 }
        scene.tap(.shakeAllWithCompletion)
        scene.advance(to: 2)
        let alert = try #require(scene.alertController)
        scene.tap(.shakeAllWithCompletion)
        scene.advance(to: 3)
        #expect(scene.completionCount == 2 && alerts == 1 && scene.alertController === alert)
    }

    @Test func aSecondShakeReplacesTheFirstAndCompletesOnce() {
        let scene = ShakeScene()
        tap(scene, .shakeAllWithCompletion, at: 0)
        tap(scene, .shakeAllWithCompletion, at: 0.3)
        #expect(scene.textFields.allSatisfy { $0.animationKeys() == [Shaker.animationKey] })
        scene.advance(to: 0.9)
        #expect(scene.completionCount == 0)
        scene.advance(to: 0.95)
        #expect(scene.completionCount == 1)
        scene.advance(to: 3)
        #expect(scene.completionCount == 1)
    }

    @Test func tapsOutsideTheButtonsAndDragsDoNothing() {
        let scene = ShakeScene()
        scene.deliver(.down(x: 5, y: 5, t: 0))
        scene.deliver(.up(x: 5, y: 5, t: 0.1))
        let c = scene.center(of: .shakeAll)
        scene.deliver(.down(x: c.x, y: c.y, t: 1))
        scene.deliver(.move(x: c.x + 40, y: c.y, t: 1.1))
        scene.deliver(.up(x: c.x + 40, y: c.y, t: 1.2))
        #expect(scene.tapCount == 0 && scene.isIdle)
        #expect(scene.button(at: c) == .shakeAll)
        #expect(scene.button(at: scene.center(of: .shakeAllWithCompletion)) == .shakeAllWithCompletion)
        #expect(scene.button(at: Point(x: 1, y: 1)) == nil)
    }

    @Test func shakerStartsFromTheCurrentTranslation() {
        let view = Layer()
        view.transform = .makeTranslation(5, 0, 0)
        let a = Shaker.animation(for: view, duration: 0.5)
        #expect(a.keyPath == "transform.translation.x")
        #expect(a.values == [5, 20, -7, 14, -1, 11, 5])
        #expect(a.keyTimes == [0, 0.225, 0.425, 0.6, 0.75, 0.875, 1])
        #expect(a.timingFunction == .easeInEaseOut && a.timingFunctions == nil && a.duration == 0.5)
    }

    @Test func presentationLayerFollowsTheClock() {
        let scene = ShakeScene(viewSize: Size(width: 480, height: 320))
        tap(scene, .shakeAll, at: 0)
        scene.advance(to: 0.05 + easedInverse(0.425) * 0.5)
        let index = scene.view.sublayers.firstIndex { $0 === scene.textFields[2] }!
        // window → the root controller's view → the field.
        #expect(near(scene.presentationLayer.sublayers[0].sublayers[index].transform.m41, -12, 1e-4))
        // Fits the shorter view.
        #expect(scene.buttons[2].frame.maxY <= 320)
    }
}

/// Seed 000's `animate` sets the transaction's duration to 0: even in a tree with a clock
/// the planes follow the finger at once.
@Suite struct ShakeCarouselTransactionTests {
    @Test func carouselLayoutIsNeverAnimated() {
        let scene = CarouselScene()
        let clock = SceneClock()
        clock.attach(scene.rootLayer)
        scene.angle = 40
        #expect(scene.planes.allSatisfy { $0.animationKeys().isEmpty })
        let seen = scene.rootLayer.presentation()
        #expect(seen.sublayers[0].sublayers[0].transform == scene.planes[0].transform)
        #expect(clock.isIdle)
    }
}
