import Foundation
import StrataCompare

/// One frame's outcome as a JSON object on one line, the same fields for `compare --json`
/// and `check --json` (which leads with the trace): name, width, height, actualWidth,
/// actualHeight, diffPixels, aaPixels, ratio, maxDelta, psnr (null when identical),
/// passed, firstDifferences and missing ("expected" or "actual"; its numbers null);
/// `check --json` adds a failing frame's "explanation" (issue 27), and the "problem" of an
/// entry without numbers (a missing reference, a track), last.
enum FrameJSON {
    static func object(_ leading: [(String, String)], _ result: FrameComparison?, missing: String?, passed: Bool? = nil,
                       trailing: [(String, String)] = []) -> String {
        var fields = leading
        if let r = result {
            let firstDifferences = r.firstDifferences.map { "[\($0.x),\($0.y)]" }.joined(separator: ",")
            fields += [
                ("width", "\(r.width)"), ("height", "\(r.height)"),
                ("actualWidth", "\(r.actualWidth)"), ("actualHeight", "\(r.actualHeight)"),
                ("diffPixels", "\(r.diffPixels)"), ("aaPixels", "\(r.aaPixels)"),
                ("ratio", "\(r.ratio)"), ("maxDelta", "\(r.maxChannelDelta)"),
                ("psnr", r.psnr.isFinite ? "\(r.psnr)" : "null"),
                ("passed", "\(passed ?? r.passed)"),
                ("firstDifferences", "[\(firstDifferences)]"),
            ]
        } else {
            fields += ["width", "height", "actualWidth", "actualHeight", "diffPixels", "aaPixels", "ratio", "maxDelta", "psnr"]
                .map { ($0, "null") }
            fields += [("passed", "\(passed ?? false)"), ("firstDifferences", "[]")]
        }
        fields.append(("missing", missing.map(quoted) ?? "null"))
        return render(fields + trailing)
    }

    /// `{"key":value,...}` from already-encoded values, in the order given.
    static func render(_ fields: [(String, String)]) -> String {
        "{" + fields.map { "\(quoted($0.0)):\($0.1)" }.joined(separator: ",") + "}"
    }

    /// A JSON string literal; file names may hold quotes, backslashes or control characters.
    static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
