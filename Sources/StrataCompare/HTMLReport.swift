import Foundation
import StrataImage

/// The HTML report of a check: it opens from disk with no server and no network (no
/// script, style or image is fetched from anywhere), and reads for one trace or hundreds.
///
/// - The top: totals, what drew the frames (Strata's version, renderer, Mesa) and how they
///   were compared, and the run section (`<dl id="run">`: date, command, accept command).
/// - For two or more traces, a contents list of them with their counts, failing traces first, with an
///   All/Failed filter and a search over trace names, failures and warnings.
/// - Each trace: its warnings, a compact filmstrip of every frame (runs of passing and
///   failing frames as segments), its failures grouped (consecutive frames failing with the
///   same numbers are one row), a flip-book of the failing frames (`HTMLReport+FlipBook`),
///   and the first frame of each group in full (expected, actual, diff, a wipe), up to
///   `Limits.fullFrames` in the report.
///
/// Images are inlined as data: URIs when all of them fit `Limits.inlineBytes`; otherwise
/// every one is a file in `NAME-files/` beside `NAME.html`, so two reports in one folder
/// never share an image. The same results and run give the same bytes.
public enum HTMLReport {
    public struct Limits: Sendable {
        public var inlineBytes: Int
        public var fullFrames: Int
        public init(inlineBytes: Int = 8 << 20, fullFrames: Int = 24) {
            self.inlineBytes = inlineBytes; self.fullFrames = fullFrames
        }
    }

    /// A report of one unnamed trace's frames, every image inlined (the snapshot assertions').
    /// `warnings` (e.g. references drawn on another renderer) are shown above the results.
    public static func render(title: String, entries: [ReportEntry], warnings: [String] = [], limits: Limits = Limits()) -> String {
        var sink = ImageSink.inline
        var trace = TraceCheck(name: "", frameCount: entries.count, entries: entries)
        trace.warnings = warnings
        return html(title: title, traces: [trace], run: nil, limits: limits, sink: &sink, linksFrom: nil)
    }

    /// The folder a report's image files go into: `NAME-files` beside `NAME.html`.
    public static func filesDirectory(forReport path: String) -> String {
        let dir = FilePath.parent(path)
        let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        return ((dir.isEmpty ? "." : dir) as NSString).appendingPathComponent(base + "-files")
    }

    /// Writes the report to `path` (atomically): inline when every image fits the budget,
    /// else all of them into `filesDirectory(forReport:)`, staged and put in place with the
    /// HTML, so a full disk or a kill never leaves a report whose images are half this
    /// run's and half an older one's.
    public static func write(title: String, traces: [TraceCheck], run: ReportRun? = nil, to path: String, limits: Limits = Limits()) throws {
        let dir = FilePath.parent(path)
        let base = dir.isEmpty ? "." : dir
        var measure = ImageSink.measuring
        _ = html(title: title, traces: traces, run: run, limits: limits, sink: &measure, linksFrom: base)
        let filesDirectory = filesDirectory(forReport: path)
        let files = StagedFolder(base: base, name: (filesDirectory as NSString).lastPathComponent)
        var sink = measure.measured <= limits.inlineBytes ? ImageSink.inline
            : ImageSink(filesDirectory: filesDirectory, relativeTo: base, writingInto: files.staging)
        let text: String
        do { text = try sink.catching { sink in html(title: title, traces: traces, run: run, limits: limits, sink: &sink, linksFrom: base) } } catch {
            files.abandon()
            throw error
        }
        try files.commit { try AtomicFile.write(Array(text.utf8), to: path) }
    }

    /// Failing traces first, each group in the order given.
    static func ordered(_ traces: [TraceCheck]) -> [TraceCheck] {
        traces.filter { !$0.passed } + traces.filter(\.passed)
    }

    static func html(title: String, traces given: [TraceCheck], run: ReportRun?, limits: Limits, sink: inout ImageSink, linksFrom: String?) -> String {
        let traces = ordered(given)
        let all = traces.flatMap(\.entries)
        let failedFrames = all.filter { !$0.passed }.count
        let failedTraces = traces.filter { !$0.passed }.count
        let many = traces.count > 1
        var html = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title>
        <style>
        \(style)</style></head><body data-filter="all">
        <h1>\(escape(title))</h1>

        """
        let verdict = failedFrames == 0 ? "<span class=\"badge pass\">passed</span>" : "<span class=\"badge fail\">failed</span>"
        let traceCount = many ? "; \(failedTraces) of \(plural(traces.count, "trace")) failed" : ""
        html += "<p class=\"totals\">\(verdict) frames: \(all.count - failedFrames) passed, \(failedFrames) failed\(traceCount)</p>\n"
        html += about(traces, run: run)
        if many { html += contents(traces) }
        var shownInFull = 0
        for trace in traces {
            html += traceSection(trace, limits: limits, shownInFull: &shownInFull, sink: &sink, linksFrom: linksFrom)
        }
        if many { html += "<script>\n\(filterScript)</script>\n" }
        if html.contains("class=\"flipbook\"") { html += "<script>\n\(flipBookScript)</script>\n" }
        if html.contains("class=\"inspector\"") || html.contains("class=\"tracks\"") || html.contains("class=\"explanation\"") {
            html += "<style>\n\(inspectorStyle)</style>\n<script>\n\(inspectorScript)</script>\n"
        }
        html += "</body></html>\n"
        return html
    }

    /// What drew the frames and how they were compared (from the traces, the same in a
    /// merged report), then the run: date, command and the command that accepts failures.
    static func about(_ traces: [TraceCheck], run: ReportRun?) -> String {
        func distinct(_ values: [String?]) -> String? {
            var seen: [String] = []
            for case let v? in values where !seen.contains(v) { seen.append(v) }
            return seen.isEmpty ? nil : seen.joined(separator: "; ")
        }
        let manifests = traces.compactMap(\.drawnBy)
        var rows: [(String, String?)] = [
            ("Strata", distinct(manifests.map(\.strata))),
            ("renderer", distinct(manifests.map { "\($0.renderer), through \($0.backend)" })),
            ("Mesa", distinct(manifests.map(\.mesa))),
        ]
        let comparisons = traces.map(\.comparison)
        if Set(comparisons.compactMap { $0 }).count > 1 { rows.append(("compared", "per trace, as each says")) }
        else { rows.append(("compared", distinct(comparisons))) }
        var html = ""
        let shown = rows.compactMap { label, value in value.map { "<dt>\(label)</dt><dd>\(escape($0))</dd>" } }
        if !shown.isEmpty { html += "<dl class=\"meta\">" + shown.joined() + "</dl>\n" }
        if let run {
            // The one part of the report not drawn from the results (see ReportRun).
            var items: [String] = []
            if let date = run.date { items.append("<dt>date</dt><dd>\(escape(date))</dd>") }
            if let command = run.command { items.append("<dt>command</dt><dd><code>\(escape(command))</code></dd>") }
            if let accept = run.accept, traces.contains(where: { !$0.passed }) {
                items.append("<dt>to accept</dt><dd><code class=\"accept\">\(escape(accept))</code></dd>")
            }
            if !items.isEmpty { html += "<dl class=\"meta\" id=\"run\">" + items.joined() + "</dl>\n" }
        }
        return html
    }

    /// The traces with their counts, failing first, with the All/Failed filter and search.
    static func contents(_ traces: [TraceCheck]) -> String {
        let failing = traces.filter { !$0.passed }.count
        var html = "<nav class=\"contents\" aria-label=\"traces\">\n<p class=\"tools\"><span class=\"filter\" role=\"group\" aria-label=\"show\">"
        html += "<button type=\"button\" data-filter=\"all\" aria-pressed=\"true\">All (\(traces.count))</button>"
        html += "<button type=\"button\" data-filter=\"failed\" aria-pressed=\"false\">Failed (\(failing))</button></span> "
        html += "<input type=\"search\" class=\"search\" placeholder=\"search traces, failures, warnings\" aria-label=\"search\"></p>\n<ol>\n"
        for t in traces {
            let failures = t.failures.count
            html += "<li class=\"\(t.passed ? "pass" : "fail")\" data-search=\"\(escape(searchText(t)))\">"
            html += "<a href=\"#\(anchor(t.name, nil))\">\(escape(t.name))</a> <span class=\"counts\">"
            html += failures == 0 ? "\(plural(t.entries.count, "frame")) passed" : "\(failures) of \(plural(t.entries.count, "frame")) failed"
            html += t.warnings.isEmpty ? "" : ", \(plural(t.warnings.count, "warning"))"
            html += "</span></li>\n"
        }
        return html + "</ol>\n<p class=\"none\" hidden>no trace matches</p>\n</nav>\n"
    }

    /// What the search matches a trace by: its name, its failures' words, its warnings.
    static func searchText(_ t: TraceCheck) -> String {
        ([t.name] + FailureGroup.groups(t.entries).map(\.first.summary) + t.warnings).joined(separator: "\n").lowercased()
    }

    static func traceSection(_ trace: TraceCheck, limits: Limits, shownInFull: inout Int, sink: inout ImageSink, linksFrom: String?) -> String {
        let named = !trace.name.isEmpty
        var html = ""
        if named {
            let failures = trace.failures.count
            html += "<section class=\"trace \(trace.passed ? "pass" : "fail")\" id=\"\(anchor(trace.name, nil))\" data-search=\"\(escape(searchText(trace)))\">\n"
            html += "<h2><span class=\"badge \(trace.passed ? "pass" : "fail")\">\(trace.passed ? "passed" : "failed")</span> \(escape(trace.name))</h2>\n"
            html += "<p>\(trace.entries.count - failures) passed, \(failures) failed</p>\n"
        }
        html += trace.warnings.map { "<p class=\"warning\">warning: \(escape($0))</p>\n" }.joined()
        if named, let comparison = trace.comparison { html += "<p class=\"compared\">compared: \(escape(comparison))</p>\n" }
        let groups = FailureGroup.groups(trace.entries)
        let book = flipBook(trace, sink: &sink)
        html += book.isEmpty ? filmstrip(trace, failing: []) : book
        html += motionCharts(trace)
        if !groups.isEmpty {
            html += "<table class=\"groups\"><tr><th>frames</th><th>count</th><th>result</th><th></th></tr>\n"
            var sections = "", capped = false
            for g in groups {
                let full = shownInFull < limits.fullFrames
                let range = g.entries.count == 1 ? escape(g.first.name) : "\(escape(g.first.name)) &ndash; \(escape(g.last.name))"
                let id = full ? "" : " id=\"\(anchor(trace.name, g.first.name))\""
                let link = full ? "<a href=\"#\(anchor(trace.name, g.first.name))\">\(range)</a>" : range
                html += "<tr\(id)><td>\(link)</td><td>\(g.entries.count)</td><td>\(escape(g.summary))</td><td>\(links(g.first, linksFrom))</td></tr>\n"
                capped = capped || !full
                if full {
                    shownInFull += 1
                    sections += frameSection(g, trace: trace.name, sink: &sink, linksFrom: linksFrom)
                }
            }
            html += "</table>\n" + sections
            if capped {
                html += "<p class=\"capped\">Only the first \(limits.fullFrames) groups of the report are shown in full; every failing frame is in the flip-book.</p>\n"
            }
        }
        if named { html += "</section>\n" }
        return html
    }

    static func frameSection(_ group: FailureGroup, trace: String, sink: inout ImageSink, linksFrom: String?) -> String {
        let e = group.first
        let id = anchor(trace, e.name)
        let alike = e.result != nil ? "the same numbers" : "missing alike"
        let name = group.entries.count == 1 ? e.name : "\(e.name) (and \(plural(group.entries.count - 1, "more frame")) to \(group.last.name), \(alike))"
        var html = "<h3 id=\"\(id)\">\(escape(trace.isEmpty ? name : "\(trace) / \(name)"))</h3>\n"
        if let p = e.problem { html += "<p>\(escape(p))</p>\n" }
        html += explanation(e)
        if let r = e.result { html += numbers(r) }
        let artifactLinks = links(e, linksFrom)
        if !artifactLinks.isEmpty { html += "<p>artifacts: \(artifactLinks)</p>\n" }
        html += "<div class=\"row\">\n"
        let images = [("expected", e.expectedPNG), ("actual", e.actualPNG), ("diff", e.diffPNG)]
        var sources: [String: String] = [:]
        for (label, png) in images { if let png { sources[label] = sink.source(png, trace: trace, frame: e.name, kind: label) } }
        if let exp = sources["expected"], let act = sources["actual"] {
            // The actual frame lies over the expected one, clipped from the right by the slider.
            html += """
            <figure><div class="wipe"><img src="\(exp)" alt="expected">\
            <img class="top" id="w-\(id)" src="\(act)" alt="actual" style="clip-path: inset(0 50% 0 0)"></div>
            <figcaption>left of the line: actual, right: expected
            <input type="range" min="0" max="100" value="50" aria-label="wipe between actual and expected"
             oninput="document.getElementById('w-\(id)').style.clipPath='inset(0 '+(100-this.value)+'% 0 0)'"></figcaption></figure>

            """
        }
        for (label, _) in images {
            if let src = sources[label] { html += "<figure><img src=\"\(src)\" alt=\"\(label)\"><figcaption>\(label)</figcaption></figure>\n" }
        }
        return html + "</div>\n"
    }

    /// Links to the entry's artifacts, relative to the report's folder.
    static func links(_ e: ReportEntry, _ from: String?) -> String {
        guard let from, let paths = e.artifacts else { return "" }
        return paths.labelled.map { label, path in
            "<a href=\"\(escape(urlPath(ArtifactLayout.relativePath(path, from: from))))\">\(label)</a>"
        }.joined(separator: " ")
    }

    static func numbers(_ r: FrameComparison) -> String {
        var rows: [(String, String)] = []
        if !r.sizeMatches {
            rows.append(("size", "expected \(r.width)x\(r.height), actual \(r.actualWidth)x\(r.actualHeight)"))
        }
        rows += [("differing pixels", "\(r.diffPixels) (\(String(format: "%.4f%%", r.ratio * 100)))"),
                 ("anti-aliased pixels", "\(r.aaPixels)"), ("max channel delta", "\(r.maxChannelDelta)"),
                 ("PSNR", r.psnr.isInfinite ? "∞" : String(format: "%.2f dB", r.psnr))]
        if r.maskedPixels > 0 { rows.append(("masked pixels", "\(r.maskedPixels) (not compared; magenta in the diff)")) }
        if let first = r.firstDifferences.first { rows.append(("first difference", "\(first)")) }
        return "<table>" + rows.map { "<tr><td>\(escape($0.0))</td><td>\(escape($0.1))</td></tr>" }.joined() + "</table>\n"
    }

    static func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }

    static func dataURI(_ png: [UInt8]) -> String { "data:image/png;base64," + Data(png).base64EncodedString() }

    /// `f-<frame>` for an unnamed trace's frame, `f-<trace>--<frame>` otherwise. One name,
    /// one id: letters, digits and a lone inner `-` stay, every other character is `_XX`
    /// (its UTF-8 bytes), so `a.b` and `a,b` differ and no part holds `--` or ends in `-`.
    static func anchor(_ trace: String, _ frame: String?) -> String {
        func safe(_ s: String) -> String {
            let scalars = Array(s.unicodeScalars)
            var out = String.UnicodeScalarView()
            for (i, c) in scalars.enumerated() {
                let loneDash = c == "-" && i > 0 && i < scalars.count - 1 && scalars[i - 1] != "-" && scalars[i + 1] != "-"
                if (c != "_" && CharacterSet.alphanumerics.contains(c)) || loneDash { out.append(c); continue }
                for byte in String(c).utf8 { out.append(contentsOf: String(format: "_%02X", byte).unicodeScalars) }
            }
            return String(out)
        }
        guard let frame else { return "t-" + safe(trace) }
        return trace.isEmpty ? "f-" + safe(frame) : "f-" + safe(trace) + "--" + safe(frame)
    }

    /// A relative path as a URL path: each component percent-escaped.
    static func urlPath(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map {
            String($0).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#"))) ?? String($0)
        }.joined(separator: "/")
    }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    static let style = """
    body { font: 14px/1.4 -apple-system, system-ui, sans-serif; margin: 24px; color: #1c1c1e; }
    h1 { font-size: 20px; margin-bottom: 4px; } h2 { font-size: 17px; margin: 0 0 4px; } h3 { font-size: 15px; margin-top: 24px; }
    .badge { font-size: 12px; font-weight: 600; padding: 1px 7px; border-radius: 9px; vertical-align: 2px; text-transform: uppercase; }
    .badge.pass { background: #e3f6e8; color: #1d6b34; } .badge.fail { background: #fde4e2; color: #a1261b; }
    dl.meta { display: grid; grid-template-columns: max-content auto; gap: 2px 14px; margin: 8px 0; font-size: 13px; }
    dl.meta dt { color: #6b6b70; } dl.meta dd { margin: 0; } code { font-family: ui-monospace, monospace; font-size: 12px; overflow-wrap: anywhere; }
    code.accept { background: #f2f2f7; padding: 1px 4px; border-radius: 3px; }
    nav.contents { border: 1px solid #d1d1d6; border-radius: 8px; padding: 8px 12px; margin: 12px 0 20px; }
    nav.contents ol { columns: 3 240px; margin: 6px 0 0; padding-left: 24px; }
    nav.contents li.fail a { color: #a1261b; font-weight: 600; } .counts { color: #6b6b70; font-size: 12px; }
    .filter button { border: 1px solid #c7c7cc; background: #fff; padding: 2px 10px; font: inherit; cursor: pointer; }
    .filter button:first-child { border-radius: 6px 0 0 6px; } .filter button:last-child { border-radius: 0 6px 6px 0; border-left: 0; }
    .filter button[aria-pressed="true"] { background: #1c1c1e; color: #fff; border-color: #1c1c1e; }
    input.search { padding: 3px 8px; width: 260px; border: 1px solid #c7c7cc; border-radius: 6px; font: inherit; }
    section.trace { border-top: 1px solid #d1d1d6; padding: 14px 0 8px; }
    .warning { background: #fff4d6; color: #7a5300; padding: 6px 10px; border-radius: 4px; }
    .compared { color: #6b6b70; font-size: 12px; }
    .row { display: flex; gap: 16px; align-items: flex-start; flex-wrap: wrap; }
    figure { margin: 0; } figcaption { font-size: 12px; color: #6b6b70; }
    img { image-rendering: pixelated; border: 1px solid #d1d1d6; display: block; max-width: 100%; }
    .wipe { position: relative; display: inline-block; }
    .wipe img.top { position: absolute; left: 0; top: 0; border-color: transparent; }
    .wipe + figcaption { width: 0; min-width: 100%; } .wipe + figcaption input { width: 100%; margin: 0; }
    table { border-collapse: collapse; margin-top: 8px; } td, th { padding: 2px 12px 2px 0; text-align: left; }
    td { font-family: ui-monospace, monospace; font-size: 12px; } th { font-size: 12px; color: #6b6b70; font-weight: normal; }
    .flipbook { border: 1px solid #d1d1d6; border-radius: 8px; padding: 8px 12px; margin: 12px 0; }
    .flipbook:focus { outline: 2px solid #0a84ff; }
    .filmstrip { display: flex; height: 14px; margin: 6px 0; border-radius: 3px; overflow: hidden; max-width: 900px; }
    .filmstrip span { min-width: 2px; } .filmstrip .pass { background: #9fd8ad; } .filmstrip .fail { background: #e5534b; cursor: pointer; }
    .filmstrip .current { box-shadow: inset 0 0 0 2px #1c1c1e; }
    [hidden] { display: none !important; }

    """

    /// The All/Failed filter and the search over the contents and the trace sections.
    static let filterScript = """
    (function () {
      var body = document.body, search = document.querySelector('.contents .search');
      var none = document.querySelector('.contents .none');
      var items = Array.prototype.slice.call(document.querySelectorAll('[data-search]'));
      var buttons = Array.prototype.slice.call(document.querySelectorAll('.filter button'));
      function apply() {
        var failedOnly = body.getAttribute('data-filter') === 'failed', q = search.value.trim().toLowerCase(), shown = 0;
        items.forEach(function (el) {
          var hide = (failedOnly && !el.classList.contains('fail')) || (q !== '' && el.getAttribute('data-search').indexOf(q) < 0);
          el.hidden = hide;
          if (!hide && el.tagName === 'LI') shown++;
        });
        none.hidden = shown > 0;
      }
      buttons.forEach(function (b) {
        b.addEventListener('click', function () {
          body.setAttribute('data-filter', b.getAttribute('data-filter'));
          buttons.forEach(function (o) { o.setAttribute('aria-pressed', o === b ? 'true' : 'false'); });
          apply();
        });
      });
      search.addEventListener('input', apply);
    })();

    """
}
