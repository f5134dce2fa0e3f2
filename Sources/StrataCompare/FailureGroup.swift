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
    /// Failures without numbers (a missing reference) are groups of their own.
    public static func groups(_ entries: [ReportEntry]) -> [FailureGroup] {
        var groups: [FailureGroup] = []
        var open = false
        for e in entries {
            guard !e.passed else { open = false; continue }
            if open, e.result != nil, let last = groups.last?.last, last.result != nil, last.summary == e.summary {
                groups[groups.count - 1].entries.append(e)
            } else {
                groups.append(FailureGroup(entries: [e]))
            }
            open = true
        }
        return groups
    }
}
