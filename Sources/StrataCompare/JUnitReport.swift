/// JUnit XML, the format GitLab, Jenkins and GitHub's test reporters read: one
/// `<testsuite>` per trace, one `<testcase>` per checked frame, a `<failure>` whose
/// message has the numbers and the diff's path; a trace's warnings in its `<system-err>`.
/// `time` is the replayed duration, not the wall clock: a frame's is 1/fps, a trace's its
/// frames over fps. No timestamps, so the same results give the same bytes (a merged file
/// equals an unsharded one, whatever the machines' speed).
public enum JUnitReport {
    public static func render(_ traces: [TraceCheck], name: String = "strata check") -> String {
        let tests = traces.reduce(0) { $0 + $1.entries.count }
        let failures = traces.reduce(0) { $0 + $1.failures.count }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let total = traces.reduce(0.0) { $0 + duration($1, frames: $1.entries.count) }
        xml += "<testsuites name=\"\(escape(name))\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" time=\"\(seconds(total))\">\n"
        for trace in traces {
            xml += "  <testsuite name=\"\(escape(trace.name))\" tests=\"\(trace.entries.count)\" failures=\"\(trace.failures.count)\" errors=\"0\" skipped=\"0\" time=\"\(seconds(duration(trace, frames: trace.entries.count)))\">\n"
            let frameTime = seconds(duration(trace, frames: 1))
            for e in trace.entries {
                let open = "    <testcase classname=\"\(escape(trace.name))\" name=\"\(escape(e.name))\" time=\"\(frameTime)\""
                if e.passed { xml += open + "/>\n"; continue }
                var message = e.summary
                if let diff = e.artifacts?.diff { message += "; diff: \(diff)" }
                var body = "\(trace.name)/\(e.name): \(e.summary)"
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

    /// The replayed duration of `frames` of the trace: frames over its fps (0 without one).
    static func duration(_ trace: TraceCheck, frames: Int) -> Double {
        guard let fps = trace.fps, fps > 0 else { return 0 }
        return Double(frames) / fps
    }

    /// Seconds with millisecond digits, as JUnit writers print them.
    static func seconds(_ s: Double) -> String { String(format: "%.3f", s) }

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
