import Foundation
import StrataModel

/// A trace's failing frames as a flip-book: the panels (expected, actual and diff) of one
/// frame at a time, a scrubber, play/pause at a chosen speed, ← → to step (space plays),
/// and the trace's filmstrip, whose failing segments show their first frame.
///
/// A unit of its own: a panel added to `panels` (and its key to the frames' JSON) is
/// shown, stepped and played with the others.
extension HTMLReport {
    /// The flip-book's panels: the JSON key of a frame's image, the image's class, its label.
    static let panels = [("e", "fe", "expected"), ("a", "fa", "actual"), ("d", "fd", "diff")]
    /// Playing speeds in frames per second; `defaultSpeed` is selected.
    static let speeds = [2, 4, 8, 15, 30, 60]
    static let defaultSpeed = 8

    static func flipBook(_ trace: TraceCheck, sink: inout ImageSink) -> String {
        let failing = trace.failures.filter { $0.expectedPNG != nil || $0.actualPNG != nil || $0.diffPNG != nil }
        guard !failing.isEmpty else { return "" }
        var frames: [String] = []
        for e in failing {
            var fields = ["\"n\":" + jsonString(e.name)]
            for ((key, _, kind), png) in zip(panels, [e.expectedPNG, e.actualPNG, e.diffPNG]) {
                if let png { fields.append("\"\(key)\":" + jsonString(sink.source(png, trace: trace.name, frame: e.name, kind: kind))) }
            }
            frames.append("{" + fields.joined(separator: ",") + "}")
        }
        let first = failing[0].name
        var html = "<section class=\"flipbook\" tabindex=\"0\" data-frame=\"\(escape(first))\" data-speed=\"\(defaultSpeed)\" aria-label=\"failing frames of \(escape(trace.name))\">\n"
        html += "<p class=\"controls\"><button type=\"button\" class=\"prev\" aria-label=\"previous frame\">&#9664;</button> "
        html += "<button type=\"button\" class=\"play\">play</button> "
        html += "<button type=\"button\" class=\"next\" aria-label=\"next frame\">&#9654;</button> "
        html += "<input class=\"scrub\" type=\"range\" min=\"0\" max=\"\(failing.count - 1)\" value=\"0\" aria-label=\"failing frame\"> "
        html += "<label>speed <select class=\"speed\" aria-label=\"frames per second\">"
        html += speeds.map { "<option value=\"\($0)\"\($0 == defaultSpeed ? " selected" : "")>\($0) fps</option>" }.joined()
        html += "</select></label> "
        html += "<span class=\"label\">\(escape(first)) (1 of \(failing.count) failing)</span> <small>&larr; &rarr; step, space plays</small></p>\n"
        html += "<div class=\"row\">"
        for (_, cls, label) in panels {
            html += "<figure><img class=\"\(cls)\" alt=\"\(label)\"><figcaption>\(label)</figcaption></figure>"
        }
        html += "</div>\n" + filmstrip(trace, failing: failing.map(\.name))
        html += "<script type=\"application/json\">[" + frames.joined(separator: ",\n") + "]</script>\n"
        html += inspector(failing) + "</section>\n"
        return html
    }

    /// Every frame of the replay as one bar: each run of passing or failing frames a segment
    /// as wide as its frames, so 1,280 frames take one line. A failing segment names the
    /// indices of its frames among `failing` (the flip-book's), and a click shows its first.
    static func filmstrip(_ trace: TraceCheck, failing: [String]) -> String {
        guard !trace.entries.isEmpty else { return "" }
        let index = Dictionary(failing.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        var html = "<div class=\"filmstrip\" aria-label=\"every frame of the replay: \(trace.entries.count)\">"
        var start = 0
        while start < trace.entries.count {
            let passed = trace.entries[start].passed
            var end = start
            while end + 1 < trace.entries.count, trace.entries[end + 1].passed == passed { end += 1 }
            let run = trace.entries[start...end]
            let names = run.count == 1 ? run.first!.name : "\(run.first!.name) – \(run.last!.name)"
            var attributes = "class=\"\(passed ? "pass" : "fail")\" style=\"flex: \(run.count)\" title=\"\(escape(names)): \(run.count) \(passed ? "passed" : "failed")\""
            let shown = run.compactMap { index[$0.name] }
            if let from = shown.min(), let to = shown.max() { attributes += " data-from=\"\(from)\" data-to=\"\(to)\"" }
            html += "<span \(attributes)></span>"
            start = end + 1
        }
        return html + "</div>\n"
    }

    /// Drives every flip-book of the page; the keys go to the one last used (the first by default).
    static let flipBookScript = """
    (function () {
      var books = Array.prototype.slice.call(document.querySelectorAll('.flipbook'));
      var active = books[0];
      books.forEach(function (b) {
        var frames = JSON.parse(b.querySelector('script[type="application/json"]').textContent);
        var k = 0, timer = null;
        var imgs = {};
        \(panels.map { "imgs.\($0.0) = b.querySelector('.\($0.1)');" }.joined(separator: " "))
        var scrub = b.querySelector('.scrub'), label = b.querySelector('.label'), play = b.querySelector('.play');
        var speed = b.querySelector('.speed');
        var segments = Array.prototype.slice.call(b.querySelectorAll('.filmstrip [data-from]'));
        function show(i) {
          k = (i % frames.length + frames.length) % frames.length;
          var f = frames[k];
          for (var key in imgs) { imgs[key].style.visibility = f[key] ? 'visible' : 'hidden'; if (f[key]) imgs[key].src = f[key]; }
          scrub.value = k;
          label.textContent = f.n + ' (' + (k + 1) + ' of ' + frames.length + ' failing)';
          b.setAttribute('data-frame', f.n);
          segments.forEach(function (s) { s.classList.toggle('current', +s.getAttribute('data-from') <= k && k <= +s.getAttribute('data-to')); });
        }
        function start() { timer = setInterval(function () { show(k + 1); }, 1000 / +speed.value); }
        function toggle() {
          if (timer) { clearInterval(timer); timer = null; play.textContent = 'play'; b.setAttribute('data-playing', 'no'); }
          else { start(); play.textContent = 'pause'; b.setAttribute('data-playing', 'yes'); }
        }
        b.flip = { show: show, step: function (d) { show(k + d); }, toggle: toggle };
        play.addEventListener('click', toggle);
        speed.addEventListener('change', function () {
          b.setAttribute('data-speed', speed.value);
          if (timer) { clearInterval(timer); start(); }
        });
        b.querySelector('.prev').addEventListener('click', function () { show(k - 1); });
        b.querySelector('.next').addEventListener('click', function () { show(k + 1); });
        scrub.addEventListener('input', function () { show(+scrub.value); });
        b.addEventListener('click', function () { active = b; });
        b.addEventListener('focusin', function () { active = b; });
        segments.forEach(function (s) { s.addEventListener('click', function () { show(+s.getAttribute('data-from')); }); });
        show(0);
      });
      document.addEventListener('keydown', function (e) {
        var tag = e.target && e.target.tagName;
        if (!active || ((tag === 'INPUT' || tag === 'SELECT') && e.key !== ' ') || (tag === 'INPUT' && e.target.type === 'search')) return;
        if (e.key === 'ArrowRight') { active.flip.step(1); e.preventDefault(); }
        else if (e.key === 'ArrowLeft') { active.flip.step(-1); e.preventDefault(); }
        else if (e.key === ' ') { active.flip.toggle(); e.preventDefault(); }
      });
    })();

    """

    /// A JSON string (`JSONWriter`'s) that is also safe inside a <script> element.
    static func jsonString(_ s: String) -> String {
        JSONWriter.string(s).replacingOccurrences(of: "<", with: "\\u003c")
    }
}
