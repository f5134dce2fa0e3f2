import StrataDriver
import StrataModel

/// A replay's frames stepped forward one at a time without drawing, as `Replayer` steps
/// them, in a scene of its own: for work that needs a frame's presentation tree after the
/// frame loop has moved on, since that loop rewrites its tree in place each frame (a check
/// explains a failing frame while later frames render). Nothing is stepped until a frame is
/// asked for; frames only go forward. The tree is the replay's: the same events delivered
/// at the same frame times, and a presentation copy equals a fresh one.
public final class ReplayStepper {
    private let replayer: Replayer
    private var timeline: ReplayTimeline?
    private var index = -1

    public init(following replayer: Replayer) { self.replayer = replayer }

    /// The presentation tree of frame `frame`, at or after the last frame asked for.
    public func presentation(ofFrame frame: Int) throws -> Layer {
        precondition(frame >= index, "a ReplayStepper only goes forward")
        let timeline = try self.timeline ?? ReplayTimeline(scene: try replayer.makeScene(), trace: replayer.trace,
                                                            reload: replayer.sceneReload)
        self.timeline = timeline
        while index < frame {
            index += 1
            try timeline.step(to: replayer.time(ofFrame: index))
        }
        return timeline.scene.presentationLayer
    }
}
