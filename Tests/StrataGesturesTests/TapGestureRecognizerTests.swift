import StrataGestures
import StrataModel
import Testing

@Suite struct TapGestureRecognizerTests {
    @Test func recognizedWithinTenPoints() {
        var calls: [(GestureState, Point)] = []
        let tap = TapGestureRecognizer { calls.append(($0.state, $0.location(in: nil))) }
        tap.handle(.down(x: 50, y: 50, t: 0))
        tap.handle(.move(x: 53, y: 54, t: 0.05))
        tap.handle(.up(x: 55, y: 55, t: 0.1))
        #expect(tap.state == .recognized)
        #expect(calls.count == 1)
        #expect(calls.first?.0 == .ended)
        #expect(calls.first?.1 == Point(x: 55, y: 55))
    }

    @Test func upExactlyTenPointsAwayStillTaps() {
        var count = 0
        let tap = TapGestureRecognizer { _ in count += 1 }
        tap.handle(.down(x: 50, y: 50, t: 0))
        tap.handle(.up(x: 58, y: 56, t: 0.1)) // 8-6-10
        #expect(tap.state == .ended)
        #expect(count == 1)
    }

    @Test func failsWhenThePointerStraysEvenIfItComesBack() {
        var count = 0
        let tap = TapGestureRecognizer { _ in count += 1 }
        tap.handle(.down(x: 50, y: 50, t: 0))
        tap.handle(.move(x: 61, y: 50, t: 0.05))
        #expect(tap.state == .failed)
        tap.handle(.move(x: 50, y: 50, t: 0.1))
        tap.handle(.up(x: 50, y: 50, t: 0.15))
        #expect(tap.state == .failed)
        #expect(count == 0)
    }

    @Test func failsWhenUpIsFarFromDown() {
        var count = 0
        let tap = TapGestureRecognizer { _ in count += 1 }
        tap.handle(.down(x: 50, y: 50, t: 0))
        tap.handle(.up(x: 50, y: 61, t: 0.1))
        #expect(tap.state == .failed)
        #expect(count == 0)
    }

    @Test func cancelFails() {
        var count = 0
        let tap = TapGestureRecognizer { _ in count += 1 }
        tap.handle(.down(x: 50, y: 50, t: 0))
        tap.handle(.cancel(x: 50, y: 50, t: 0.1))
        #expect(tap.state == .failed)
        #expect(count == 0)
    }

    @Test func nextTouchStartsAfresh() {
        var count = 0
        let tap = TapGestureRecognizer { _ in count += 1 }
        tap.handle(.down(x: 0, y: 0, t: 0))
        tap.handle(.up(x: 40, y: 0, t: 0.1))
        #expect(tap.state == .failed)
        tap.handle(.down(x: 0, y: 0, t: 0.5))
        #expect(tap.state == .possible)
        tap.handle(.up(x: 1, y: 1, t: 0.6))
        #expect(count == 1)
    }
}

@Suite struct GestureDispatcherTests {
    @Test func routesEveryEventToEveryRecognizerInOrder() {
        var log: [String] = []
        let pan = PanGestureRecognizer { log.append("pan \($0.state)") }
        let tap = TapGestureRecognizer { log.append("tap \($0.state)") }
        let dispatcher = GestureDispatcher([pan, tap])

        // A tap: the pan never begins.
        dispatcher.dispatch([.down(x: 10, y: 10, t: 0), .up(x: 12, y: 10, t: 0.1)])
        #expect(log == ["tap ended"])
        #expect(pan.state == .failed)

        // A drag: the tap fails, the pan runs.
        log.removeAll()
        dispatcher.dispatch([.down(x: 10, y: 10, t: 1), .move(x: 30, y: 10, t: 1.1), .move(x: 35, y: 10, t: 1.12),
                             .key(.escape, t: 1.15), .up(x: 40, y: 10, t: 1.2)])
        #expect(log == ["pan began", "pan changed", "pan ended"])
        #expect(tap.state == .failed)
    }

    @Test func addAndRemove() {
        var count = 0
        let dispatcher = GestureDispatcher()
        let tap = TapGestureRecognizer { _ in count += 1 }
        dispatcher.addGestureRecognizer(tap)
        dispatcher.dispatch([.down(x: 0, y: 0, t: 0), .up(x: 0, y: 0, t: 0.1)])
        dispatcher.removeGestureRecognizer(tap)
        dispatcher.dispatch([.down(x: 0, y: 0, t: 1), .up(x: 0, y: 0, t: 1.1)])
        #expect(count == 1)
        #expect(dispatcher.gestureRecognizers.isEmpty)
    }
}
