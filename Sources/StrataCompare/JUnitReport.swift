/// JUnit XML, the format GitLab, Jenkins and GitHub's test reporters read: one
/// `<testsuite>` per trace, one `<testcase>` per checked frame, a `<failure>` whose
/// message has the numbers, the diff's path and the layer tree's explanation; a trace's warnings in its `<system-err>`. No timestamps or durations, so the same
/// results give the same bytes (a merged file equals an unsharded one).
public enum JUnitReport {
    public static func render(_ traces: [TraceCheck], name: String = "strata check") -> String {
        let tests = traces.reduce(0) { $0 + $1.entries.count }
        let failures = traces.reduce(0) { $0 + $1.failures.count }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"\(escape(name))\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\">\n"
        for trace in traces {
            xml += "  <testsuite name=\"\(escape(trace.name))\" tests=\"\(trace.entries.count)\" failures=\"\(trace.failures.count)\" errors=\"0\" skipped=\"0\">\n"
            for e in trace.entries {
                let open = "    <testcase classname=\"\(escape(trace.name))\" name=\"\(escape(e.name))\""
                if e.passed { xml += open + "/>\n"; continue }
                var message = e.summary
                if let diff = e.artifacts?.diff { message += "; diff: \(diff)" }
                if let why = e.explanation { message += "; \(why)" }
                var body = "\(trace.name)/\(e.name): \(e.summary)"
                if let why = e.explanation { body += "\n\(e.name): \(why)" }
                for (label, path) in e.artifacts?.labelled ?? [] { body += "\n\(label): \(path)" }
                xml += open + ">\n      <failure message=\"\(escape(message))\" type=\"\(e.missing == nil ? "mismatch" : "missing")\">"
                xml += escape(body) + "</failure>\n    </testcase>\n"
            }
            // A trace's warnings (references drawn elsewhere, a changed scene file) as the
            // suite's standard error, which junit-10.xsd allows after the test cases.
            if !trace.warnings.isEmpty {
                xml += "    <system-err>" + escape(trace.warnings.map { "warning: \($0)" }.joined(separator: "\n")) + "</system-err>\n"
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    /// XML text and attribute escaping; characters XML 1.0 cannot hold become U+FFFD.
    static func escape(_ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n": out += "&#10;"
            case "\t": out += "&#9;"
            // XML 1.0's Char excludes C0 controls and U+FFFE/U+FFFF (surrogates never reach a String).
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
