import Foundation
import StrataImage

/// How frames are compared when no comparison option says (`--threshold`, `--exact`,
/// `--max-diff-pixels`, ..., or an assertion's `threshold:`/`exact:`): exactly when the
/// references' manifest names the renderer, Mesa and fonts this run draws with (Strata's
/// frames are deterministic there, so any changed byte is a change, as a colour moved from
/// (52,199,89) to (48,209,88)), otherwise at the threshold, saying why in one line.
/// `STRATA_COMPARE=exact|threshold` forces one (read here and nowhere else).
public enum ComparisonDefault: String, CaseIterable, Sendable {
    case auto, exact, threshold

    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> ComparisonDefault {
        guard let word = environment["STRATA_COMPARE"], !word.isEmpty else { return .auto }
        guard let mode = ComparisonDefault(rawValue: word) else {
            throw RenderError.io("STRATA_COMPARE=\(word): expected \(allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return mode
    }

    /// The rules to compare with: `thresholdRules` (the threshold's, masks included) or
    /// exact ones with the same masks; and, when they are the threshold's by default,
    /// the one line that says why. `run` is this run's manifest with `recorded`'s fonts
    /// as installed here; it is asked only when there is a manifest to hold it against.
    public func rules(_ thresholdRules: CompareOptions, recorded: ReferenceManifest?,
                      run: (ReferenceManifest) throws -> ReferenceManifest) rethrows -> (options: CompareOptions, why: String?) {
        var exactRules = CompareOptions.exact
        exactRules.masks = thresholdRules.masks
        switch self {
        case .exact: return (exactRules, nil)
        case .threshold: return (thresholdRules, nil)
        case .auto:
            let reason: String
            if let recorded {
                guard let found = recorded.reasonNotExact(against: try run(recorded)) else { return (exactRules, nil) }
                reason = found
            } else {
                reason = "the references have no \(ReferenceManifest.fileName) naming what drew them (recording writes one)"
            }
            return (thresholdRules, "compared at threshold \(thresholdRules.threshold), not exactly: \(reason)")
        }
    }
}
