import Foundation
import Testing
import StrataGestures
import StrataModel
import StrataScenes
import StrataUI

/// Seed 001's Kitchen Sink on its 320 x 480 pt screen. Its layout, worked out from the
/// controller's constants: status bar 20 pt; the transition row at y 28...57 and the
/// presentation row at 65...94 (x 10...310, equal segments); the sink at (10, 104),
/// 300 x 322; "Add Label" at (10, 436), 120 x 32 (centre (70, 452)); Move | Fade at
/// (180, 437.5), 130 x 29 (Fade's centre (277.5, 452)).
struct KitchenSinkTests {
    static let addLabel = Point(x: 70, y: 452)

    /// Plays `events` as the replay does at 60 fps: each frame delivers the events due,
    /// then advances the clock; from just after `start` (events at `start` belong to the
    /// play that ended there) up to and including `end`.
    func play(_ events: [InputEvent], into scene: Scene, from start: Double = -1, until end: Double) {
        var next = events.firstIndex { $0.t > start } ?? events.count
        var frame = Int((max(start, 0) * 60).rounded(.up))
        while true {
            let t = min(Double(frame) / 60, end)
            while next < events.count && events[next].t <= t {
                scene.deliver(events[next])
                next += 1
            }
            scene.advance(to: t)
            if t >= end { break }
            frame += 1
        }
    }

    func tap(_ p: Point, at t: Double) -> [InputEvent] {
        [.down(x: p.x, y: p.y, t: t), .up(x: p.x, y: p.y, t: t + 0.06)]
    }

    // MARK: Layout

    @Test func theLayoutIsTheStoryboards() {
        let sink = KitchenSinkScene(drainInterval: 0).controller
        #expect(sink.kitchenSink.frame == Rect(x: 10, y: 104, width: 300, height: 322))
        #expect(sink.kitchenSink.masksToBounds)
        #expect(sink.addLabelButton.frame == Rect(x: 10, y: 436, width: 120, height: 32))
        #expect(sink.transitionControl.frame(ofSegment: 1) == Rect(x: 85, y: 28, width: 75, height: 29))
        #expect(sink.tapActionControl.frame(ofSegment: 1) == Rect(x: 245, y: 437.5, width: 65, height: 29))
    }

    // MARK: Random places

    @Test func splitMix64GivesTheReferenceSequence() {
        // Vigna's splitmix64.c from state 0.
        var r = KitchenSinkRandom(seed: 0)
        #expect(r.next() == 0xE220_A839_7B1D_CDAF)
        #expect(r.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(r.next() == 0x06C4_5D18_8009_454F)
    }

    /// The seed's formula: centre x = arc4random() % (300 - 100) + 50, y = ... % (322 -
    /// 50) + 25. From seed 0: 0xE220A8397B1DCDAF % 200 = 135, 0x6E789E6AA1B965F4 % 272 = 148.
    @Test func aRandomPlaceIsTheSeedsFormulaOnTheSeededGenerator() {
        let sink = KitchenSinkViewController(seed: 0, drainInterval: 0)
        let window = Window(screen: Screen(size: KitchenSinkScene.defaultViewSize, scale: 2))
        window.rootViewController = sink
        let box = Layer()
        box.bounds = Rect(x: 0, y: 0, width: 100, height: 50)
        sink.setRandomLocation(for: box)
        #expect(box.position == Point(x: 185, y: 173))
        // Too wide for the sink: centred on that axis rather than dividing by zero.
        box.bounds = Rect(x: 0, y: 0, width: 400, height: 50)
        sink.setRandomLocation(for: box)
        #expect(box.position.x == 150)
    }

    @Test func labelsAre48PointAndLandInsideTheSinkTheSameWayEveryRun() throws {
        func place(seed: UInt64) -> (Point, Rect) {
            let scene = KitchenSinkScene(seed: seed, drainInterval: 0)
            let label = scene.controller.addLabel("Hello")
            return (label.position, label.bounds)
        }
        let (p, b) = place(seed: 7)
        #expect(place(seed: 7).0 == p)
        #expect(place(seed: 8).0 != p)
        #expect(p.x >= b.width / 2 && p.x <= 300 - b.width / 2)
        #expect(p.y >= b.height / 2 && p.y <= 322 - b.height / 2)
        let scene = KitchenSinkScene(drainInterval: 0)
        let label = scene.controller.addLabel("Hi")
        #expect(label.font == .systemFont(ofSize: 48) && label.superlayer === scene.controller.kitchenSink)
    }

    // MARK: The Asker, driven by a trace with typing

    static let askerTrace = """
    {"trace": 1, "scene": "kitchensink", "width": 320, "height": 480, "scale": 1, "fps": 60}
    {"t": 0.5, "kind": "down", "x": 70, "y": 452}
    {"t": 0.56, "kind": "up", "x": 70, "y": 452}
    {"t": 1.2, "kind": "key", "text": "H"}
    {"t": 1.3, "kind": "key", "text": "x"}
    {"t": 1.4, "kind": "key", "key": "backspace"}
    {"t": 1.5, "kind": "key", "text": "i"}
    {"t": 1.6, "kind": "key", "key": "return"}
    {"t": 2.5, "kind": "down", "x": 70, "y": 452}
    {"t": 2.56, "kind": "up", "x": 70, "y": 452}
    {"t": 3.3, "kind": "key", "key": "return"}
    {"t": 3.5, "kind": "down", "x": 160, "y": 300}
    {"t": 3.56, "kind": "up", "x": 160, "y": 300}
    """

    /// Add Label, type "Hi" (with a typo fixed), Return: the answer becomes a label and the
    /// Asker goes. Add Label again: Return on an empty field does nothing (the seed's
    /// textFieldShouldReturn), a tap outside ends editing with an empty answer, and the
    /// Asker goes without adding anything.
    @Test func theAskerFlowDrivenByATraceWithTyping() throws {
        let (trace, warnings) = try Trace.parse(text: KitchenSinkTests.askerTrace, name: "asker.trace")
        #expect(warnings.isEmpty)
        let scene = try #require(try SceneRegistry.makeScene(named: trace.header.scene, options: trace.header.options,
                                                             viewSize: Size(width: 320, height: 480)) as? KitchenSinkScene)
        let sink = scene.controller

        play(trace.events, into: scene, until: 1.0)
        let asker = try #require(sink.presentedViewController as? AskerViewController)
        #expect(asker.question == "What do you want your label to say?")
        #expect(asker.answerTextField.placeholder == "Label Text")
        #expect(asker.answerTextField.isFirstResponder)         // viewWillAppear
        #expect(asker.delegate === sink)

        play(trace.events, into: scene, from: 1.0, until: 1.55)
        #expect(asker.answerTextField.text == "Hi")
        play(trace.events, into: scene, from: 1.55, until: 1.62)
        #expect(sink.labels.map(\.string) == ["Hi"])
        #expect(asker.answer == "Hi" && asker.isBeingDismissed)
        play(trace.events, into: scene, from: 1.62, until: 2.2)
        #expect(sink.presentedViewController == nil)

        play(trace.events, into: scene, from: 2.2, until: 3.4)
        let second = try #require(sink.presentedViewController as? AskerViewController)
        #expect(second !== asker)
        #expect(second.answerTextField.isFirstResponder && !second.isBeingDismissed)

        play(trace.events, into: scene, from: 3.4, until: 4.2)
        #expect(sink.presentedViewController == nil)
        #expect(sink.labels.map(\.string) == ["Hi"])
        #expect(scene.statusDescription == "labels: [\"Hi\"]")
    }

    // MARK: The shipped traces, recorded in a window

    static let tracesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Traces")

    func shipped(_ name: String) throws -> (Trace, KitchenSinkScene) {
        let (trace, _) = try Trace.read(path: KitchenSinkTests.tracesDirectory.appendingPathComponent(name).path)
        let scene = try #require(try SceneRegistry.makeScene(named: trace.header.scene, options: trace.header.options,
                                                             viewSize: Size(width: trace.header.width,
                                                                            height: trace.header.height)) as? KitchenSinkScene)
        return (trace, scene)
    }

    /// Typed in a real window: "Hello" and "Sink" become labels; the tap on "Hello" moves
    /// it; the drain, rescheduled as the second Asker went, then empties the sink.
    @Test func theShippedLabelsTraceAddsTwoLabelsByTypingAndMovesOne() throws {
        let (trace, scene) = try shipped("kitchensink-labels.trace")
        let tapTime = try #require(trace.events.last?.t)
        play(trace.events, into: scene, until: tapTime - 0.1)
        #expect(scene.controller.labels.map(\.string) == ["Hello", "Sink"])
        let hello = scene.controller.labels[0]
        let before = hello.position
        play(trace.events, into: scene, from: tapTime - 0.1, until: tapTime + 0.1)
        #expect(hello.position != before && hello.animation(forKey: "position") != nil)
        play(trace.events, into: scene, from: tapTime + 0.1, until: tapTime + 12)
        #expect(scene.controller.labels.isEmpty && !scene.hasRunningAnimations)
    }

    /// Flip-presented and dismissed with the label "Flip"; in Fade mode the label is
    /// tapped, then tapped again during the fade: finished is false and the label stays.
    @Test func theShippedFlipTraceFlipsInAndOutAndInterruptsAFade() throws {
        let (trace, scene) = try shipped("kitchensink-flip.trace")
        let end = try #require(trace.events.last?.t)
        play(trace.events, into: scene, until: end + 0.1)
        let sink = scene.controller
        #expect(sink.transitionStyle == .flipHorizontal && sink.tapAction == .fade)
        #expect(sink.labels.map(\.string) == ["Flip"])
        #expect(sink.interruptedFades == 1 && sink.finishedFades == 0)
        #expect(sink.labels[0].presentation().opacity == 1)
    }

    /// Curl-presented; a tap on the curled page gives an empty answer: it uncurls and
    /// nothing is added.
    @Test func theShippedCurlTraceDismissesOnAnEmptyAnswer() throws {
        let (trace, scene) = try shipped("kitchensink-curl.trace")
        let tap = try #require(trace.events.last?.t)
        play(trace.events, into: scene, until: tap - 0.1)
        #expect(scene.window.layer.firstLayer(named: "modal.partialCurl") != nil)
        #expect(scene.controller.presentedViewController is AskerViewController)
        play(trace.events, into: scene, from: tap - 0.1, until: tap + 1)
        #expect(scene.controller.presentedViewController == nil && scene.controller.labels.isEmpty)
        #expect(scene.window.layer.firstLayer(named: "modal.partialCurl") == nil)
    }

    /// A tap outside the field ends editing, a tap in it begins again (UIKit's
    /// becomeFirstResponder on touch), and the caret follows.
    @Test func aTapInTheAskersFieldMakesItFirstResponder() throws {
        let scene = KitchenSinkScene(drainInterval: 0)
        let sink = scene.controller
        sink.addLabelTapped()
        let asker = try #require(sink.presentedViewController as? AskerViewController)
        asker.delegate = nil                        // keep it up whatever the answer
        scene.advance(to: 0.5)
        scene.deliver(.text("x", t: 0.6))
        let field = asker.answerTextField.frame
        play(tap(Point(x: 160, y: 300), at: 1), into: scene, from: 0.6, until: 1.2)
        #expect(!asker.answerTextField.isFirstResponder && sink.presentedViewController === asker)
        #expect(scene.window.presentationLayer.firstLayer(named: "asker.answer.caret")?.isHidden == true)
        play(tap(Point(x: field.midX, y: field.midY), at: 1.5), into: scene, from: 1.2, until: 1.7)
        #expect(asker.answerTextField.isFirstResponder)
        #expect(scene.window.presentationLayer.firstLayer(named: "asker.answer.caret")?.isHidden == false)
    }

    @Test func theAskerComesWithTheSelectedTransitionAndPresentationStyles() throws {
        let scene = KitchenSinkScene(drainInterval: 0)
        let sink = scene.controller
        play(tap(Point(x: 122.5, y: 42.5), at: 0.1) + tap(Point(x: 260, y: 79.5), at: 0.3), into: scene, until: 0.5)
        #expect(sink.transitionStyle == .flipHorizontal && sink.presentationStyle == .formSheet)
        sink.addLabelTapped()
        let asker = try #require(sink.presentedViewController as? AskerViewController)
        #expect(asker.modalTransitionStyle == .flipHorizontal && asker.modalPresentationStyle == .formSheet)
        #expect(asker.view.frame == Rect(x: 20, y: 60, width: 280, height: 360))
    }

    // MARK: View animations

    /// The seed's `animateWithDuration:4.0`: the model is at the new place at once, what
    /// is seen gets there in 4 s, half way at 2 s (ease in, ease out).
    @Test func tappingALabelMovesItOverFourSeconds() throws {
        let scene = KitchenSinkScene(drainInterval: 0)
        let sink = scene.controller
        let label = sink.addLabel("Move")
        let from = label.position
        let f = sink.kitchenSink.frame
        play(tap(Point(x: f.minX + from.x, y: f.minY + from.y), at: 0), into: scene, until: 0.06)
        let to = label.position
        #expect(to != from)
        play([], into: scene, from: 0.06, until: 2.06)
        let seen = label.presentation().position
        #expect(abs(seen.x - (from.x + to.x) / 2) < 1e-3 && abs(seen.y - (from.y + to.y) / 2) < 1e-3)
        play([], into: scene, from: 2.06, until: 4.06)
        #expect(label.presentation().position == to && !scene.hasRunningAnimations)
    }

    @Test func aFadeThatFinishesRemovesTheLabel() throws {
        let scene = KitchenSinkScene(drainInterval: 0, tapAction: .fade)
        let sink = scene.controller
        let label = sink.addLabel("Fade")
        sink.tap(inSink: label.position)
        #expect(label.opacity == 0)                    // the model changes at once
        scene.advance(to: 1.5)
        #expect(abs(label.presentation().opacity - 0.5) < 1e-4)
        scene.advance(to: 2.99)
        #expect(label.superlayer != nil)
        scene.advance(to: 3)
        #expect(label.superlayer == nil && sink.finishedFades == 1 && sink.interruptedFades == 0)
    }

    /// The seed: "if someone sets alpha to non-zero during the 3 s, finished is false"
    /// and the label stays. Here a second tap on the fading label sets it back to 1.
    @Test func settingAlphaDuringTheFadeInterruptsItAndKeepsTheLabel() throws {
        let scene = KitchenSinkScene(drainInterval: 0, tapAction: .fade)
        let sink = scene.controller
        let label = sink.addLabel("Keep")
        sink.tap(inSink: label.position)
        scene.advance(to: 1)
        sink.tap(inSink: label.position)
        #expect(sink.interruptedFades == 1 && sink.finishedFades == 0)
        #expect(label.opacity == 1 && label.presentation().opacity == 1)
        scene.advance(to: 5)
        #expect(label.superlayer === sink.kitchenSink && label.presentation().opacity == 1)
        #expect(sink.fadingLabels.isEmpty)
    }

    // MARK: The drain timer

    @Test func theDrainTakesTheOldestLabelEveryInterval() {
        let scene = KitchenSinkScene(drainInterval: 5)
        let sink = scene.controller
        sink.addLabel("one")
        sink.addLabel("two")
        #expect(scene.hasRunningAnimations)            // the drain has work to do
        scene.advance(to: 4.99)
        #expect(sink.labels.count == 2)
        scene.advance(to: 5)
        #expect(sink.drainingLabels.map(\.string) == ["one"])
        scene.advance(to: 5.6)
        #expect(sink.labels.map(\.string) == ["two"])
        scene.advance(to: 10.6)
        #expect(sink.labels.isEmpty && !scene.hasRunningAnimations)
    }

    /// Covered by a full-screen modal at 1 s, the sink's timer is invalidated; the label
    /// outlives the 5 s tick. Back on screen at 8 s (dismissal starts: viewWillAppear)
    /// the timer is scheduled anew and ticks at 13 s.
    @Test func theTimerIsInvalidatedWhileAModalCoversTheSinkAndRescheduledWhenItReturns() throws {
        let scene = KitchenSinkScene(drainInterval: 5)
        let sink = scene.controller
        sink.addLabel("kept")
        let first = try #require(sink.drainTimer)
        scene.advance(to: 1)
        sink.addLabelTapped()
        #expect(!first.isValid && sink.drainTimer == nil)
        #expect(!scene.window.clock.scheduledTimers.contains { $0 === first })
        scene.advance(to: 8)
        #expect(sink.labels.count == 1 && sink.drainingLabels.isEmpty)
        sink.dismiss(animated: true)
        let second = try #require(sink.drainTimer)
        #expect(second.isValid && second.fireDate == 13)
        scene.advance(to: 12.99)
        #expect(sink.drainingLabels.isEmpty)
        scene.advance(to: 13.6)
        #expect(sink.labels.isEmpty)
    }

    @Test func aSheetLeavesTheSinkOnScreenAndItsTimerRunning() throws {
        let scene = KitchenSinkScene(drainInterval: 5, presentationStyle: .formSheet)
        let sink = scene.controller
        sink.addLabel("drained")
        scene.advance(to: 1)
        sink.addLabelTapped()
        #expect(sink.drainTimer?.isValid == true)
        scene.advance(to: 5.6)
        #expect(sink.labels.isEmpty)
    }
}
