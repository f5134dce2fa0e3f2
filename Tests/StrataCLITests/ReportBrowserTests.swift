import Foundation
import Testing
import StrataModel
import StrataRender
import StrataTestSupport

/// Runs Debian's headless Chromium (make deps installs it) on a page from disk.
func chromium(_ args: [String], in dir: String) throws -> (status: Int32, stdout: String) {
    let binary = "/usr/bin/chromium"
    guard FileManager.default.isExecutableFile(atPath: binary) else {
        Issue.record("\(binary) is missing: 'make deps' installs Debian's chromium for this test")
        return (-1, "")
    }
    let p = childProcess(binary)
    p.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
                   "--user-data-dir=\(dir)/chromium-profile", "--allow-file-access-from-files"] + args
    let out = Pipe()
    p.standardOutput = out
    p.standardError = FileHandle.nullDevice
    try p.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return (p.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// Loads `harness` (a page that opens the report in an iframe and writes what it finds into
/// `<pre id="out">`) in headless Chromium; returns the DOM dump and that text.
private func runHarness(_ harness: String, in dir: String) throws -> (dom: (status: Int32, stdout: String), results: String) {
    try harness.write(toFile: dir + "/harness.html", atomically: true, encoding: .utf8)
    let dom = try chromium(["--virtual-time-budget=5000", "--dump-dom", "file://\(dir)/harness.html"], in: dir)
    #expect(dom.status == 0)
    return (dom, dom.stdout.components(separatedBy: "<pre id=\"out\">").last?.components(separatedBy: "</pre>").first ?? "")
}

@Suite(.serialized, .tags(.gl)) struct ReportBrowserTests {
    /// A check whose trace drifts from the 3rd frame on: the report, opened from disk in
    /// a real browser with no network, shows the first failing frame in its flip-book,
    /// and the arrow keys, the scrubber and play/pause change the frame shown.
    @Test func theFlipBookWorksInHeadlessChromium() throws {
        let dir = try temporaryDirectory("report-browser")
        func trace(_ angle: Double) throws {
            var lines = ["{\"trace\": 1, \"scene\": \"carousel\", \"width\": 160, \"height\": 120, \"scale\": 1, \"fps\": 10, \"options\": {\"angle\": \(angle)}}",
                         "{\"t\": 0, \"kind\": \"down\", \"x\": 40, \"y\": 60}"]
            for i in 1...5 { lines.append("{\"t\": \(Double(i) * 0.1), \"kind\": \"move\", \"x\": \(40 + i * 12), \"y\": 60}") }
            lines.append("{\"t\": 0.6, \"kind\": \"up\", \"x\": 100, \"y\": 60}")
            try (lines.joined(separator: "\n") + "\n").write(toFile: dir + "/drag.trace", atomically: true, encoding: .utf8)
        }
        try trace(0)
        _ = try strata(["check", dir + "/drag.trace", "--references", dir + "/refs", "--record"])
        try storeFramesAsFiles(dir + "/refs")
        // Frames 0 and 1 keep their references; 2...6 get a red block: 5 failing frames.
        for k in 2...6 {
            let path = dir + "/refs/frame-0000\(k).png"
            var image = try PNG.read(path: path)
            image.fill(x: 10, y: 10, width: 30, height: 20, .green)
            try PNG.write(image, to: path)
        }
        let r = try strata(["check", dir + "/drag.trace", "--references", dir + "/refs", "--report", dir + "/report.html"])
        #expect(r.status == 1 && r.stdout.hasSuffix("2 passed, 5 failed\n"), "\(r.stdout)")
        let html = try String(contentsOfFile: dir + "/report.html", encoding: .utf8)
        #expect(!html.contains("http://") && !html.contains("https://"), "nothing fetched from the network")

        let harness = """
        <!doctype html><meta charset="utf-8"><body>
        <iframe id="r" src="report.html" width="1200" height="900"></iframe><pre id="out">pending</pre>
        <script>
        document.getElementById('r').onload = function () {
          var w = this.contentWindow, d = w.document, out = [], b = d.querySelector('.flipbook');
          function key(k) { d.dispatchEvent(new w.KeyboardEvent('keydown', { key: k, bubbles: true })); }
          out.push('count=' + (+b.querySelector('.scrub').max + 1));
          out.push('first=' + b.getAttribute('data-frame'));
          out.push('diff=' + (b.querySelector('.fd').src.indexOf('data:image/png;base64,') === 0));
          key('ArrowRight'); out.push('right=' + b.getAttribute('data-frame'));
          key('ArrowRight'); key('ArrowLeft'); out.push('left=' + b.getAttribute('data-frame'));
          key('ArrowLeft'); key('ArrowLeft'); out.push('wrap=' + b.getAttribute('data-frame'));
          var s = b.querySelector('.scrub'); s.value = 3; s.dispatchEvent(new w.Event('input'));
          out.push('scrub=' + b.getAttribute('data-frame') + ' label=' + b.querySelector('.label').textContent);
          var seg = b.querySelector('.filmstrip .fail'); seg.click();
          out.push('segment=' + b.getAttribute('data-frame') + ' current=' + seg.classList.contains('current')
                   + ' segments=' + d.querySelectorAll('.filmstrip span').length + ' chips=' + d.querySelectorAll('.cell').length);
          var speed = b.querySelector('.speed'); speed.value = '60'; speed.dispatchEvent(new w.Event('change'));
          out.push('speed=' + b.getAttribute('data-speed'));
          b.querySelector('.play').click();
          var before = b.getAttribute('data-frame'), waited = 0;
          // Polled, not one fixed wait: on a loaded 2-core machine the first tick of a 60 fps
          // interval came later than 600 ms; 3 s of the 5 s virtual-time budget without one
          // is a failure.
          (function played() {
            if (b.getAttribute('data-frame') === before && waited < 3000) { waited += 50; setTimeout(played, 50); return; }
            out.push('played=' + (b.getAttribute('data-frame') !== before) + ' ' + b.getAttribute('data-playing'));
            b.querySelector('.play').click();
            var paused = b.getAttribute('data-frame');
            setTimeout(function () {
              out.push('paused=' + (b.getAttribute('data-frame') === paused) + ' ' + b.getAttribute('data-playing'));
              document.getElementById('out').textContent = out.join('\\n') + '\\ndone';
            }, 600);
          })();
        };
        </script>
        """
        let (dom, results) = try runHarness(harness, in: dir)
        #expect(results == """
            count=5
            first=frame-00002
            diff=true
            right=frame-00003
            left=frame-00003
            wrap=frame-00006
            scrub=frame-00005 label=frame-00005 (4 of 5 failing)
            segment=frame-00002 current=true segments=2 chips=0
            speed=60
            played=true yes
            paused=true no
            done
            """, "\(dom.stdout.suffix(2000))")

        // A screenshot of the report shows the failing frame's diff: the block in red.
        let shot = try chromium(["--window-size=1200,1400", "--screenshot=\(dir)/shot.png", "file://\(dir)/report.html"], in: dir)
        #expect(shot.status == 0)
        let image = try PNG.read(path: dir + "/shot.png")
        let red = image.count(RGBA(255, 0, 0), within: 30, x: 0..<image.width, y: 0..<image.height)
        #expect(red >= 30 * 20, "the diff's red block is on screen (\(red) red pixels)")
    }

    /// Ten traces, two failing: the report opens on the failing traces, its contents list
    /// has every trace with its counts, the Failed filter hides the passing ones, the search
    /// finds a trace by name and by its failure's words, and the run section has the date
    /// from SOURCE_DATE_EPOCH, the command and the accept command. A screenshot for a person
    /// to look at is left in the test's folder (shot-many.png).
    @Test func aReportOfManyTracesOpensOnItsFailures() throws {
        let dir = try temporaryDirectory("report-many")
        let traces = dir + "/Traces"
        try FileManager.default.createDirectory(atPath: traces, withIntermediateDirectories: true)
        func trace(_ name: String, angle: Double) throws {
            let lines = ["{\"trace\": 1, \"scene\": \"carousel\", \"width\": 96, \"height\": 64, \"scale\": 1, \"fps\": 10, \"options\": {\"angle\": \(angle)}}",
                         "{\"t\": 0, \"kind\": \"down\", \"x\": 30, \"y\": 30}", "{\"t\": 0.2, \"kind\": \"up\", \"x\": 50, \"y\": 30}"]
            try (lines.joined(separator: "\n") + "\n").write(toFile: traces + "/\(name).trace", atomically: true, encoding: .utf8)
        }
        let names = (0..<10).map { String(format: "drag-%02d", $0) }
        for n in names { try trace(n, angle: 0) }
        var r = try strata(["check", traces, "--record", "--jobs", "1"])
        #expect(r.status == 0, "\(r.stderr)")
        try trace("drag-03", angle: 40)
        try trace("drag-07", angle: 40)
        r = try strata(["check", traces, "--report", dir + "/many.html", "--jobs", "1"], environment: ["SOURCE_DATE_EPOCH": "1764780000"])
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        let html = try String(contentsOfFile: dir + "/many.html", encoding: .utf8)
        #expect(html.contains("<dt>date</dt><dd>2025-12-03T16:40:00Z</dd><dt>command</dt><dd><code>strata check \(traces) --report \(dir)/many.html --jobs 1</code></dd>"))
        #expect(html.contains("<code class=\"accept\">strata check \(traces) --report \(dir)/many.html --jobs 1 --update changed</code>"))
        #expect(html.contains("<dt>Strata</dt><dd>0.2</dd><dt>renderer</dt><dd>llvmpipe"))
        #expect(html.contains("<dt>Mesa</dt><dd>") && html.contains("<dt>compared</dt><dd>exactly"))

        let harness = """
        <!doctype html><meta charset="utf-8"><body>
        <iframe id="r" src="many.html" width="1200" height="900"></iframe><pre id="out">pending</pre>
        <script>
        document.getElementById('r').onload = function () {
          var w = this.contentWindow, d = w.document, out = [];
          function visible(sel) { return Array.prototype.slice.call(d.querySelectorAll(sel)).filter(function (e) { return !e.hidden; }).map(function (e) { return e.id || e.querySelector('a').textContent; }).join(','); }
          out.push('order=' + Array.prototype.slice.call(d.querySelectorAll('section.trace')).slice(0, 3).map(function (e) { return e.id; }).join(','));
          out.push('contents=' + d.querySelectorAll('nav.contents li').length + ' first=' + d.querySelector('nav.contents li').textContent);
          d.querySelector('.filter [data-filter="failed"]').click();
          out.push('failed=' + visible('section.trace') + ' pressed=' + d.querySelector('.filter [data-filter="failed"]').getAttribute('aria-pressed'));
          d.querySelector('.filter [data-filter="all"]').click();
          var s = d.querySelector('.search');
          s.value = 'drag-05'; s.dispatchEvent(new w.Event('input'));
          out.push('search=' + visible('section.trace'));
          s.value = 'PIXELS DIFFER'; s.dispatchEvent(new w.Event('input'));
          out.push('words=' + visible('section.trace'));
          s.value = 'nothing like it'; s.dispatchEvent(new w.Event('input'));
          out.push('none=' + !d.querySelector('.contents .none').hidden);
          document.getElementById('out').textContent = out.join('\\n') + '\\ndone';
        };
        </script>
        """
        let (dom, results) = try runHarness(harness, in: dir)
        #expect(results == """
            order=t-drag-03,t-drag-07,t-drag-00
            contents=10 first=drag-03 3 of 3 frames failed
            failed=t-drag-03,t-drag-07 pressed=true
            search=t-drag-05
            words=t-drag-03,t-drag-07
            none=true
            done
            """, "\(dom.stdout.suffix(2000))")

        let shot = try chromium(["--window-size=1200,1000", "--screenshot=\(dir)/shot-many.png", "file://\(dir)/many.html"], in: dir)
        #expect(shot.status == 0)
        let image = try PNG.read(path: dir + "/shot-many.png")
        // The first failing trace's diff is on the first screen: its red.
        let red = image.count(RGBA(255, 0, 0), within: 30, x: 0..<image.width, y: 0..<image.height)
        #expect(red >= 200, "a failing frame's diff is on the first screen (\(red) red pixels)")
    }
}
