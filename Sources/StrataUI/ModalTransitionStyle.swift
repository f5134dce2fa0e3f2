import StrataModel

/// UIModalTransitionStyle: how a modally presented controller comes on screen, played
/// backwards when it goes.
///
/// Durations are UIKit's order of magnitude (a modal presentation on an iPhone takes
/// about half a second), chosen within the 0.3–0.5 s the issue asks for: 0.5 s for the
/// transitions that move or bend the whole screen, 0.4 s for the dissolve, which moves
/// nothing. Every curve is ease-in-ease-out, whose midpoint is exact: at half the time a
/// cover is half way up, a flip is edge-on, a dissolve is half faded.
public enum ModalTransitionStyle: String, Hashable, Sendable, CaseIterable {
    /// The default: the presented view slides up from the bottom edge (and back down).
    case coverVertical
    /// The presenter's view turns over about the vertical axis, in perspective, its right
    /// edge coming toward the viewer: the presented view is its back face.
    case flipHorizontal
    /// The presenter's view fades out as the presented one fades in.
    case crossDissolve
    /// The presenter's view curls up from the bottom-right corner like a page and stays
    /// curled, revealing the lower part of the presented view (UIKit allows it only when
    /// both are full screen; otherwise it falls back to coverVertical).
    case partialCurl

    /// Seconds the transition takes, presenting and dismissing alike.
    public var duration: Double {
        switch self {
        case .coverVertical, .flipHorizontal, .partialCurl: return 0.5
        case .crossDissolve: return 0.4
        }
    }

    public var timingFunction: TimingFunction { .easeInEaseOut }
}
