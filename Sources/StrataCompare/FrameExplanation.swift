import Foundation
import StrataModel

/// Why a failing frame differs from its reference, in the layer tree's words: the layers
/// whose drawn area covers the differing pixels (`LayerPixelBounds` over `DifferenceMap`,
/// in this frame and in the recorded one, with their superlayers, which move them) and
/// how their properties differ from the tree recorded with the reference.
public enum FrameExplanation: Equatable, Sendable {
    /// Properties changed; `underPixels` false when none of the layers under the differing
    /// pixels changed and these are the changes elsewhere in the tree.
    case changes([PropertyChange], underPixels: Bool)
    /// The tree is as recorded: the pixels changed without the scene (a renderer, Mesa or font).
    case noPropertyChanged
    /// The references hold no tree for this frame (recorded before trees were).
    case notRecorded
    /// The references' tree file is there but cannot be read (the reason, naming the file):
    /// the frames are still checked.
    case unreadable(String)

    /// The words for people. `software`: what differs between the references' manifest and
    /// this run (renderer, Mesa, fonts, Strata), for a frame whose tree did not change.
    public func text(software: [String]) -> String {
        switch self {
        case .changes(let changes, let under):
            return (under ? "" : "no layer under the differing pixels changed; elsewhere: ") + LayerTreeComparison.text(changes)
        case .noPropertyChanged:
            return "pixels differ but no layer property does: "
                + (software.isEmpty ? "the references name this run's renderer, Mesa and fonts (\(ReferenceManifest.fileName)); look for a change in Strata or the drawing code"
                    : "the references were drawn with other software (\(ReferenceManifest.fileName)): " + software.joined(separator: "; "))
        case .notRecorded:
            return "the layer tree is not recorded with these references (\(ReferenceTrees.fileName)); re-record them to have failures explained"
        case .unreadable(let why):
            return "the recorded layer trees cannot be read: \(why)"
        }
    }
}
