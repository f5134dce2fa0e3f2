/// Numbers that come from input (flags, traces, scene files, manifests) converted and
/// added without trapping: `Int(x)` on a double of 1e300 or NaN, or `a + b` past Int.max,
/// stops the process with SIGILL; these say no instead, and the caller says why.
public enum Checked {
    /// `value` as an Int, rounded toward zero, when it is finite and within `range`.
    public static func int(_ value: Double, in range: ClosedRange<Int> = Int.min...Int.max) -> Int? {
        // 2^63 is exact as a double; every double below it (and at or above -2^63) converts.
        guard value.isFinite, value >= -9_223_372_036_854_775_808.0, value < 9_223_372_036_854_775_808.0 else { return nil }
        let i = Int(value)
        return range.contains(i) ? i : nil
    }

    /// As `int(_:in:)`, throwing a `Diagnostic` naming `what` (a flag, a JSON path).
    public static func int(_ value: Double, _ what: String, in range: ClosedRange<Int> = Int.min...Int.max) throws -> Int {
        guard let i = int(value, in: range) else {
            throw Diagnostic("\(what): \(value) is not a whole number in \(range.lowerBound)...\(range.upperBound)")
        }
        return i
    }

    /// `value` as an Int, values beyond Int's range (and NaN) clamped to its ends: for a
    /// position a range check then refuses with its own words.
    public static func clampedInt(_ value: Double) -> Int {
        if value.isNaN { return Int.min }
        return int(value) ?? (value < 0 ? Int.min : Int.max)
    }

    /// `a + b`, nil past Int's range.
    public static func sum(_ a: Int, _ b: Int) -> Int? {
        let (s, overflow) = a.addingReportingOverflow(b)
        return overflow ? nil : s
    }
}

