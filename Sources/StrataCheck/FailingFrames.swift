import StrataCompare
import StrataModel
import StrataReplay

/// A check's failing frames explained (issue 27) on the queue that checks frames while
/// the next ones render (issue 29, section 4). By the time a frame's comparison fails, the
/// frame loop has rewritten its presentation tree in place, so the tree comes from a
/// GL-free replay of its own (`ReplayStepper`) stepped forward to the failing frame: a check
/// that passes steps nothing and keeps nothing per frame.
final class FailingFrames: @unchecked Sendable {
    private let explainer: FrameExplainer
    private let stepper: ReplayStepper
    /// Written on the checking queue; read once it has finished.
    private(set) var explanations: [String: FrameExplanation] = [:]
    private(set) var inspections: [String: FrameInspection] = [:]

    init(explainer: FrameExplainer, stepper: ReplayStepper) {
        self.explainer = explainer
        self.stepper = stepper
    }

    /// Frame `index`, named `name`, failed where `differences` says; frames come in order.
    func failed(_ name: String, index: Int, differences: DifferenceMap) throws {
        let presentation = try stepper.presentation(ofFrame: index)
        let (explanation, inspection) = explainer.explain(name, presentation: presentation, differences: differences)
        explanations[name] = explanation
        inspections[name] = inspection
    }
}
