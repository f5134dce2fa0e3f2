import StrataGestures
import StrataScenes
import StrataUI

// These tests play the frame driver's part by hand: time first moves to the event's, then
// the event is handled, as SceneDriver delivers it.
extension Window {
    func deliver(_ event: InputEvent) {
        advance(to: event.t)
        handle(event)
    }
}

extension Scene {
    func deliver(_ event: InputEvent) {
        advance(to: event.t)
        handle(event)
    }
}
