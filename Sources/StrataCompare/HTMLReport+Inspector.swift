import Foundation
import StrataModel

/// The report's parts for issue 27, kept out of the report's layout: the flip-book's layer
/// inspector (a failing frame's explanation and tree, changed properties marked, the layer
/// under the pointer outlined on the actual image) and the motion charts under the
/// flip-book. `HTMLReport` calls these at three points and knows nothing of their insides.
extension HTMLReport {
    /// The inspector of a flip-book's frames: a panel, and each frame's data by name (read by
    /// `inspectorScript` whenever the flip-book shows another frame). Empty when no frame
    /// has an explanation.
    static func inspector(_ frames: [ReportEntry]) -> String {
        let explained = frames.filter { $0.explanation != nil || $0.inspection != nil }
        guard !explained.isEmpty else { return "" }
        var fields: [String] = []
        for e in explained {
            var parts: [String] = []
            if let x = e.explanation { parts.append("\"x\":" + jsonString(x)) }
            if let i = e.inspection, let text = try? JSONWriter.encode(i, format: .init(.compact, keys: .sorted, slashes: .escaped)) {
                parts.append("\"i\":" + text.replacingOccurrences(of: "<", with: "\\u003c"))
            }
            fields.append(jsonString(e.name) + ":{" + parts.joined(separator: ",") + "}")
        }
        return "<div class=\"inspector\"><p class=\"why\"></p><div class=\"tree\" aria-label=\"the frame's layer tree\"></div>"
            + "<script type=\"application/json\" class=\"inspector-data\">{" + fields.joined(separator: ",\n") + "}</script></div>\n"
    }

    /// A failing frame's explanation in its section.
    static func explanation(_ e: ReportEntry) -> String {
        e.explanation.map { "<p class=\"explanation\">\(escape($0))</p>\n" } ?? ""
    }

    /// Each checked track as a chart, reference dashed under the actual, with its verdict.
    static func motionCharts(_ trace: TraceCheck) -> String {
        guard !trace.tracks.isEmpty else { return "" }
        var html = "<div class=\"tracks\">\n"
        for t in trace.tracks {
            let verdict = t.passed ? "\(t.key): within \(TrackComparison.value(t.tolerance))\(t.unit) of its reference" : t.message
            html += "<figure class=\"track \(t.passed ? "pass" : "fail")\">" + TrackChart(t).svg
                + "<figcaption>\(escape(verdict))</figcaption></figure>\n"
        }
        return html + "</div>\n"
    }

    static let inspectorStyle = """
    .inspector { margin-top: 8px; font-family: ui-monospace, monospace; font-size: 12px; }
    .inspector .why, .explanation { font-family: -apple-system, system-ui, sans-serif; font-size: 14px; background: #eef4ff; padding: 6px 10px; border-radius: 4px; }
    .inspector .layer { padding: 1px 4px; cursor: default; } .inspector .layer.hit { background: #d7e8ff; }
    .inspector .under::before { content: "\\25CF "; color: #e5534b; }
    .inspector .prop { color: #6b6b70; } .inspector .prop.changed { color: #a1261b; background: #fde4e2; }
    .outline { position: absolute; border: 2px solid #0a84ff; pointer-events: none; display: none; box-sizing: border-box; }
    .tracks { display: flex; flex-wrap: wrap; gap: 16px; margin: 12px 0; } .track figcaption { max-width: 640px; }

    """

    /// Renders the inspector of every flip-book when it shows a frame (it watches the
    /// flip-book's data-frame), and outlines a layer: the one under the pointer on the
    /// actual image (the last drawn there), or the one under the pointer in the tree; on the
    /// expected image, dashed, where the layer was in the recorded frame.
    static let inspectorScript = """
    (function () {
      Array.prototype.slice.call(document.querySelectorAll('.flipbook')).forEach(function (b) {
        var panel = b.querySelector('.inspector');
        if (!panel) return;
        var data = JSON.parse(panel.querySelector('.inspector-data').textContent);
        var img = b.querySelector('.fa'), expected = b.querySelector('.fe');
        var why = panel.querySelector('.why'), tree = panel.querySelector('.tree');
        function outlined(image, dashed) {
          var wrap = document.createElement('div');
          wrap.style.position = 'relative'; wrap.style.display = 'inline-block';
          image.parentNode.insertBefore(wrap, image); wrap.appendChild(image);
          var box = document.createElement('div');
          box.className = 'outline'; if (dashed) box.style.borderStyle = 'dashed';
          wrap.appendChild(box);
          return box;
        }
        var outline = outlined(img, false), was = outlined(expected, true);
        var layers = [], rows = [];
        function place(box, image, rect) {
          if (!rect || !image.naturalWidth) { box.style.display = 'none'; return; }
          var s = image.clientWidth / image.naturalWidth;
          box.style.left = (rect[0] * s) + 'px'; box.style.top = (rect[1] * s) + 'px';
          box.style.width = (rect[2] * s) + 'px'; box.style.height = (rect[3] * s) + 'px';
          box.style.display = 'block';
        }
        function mark(k) {
          rows.forEach(function (r, i) { r.classList.toggle('hit', i === k); });
          var l = layers[k];
          place(outline, img, l && l.rect); place(was, expected, l && l.recordedRect);
          b.setAttribute('data-outlined', l && l.rect ? l.id : '');
        }
        function render() {
          var f = data[b.getAttribute('data-frame')] || {};
          why.textContent = f.x || 'no layer tree for this frame';
          layers = (f.i && f.i.layers) || []; rows = [];
          tree.textContent = '';
          layers.forEach(function (l, k) {
            var row = document.createElement('div');
            row.className = 'layer' + (l.underDifferences ? ' under' : '');
            row.style.paddingLeft = (l.depth * 14 + 4) + 'px';
            row.textContent = l.id + ' (' + l.className + ')';
            var changed = {};
            l.changes.forEach(function (c) { changed[c[0].split('.')[0]] = true; });
            l.changes.forEach(function (c) {
              var p = document.createElement('div'); p.className = 'prop changed';
              p.textContent = '  ' + c[0] + ': ' + c[1] + ' \\u2192 ' + c[2]; row.appendChild(p);
            });
            l.properties.forEach(function (p) {
              if (changed[p[0]]) return;
              var d = document.createElement('div'); d.className = 'prop';
              d.textContent = '  ' + p[0] + ': ' + p[1]; row.appendChild(d);
            });
            row.addEventListener('mouseenter', function () { mark(k); });
            tree.appendChild(row); rows.push(row);
          });
          mark(-1);
        }
        img.addEventListener('mousemove', function (e) {
          if (!img.naturalWidth) return;
          var s = img.naturalWidth / img.clientWidth, x = e.offsetX * s, y = e.offsetY * s, found = -1;
          layers.forEach(function (l, k) {
            if (l.rect && x >= l.rect[0] && y >= l.rect[1] && x < l.rect[0] + l.rect[2] && y < l.rect[1] + l.rect[3]) found = k;
          });
          mark(found);
        });
        img.addEventListener('mouseleave', function () { mark(-1); });
        new MutationObserver(render).observe(b, { attributes: true, attributeFilter: ['data-frame'] });
        render();
      });
    })();

    """
}
