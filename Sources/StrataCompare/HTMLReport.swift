import Foundation
import StrataImage

/// The HTML report of a check: it opens from disk with no server and no network (no
/// script, style or image is fetched from anywhere). For each trace an index of every
/// frame with pass or fail, then, for failing frames, expected, actual and diff side by
/// side with a slider that wipes between expected and actual, and the numbers.
///
/// Big failing runs stay openable: images are inlined as data: URIs until they add up
/// to `Limits.inlineBytes`, then written into `report-files/` beside the HTML and linked;
/// only the first `Limits.fullFrames` failing frames are shown in full, the rest listed.
/// The same results give the same bytes (so a merged report equals an unsharded one).
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
        var sink = ImageSink(filesDirectory: nil, limit: .max)
        var trace = TraceCheck(name: "", frameCount: entries.count, entries: entries)
        trace.warnings = warnings
        return html(title: title, traces: [trace],
                    limits: limits, sink: &sink, linksFrom: nil)
    }

    /// Writes the report to `path` (atomically), and past the inline limit its images
    /// into `report-files/` beside it.
    public static func write(title: String, traces: [TraceCheck], to path: String, limits: Limits = Limits()) throws {
        let dir = FilePath.parent(path)
        let base = dir.isEmpty ? "." : dir
        // The images are staged and put in place with the HTML, so a full disk or a kill
        // never leaves a report whose images are half this run's and half an older one's.
        let files = StagedFolder(base: base, name: "report-files")
        var sink = ImageSink(filesDirectory: files.staging, limit: limits.inlineBytes)
        let text: String
        do { text = try sink.catching { sink in html(title: title, traces: traces, limits: limits, sink: &sink, linksFrom: base) } } catch {
            files.abandon()
            throw error
        }
        try files.commit { try AtomicFile.write(Array(text.utf8), to: path) }
    }

    static func html(title: String, traces: [TraceCheck], limits: Limits, sink: inout ImageSink, linksFrom: String?) -> String {
        let all = traces.flatMap(\.entries)
        let failedCount = all.filter { !$0.passed }.count
        var html = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title>
        <style>
        body { font: 14px/1.4 -apple-system, system-ui, sans-serif; margin: 24px; color: #1c1c1e; }
        h1 { font-size: 20px; } h2 { font-size: 17px; margin-top: 36px; } h3 { font-size: 15px; margin-top: 28px; }
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
        .flipbook { border: 1px solid #d1d1d6; border-radius: 8px; padding: 8px 12px; margin: 12px 0; }
        .flipbook:focus { outline: 2px solid #0a84ff; }
        .filmstrip { display: flex; flex-wrap: wrap; gap: 1px; margin-top: 6px; }
        .cell { width: 6px; height: 16px; display: inline-block; } .cell.pass { background: #9fd8ad; } .cell.fail { background: #e5534b; cursor: pointer; }
        .cell.current { outline: 2px solid #1c1c1e; }
        </style></head><body>
        <h1>\(escape(title))</h1>
        <p>\(all.count - failedCount) passed, \(failedCount) failed</p>

        """
        var shownInFull = 0
        for trace in traces {
            let named = !trace.name.isEmpty
            if named {
                let failures = trace.failures.count
                html += "<h2 id=\"\(anchor(trace.name, nil))\">\(escape(trace.name))</h2>\n"
                html += "<p>\(trace.entries.count - failures) passed, \(failures) failed</p>\n"
            }
            html += trace.warnings.map { "<p class=\"warning\">warning: \(escape($0))</p>\n" }.joined()
            html += "<div class=\"index\">\n"
            for e in trace.entries {
                let target = e.passed ? "" : " href=\"#\(anchor(trace.name, e.name))\""
                let state = e.recorded ? "recorded" : e.passed ? "passed" : "failed"
                html += "<a class=\"\(e.passed ? "pass" : "fail")\"\(target) title=\"\(state)\">\(escape(e.name))</a>\n"
            }
            html += "</div>\n"
            html += flipBook(trace, sink: &sink)
            var listed: [ReportEntry] = []
            for e in trace.failures {
                guard shownInFull < limits.fullFrames else { listed.append(e); continue }
                shownInFull += 1
                html += frameSection(e, trace: trace.name, sink: &sink, linksFrom: linksFrom)
            }
            if !listed.isEmpty {
                html += "<p>\(listed.count) more failing \(listed.count == 1 ? "frame" : "frames") (only the first \(limits.fullFrames) of the report are shown in full):</p>\n<table>\n"
                for e in listed {
                    html += "<tr id=\"\(anchor(trace.name, e.name))\"><td>\(escape(e.name))</td><td>\(escape(e.summary))</td><td>\(links(e, linksFrom))</td></tr>\n"
                }
                html += "</table>\n"
            }
        }
        if html.contains("class=\"flipbook\"") { html += "<script>\n\(flipBookScript)</script>\n" }
        html += "</body></html>\n"
        return html
    }

    /// A trace's failing frames as a flip-book: expected, actual and diff of one frame at
    /// a time, a scrubber, play/pause, ← → to step (space plays), and a filmstrip of every
    /// frame of the replay (red where it failed; a failing cell shows that frame).
    static func flipBook(_ trace: TraceCheck, sink: inout ImageSink) -> String {
        let failing = trace.failures.filter { $0.expectedPNG != nil || $0.actualPNG != nil || $0.diffPNG != nil }
        guard !failing.isEmpty else { return "" }
        var frames: [String] = []
        for e in failing {
            var fields = ["\"n\":" + jsonString(e.name)]
            for (key, kind, png) in [("e", "expected", e.expectedPNG), ("a", "actual", e.actualPNG), ("d", "diff", e.diffPNG)] {
                if let png { fields.append("\"\(key)\":" + jsonString(sink.source(png, trace: trace.name, frame: e.name, kind: kind))) }
            }
            frames.append("{" + fields.joined(separator: ",") + "}")
        }
        let first = failing[0].name
        var html = "<section class=\"flipbook\" tabindex=\"0\" data-frame=\"\(escape(first))\" aria-label=\"failing frames of \(escape(trace.name))\">\n"
        html += "<p class=\"controls\"><button type=\"button\" class=\"prev\" aria-label=\"previous frame\">&#9664;</button> "
        html += "<button type=\"button\" class=\"play\">play</button> "
        html += "<button type=\"button\" class=\"next\" aria-label=\"next frame\">&#9654;</button> "
        html += "<input class=\"scrub\" type=\"range\" min=\"0\" max=\"\(failing.count - 1)\" value=\"0\" aria-label=\"failing frame\"> "
        html += "<span class=\"label\">\(escape(first)) (1 of \(failing.count) failing)</span> <small>&larr; &rarr; step, space plays</small></p>\n"
        html += "<div class=\"row\">"
        for (cls, label) in [("fe", "expected"), ("fa", "actual"), ("fd", "diff")] {
            html += "<figure><img class=\"\(cls)\" alt=\"\(label)\"><figcaption>\(label)</figcaption></figure>"
        }
        html += "</div>\n<div class=\"filmstrip\" aria-label=\"every frame of the replay\">"
        for e in trace.entries {
            html += "<span class=\"cell \(e.passed ? "pass" : "fail")\" data-name=\"\(escape(e.name))\" title=\"\(escape(e.name)): \(e.passed ? "passed" : "failed")\"></span>"
        }
        html += "</div>\n<script type=\"application/json\">[" + frames.joined(separator: ",\n") + "]</script>\n</section>\n"
        return html
    }

    /// Drives every flip-book of the page; the keys go to the one last used (the first by default).
    static let flipBookScript = """
    (function () {
      var books = Array.prototype.slice.call(document.querySelectorAll('.flipbook'));
      var active = books[0];
      books.forEach(function (b) {
        var frames = JSON.parse(b.querySelector('script[type="application/json"]').textContent);
        var k = 0, timer = null;
        var imgs = { e: b.querySelector('.fe'), a: b.querySelector('.fa'), d: b.querySelector('.fd') };
        var scrub = b.querySelector('.scrub'), label = b.querySelector('.label'), play = b.querySelector('.play');
        var cells = Array.prototype.slice.call(b.querySelectorAll('.cell'));
        function show(i) {
          k = (i % frames.length + frames.length) % frames.length;
          var f = frames[k];
          for (var key in imgs) { imgs[key].style.visibility = f[key] ? 'visible' : 'hidden'; if (f[key]) imgs[key].src = f[key]; }
          scrub.value = k;
          label.textContent = f.n + ' (' + (k + 1) + ' of ' + frames.length + ' failing)';
          b.setAttribute('data-frame', f.n);
          cells.forEach(function (c) { c.classList.toggle('current', c.getAttribute('data-name') === f.n); });
        }
        function toggle() {
          if (timer) { clearInterval(timer); timer = null; play.textContent = 'play'; b.setAttribute('data-playing', 'no'); }
          else { timer = setInterval(function () { show(k + 1); }, 125); play.textContent = 'pause'; b.setAttribute('data-playing', 'yes'); }
        }
        b.flip = { show: show, step: function (d) { show(k + d); }, toggle: toggle };
        play.addEventListener('click', toggle);
        b.querySelector('.prev').addEventListener('click', function () { show(k - 1); });
        b.querySelector('.next').addEventListener('click', function () { show(k + 1); });
        scrub.addEventListener('input', function () { show(+scrub.value); });
        b.addEventListener('click', function () { active = b; });
        b.addEventListener('focusin', function () { active = b; });
        cells.forEach(function (c) {
          c.addEventListener('click', function () {
            for (var i = 0; i < frames.length; i++) if (frames[i].n === c.getAttribute('data-name')) show(i);
          });
        });
        show(0);
      });
      document.addEventListener('keydown', function (e) {
        if (!active || (e.target && e.target.tagName === 'INPUT' && e.key !== ' ')) return;
        if (e.key === 'ArrowRight') { active.flip.step(1); e.preventDefault(); }
        else if (e.key === 'ArrowLeft') { active.flip.step(-1); e.preventDefault(); }
        else if (e.key === ' ') { active.flip.toggle(); e.preventDefault(); }
      });
    })();

    """

    /// A JSON string that is also safe inside a <script> element.
    static func jsonString(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "<": out += "\\u003c"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func frameSection(_ e: ReportEntry, trace: String, sink: inout ImageSink, linksFrom: String?) -> String {
        let id = anchor(trace, e.name)
        var html = "<h3 id=\"\(id)\">\(escape(trace.isEmpty ? e.name : "\(trace) / \(e.name)"))</h3>\n"
        if let p = e.problem { html += "<p>\(escape(p))</p>\n" }
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
}

/// Where a report's images go: inline while they fit the budget, then files in
/// `report-files/<trace>/<frame>-<kind>.png`, linked relatively.
struct ImageSink {
    let filesDirectory: String?
    let limit: Int
    private var inlined = 0
    private var error: Error?

    init(filesDirectory: String?, limit: Int) { self.filesDirectory = filesDirectory; self.limit = limit }

    mutating func source(_ png: [UInt8], trace: String, frame: String, kind: String) -> String {
        guard let filesDirectory, inlined + png.count > limit, error == nil else {
            inlined += png.count
            return HTMLReport.dataURI(png)
        }
        let folder = trace.isEmpty ? "frames" : SafeFileName.make(trace)
        let file = "\(SafeFileName.make(frame))-\(kind).png"
        let relative = "report-files/\(folder)/\(file)"
        do {
            let dir = (filesDirectory as NSString).appendingPathComponent(folder)
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try AtomicFile.write(png, to: (dir as NSString).appendingPathComponent(file))
        } catch {
            self.error = error
        }
        return HTMLReport.urlPath(relative)
    }

    /// Runs `body` and throws the first write error it met.
    mutating func catching<T>(_ body: (inout ImageSink) -> T) throws -> T {
        let value = body(&self)
        if let error { throw error }
        return value
    }
}
