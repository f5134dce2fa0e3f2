/// UILayoutConstraintAxis: the direction a row of actions runs.
public enum LayoutAxis: String, Hashable, Sendable, CaseIterable {
    /// Side by side.
    case horizontal
    /// Stacked.
    case vertical
}
