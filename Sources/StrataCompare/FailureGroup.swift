/// A run of consecutive failing frames with the same numbers (`ReportEntry.summary`):
/// "frames 0-848: the same 16,553 pixels differ" is one group, told once by the CLI
/// and the report.
public struct FailureGroup: Sendable {
    /// The group's frames, in replay order; at least one.
    public var entries: [ReportEntry]
    public var first: ReportEntry { entries[0] }
    public var last: ReportEntry { entries[entries.count - 1] }

    /// The failures of `entries` grouped: a frame joins the group before it when it fails
    /// with a comparison whose summary is the same and no passing frame lies between.
    /// Failures without numbers join the one before when a frame is missing from the same
    /// side (references the replay has no frame for, one after another); others are alone.
    public static func groups(_ entries: [ReportEntry]) -> [FailureGroup] {
        var groups: [FailureGroup] = []
        var open = false
        for e in entries {
            guard !e.passed else { open = false; continue }
            if open, let last = groups.last?.last, Self.alike(last, e) {
                groups[groups.count - 1].entries.append(e)
            } else {
                groups.append(FailureGroup(entries: [e]))
            }
            open = true
        }
        return groups
    }

    static func alike(_ a: ReportEntry, _ b: ReportEntry) -> Bool {
        if a.result != nil && b.result != nil { return a.summary == b.summary }
        return a.result == nil && b.result == nil && a.missing != nil && a.missing == b.missing
    }

    /// The group's result in one line: the numbers they share, or how many are missing.
    public var summary: String {
        guard entries.count > 1 else { return first.summary }
        if first.result != nil { return "the same numbers: " + first.summary }
        return "\(entries.count) frames missing from the \(first.missing ?? "replay"), the first: " + first.summary
    }
}
