import Foundation

/// A usage error: printed as `strata: error: ...` with exit status 2.
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

/// A small argument reader: positional words and `--name value` / `--flag` options,
/// each option declared by the command, so typos are caught.
struct Arguments {
    private(set) var positional: [String] = []
    private var values: [String: String] = [:]
    private var flags: Set<String> = []

    init(_ args: [String], valueOptions: Set<String>, flagOptions: Set<String> = [], command: String) throws {
        var i = 0
        while i < args.count {
            let a = args[i]
            if a.hasPrefix("--") && a.count > 2 {
                var name = String(a.dropFirst(2))
                var inlineValue: String?
                if let eq = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: eq)...])
                    name = String(name[..<eq])
                }
                if valueOptions.contains(name) {
                    if let v = inlineValue { values[name] = v } else {
                        guard i + 1 < args.count else { throw UsageError("--\(name) needs a value (see 'strata help \(command)')") }
                        values[name] = args[i + 1]
                        i += 1
                    }
                } else if flagOptions.contains(name), inlineValue == nil {
                    flags.insert(name)
                } else {
                    throw UsageError("unknown option --\(name) for '\(command)' (see 'strata help \(command)')")
                }
            } else {
                positional.append(a)
            }
            i += 1
        }
    }

    func flag(_ name: String) -> Bool { flags.contains(name) }
    func string(_ name: String) -> String? { values[name] }

    func double(_ name: String, range: ClosedRange<Double>? = nil) throws -> Double? {
        guard let s = values[name] else { return nil }
        guard let v = Double(s), v.isFinite else { throw UsageError("--\(name) expects a number, got '\(s)'") }
        if let r = range, !r.contains(v) {
            throw UsageError("--\(name) must be between \(r.lowerBound.clean) and \(r.upperBound.clean), got \(s)")
        }
        return v
    }

    func int(_ name: String, range: ClosedRange<Int>? = nil) throws -> Int? {
        guard let s = values[name] else { return nil }
        guard let v = Int(s) else { throw UsageError("--\(name) expects a whole number, got '\(s)'") }
        if let r = range, !r.contains(v) {
            throw UsageError("--\(name) must be between \(r.lowerBound) and \(r.upperBound), got \(s)")
        }
        return v
    }

    /// `WxH` in points, e.g. 480x320.
    func size(_ name: String) throws -> (width: Double, height: Double)? {
        guard let s = values[name] else { return nil }
        let parts = s.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w > 0, h > 0, w.isFinite, h.isFinite else {
            throw UsageError("--\(name) expects WIDTHxHEIGHT in points, e.g. 480x320, got '\(s)'")
        }
        return (w, h)
    }
}

extension Double {
    /// 2 rather than 2.0 in messages.
    var clean: String { self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self) }
}
