/// The version `strata` reports, and writes into traces as `"generator": "strata 0.2"`.
public enum StrataVersion {
    public static let current = "0.2"
    public static var generator: String { "strata \(current)" }
}
