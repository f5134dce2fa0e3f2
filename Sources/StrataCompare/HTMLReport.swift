import Foundation

/// One frame's line in a report: its numbers and, for a failure, the three images.
public struct ReportEntry: Sendable {
    public var name: String
    public var result: FrameComparison?
    /// Why there are no numbers, e.g. "no reference frame".
    public var problem: String?
    /// PNG bytes; only failing entries need them.
    public var expectedPNG: [UInt8]?
    public var actualPNG: [UInt8]?
    public var diffPNG: [UInt8]?
    /// Written as a new reference on purpose (record mode): counts as passing.
    public var recorded = false

    public init(name: String, result: FrameComparison?, problem: String? = nil,
                expectedPNG: [UInt8]? = nil, actualPNG: [UInt8]? = nil, diffPNG: [UInt8]? = nil) {
        self.name = name; self.result = result; self.problem = problem
        self.expectedPNG = expectedPNG; self.actualPNG = actualPNG; self.diffPNG = diffPNG
    }

    public var passed: Bool { recorded || (problem == nil && (result?.passed ?? false)) }
}

/// A single self-contained HTML file (images inlined as data: URIs, no scripts or styles
/// fetched) that opens from disk: an index of every frame with pass or fail, then one
/// section per failing frame with expected, actual and diff side by side, a slider that
/// wipes between expected and actual, and the numbers.
public enum HTMLReport {
    /// `warnings` (e.g. references drawn on another renderer) are shown above the results.
    public static func render(title: String, entries: [ReportEntry], warnings: [String] = []) -> String {
        let failed = entries.filter { !$0.passed }
        var html = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title>
        <style>
        body { font: 14px/1.4 -apple-system, system-ui, sans-serif; margin: 24px; color: #1c1c1e; }
        h1 { font-size: 20px; } h2 { font-size: 16px; margin-top: 32px; }
        .index { display: flex; flex-wrap: wrap; gap: 4px; }
        .index a { padding: 2px 6px; border-radius: 4px; text-decoration: none; font-family: ui-monospace, monospace; font-size: 12px; }
        .warning { background: #fff4d6; color: #7a5300; padding: 6px 10px; border-radius: 4px; }
        .pass { background: #e3f6e8; color: #1d6b34; } .fail { background: #fde4e2; color: #a1261b; }
        .row { display: flex; gap: 16px; align-items: flex-start; flex-wrap: wrap; }
        figure { margin: 0; } figcaption { font-size: 12px; color: #6b6b70; }
        img { image-rendering: pixelated; border: 1px solid #d1d1d6; display: block; }
        .wipe { position: relative; display: inline-block; }
        .wipe img.top { position: absolute; left: 0; top: 0; border-color: transparent; }
        table { border-collapse: collapse; margin-top: 8px; } td { padding: 2px 12px 2px 0; font-family: ui-monospace, monospace; }
        </style></head><body>
        <h1>\(escape(title))</h1>
        \(warnings.map { "<p class=\"warning\">warning: \(escape($0))</p>\n" }.joined())<p>\(entries.count - failed.count) passed, \(failed.count) failed</p>
        <div class="index">
        """
        for e in entries {
            let cls = e.passed ? "pass" : "fail"
            let target = e.passed ? "" : " href=\"#\(anchor(e.name))\""
            let title = e.recorded ? "recorded" : e.passed ? "passed" : "failed"
            html += "<a class=\"\(cls)\"\(target) title=\"\(title)\">\(escape(e.name))</a>\n"
        }
        html += "</div>\n"
        for e in failed {
            html += "<h2 id=\"\(anchor(e.name))\">\(escape(e.name))</h2>\n"
            if let p = e.problem { html += "<p>\(escape(p))</p>\n" }
            if let r = e.result { html += numbers(r) }
            html += "<div class=\"row\">\n"
            if let exp = e.expectedPNG, let act = e.actualPNG {
                // The actual frame lies over the expected one, clipped from the right by the slider.
                let id = anchor(e.name)
                html += """
                <figure><div class="wipe"><img src="\(dataURI(exp))" alt="expected">\
                <img class="top" id="w-\(id)" src="\(dataURI(act))" alt="actual" style="clip-path: inset(0 50% 0 0)"></div>
                <figcaption>left of the line: actual, right: expected
                <input type="range" min="0" max="100" value="50" aria-label="wipe between actual and expected"
                 oninput="document.getElementById('w-\(id)').style.clipPath='inset(0 '+(100-this.value)+'% 0 0)'"></figcaption></figure>

                """
            }
            for (label, png) in [("expected", e.expectedPNG), ("actual", e.actualPNG), ("diff", e.diffPNG)] {
                if let png { html += "<figure><img src=\"\(dataURI(png))\" alt=\"\(label)\"><figcaption>\(label)</figcaption></figure>\n" }
            }
            html += "</div>\n"
        }
        html += "</body></html>\n"
        return html
    }

    static func numbers(_ r: FrameComparison) -> String {
        var rows: [(String, String)] = []
        if !r.sizeMatches {
            rows.append(("size", "expected \(r.width)x\(r.height), actual \(r.actualWidth)x\(r.actualHeight)"))
        }
        rows += [("differing pixels", "\(r.diffPixels) (\(String(format: "%.4f%%", r.ratio * 100)))"),
                 ("anti-aliased pixels", "\(r.aaPixels)"), ("max channel delta", "\(r.maxChannelDelta)"),
                 ("PSNR", r.psnr.isInfinite ? "∞" : String(format: "%.2f dB", r.psnr))]
        if let first = r.firstDifferences.first { rows.append(("first difference", "\(first)")) }
        return "<table>" + rows.map { "<tr><td>\(escape($0.0))</td><td>\(escape($0.1))</td></tr>" }.joined() + "</table>\n"
    }

    static func dataURI(_ png: [UInt8]) -> String { "data:image/png;base64," + Data(png).base64EncodedString() }

    static func anchor(_ name: String) -> String {
        "f-" + String(name.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) ? Character($0) : "-" })
    }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
