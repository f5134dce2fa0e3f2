import Foundation
import Testing
import StrataTestSupport

/// Issue 27: references keep the layer tree of every frame (`layers.json`) and the motion
/// tracks asked for (`tracks.json`); a failing frame says which layer and property changed;
/// a track that leaves its reference says when. Each case records a scene file, edits it,
/// and checks: a changed colour, a moved layer, a changed animation duration.
@Suite(.serialized, .tags(.gl)) struct ExplainedFailureTests {
    /// A card that slides from x 50 to its model position 150 in `duration` seconds, and a
    /// badge that stays; 20 fps keeps the replay short (11 frames for 0.5 s).
    static func scene(colour: String = "#34C759", y: Int = 20, duration: Double = 0.5, from: Int = 50) -> String {
        """
        {"strataScene": 1, "size": [200, 120], "root": {"backgroundColor": "white", "sublayers": [
          {"name": "card", "frame": [120, \(y), 60, 40], "backgroundColor": "\(colour)", "cornerRadius": 6,
           "animations": {"slide": {"class": "CABasicAnimation", "keyPath": "position.x", "fromValue": \(from), "toValue": 150, "duration": \(duration)}}},
          {"name": "badge", "frame": [150, 80, 30, 20], "backgroundColor": "#FF3B30"}]}}
        """
    }

    /// A folder with card.scene.json, card.trace and its references recorded (with the track).
    static func recorded(_ name: String) throws -> String {
        let dir = try temporaryDirectory(name)
        try scene().write(toFile: dir + "/card.scene.json", atomically: true, encoding: .utf8)
        try #"{"trace": 1, "scene": "card", "sceneFile": "card.scene.json", "width": 200, "height": 120, "scale": 1, "fps": 20}"#
            .appending("\n").write(toFile: dir + "/card.trace", atomically: true, encoding: .utf8)
        let r = try strata(["check", "card.trace", "--record", "--track", "card.position.x"], in: dir)
        #expect(r.status == 0 && r.stdout == "recorded 11 frames into ./references/card: 0 references updated, 0 unchanged, 11 added\n", "\(r.stdout)\(r.stderr)")
        return dir
    }

    static func edit(_ dir: String, _ text: String) throws {
        try text.write(toFile: dir + "/card.scene.json", atomically: true, encoding: .utf8)
    }

    /// Lines of standard output that explain (those after a FAIL line of the same frame).
    static func explanations(_ out: String) -> [String] {
        out.split(separator: "\n").map(String.init).filter { $0.hasPrefix("frame-") && !$0.contains(": FAIL: ") }
    }

    @Test func recordingKeepsTheTreeAndTheTracksBesideTheFrames() throws {
        let dir = try Self.recorded("explain-record")
        let refs = dir + "/references/card"
        // Besides the images (stored once by hash, issue 29): the manifest, the trees, the tracks.
        #expect(try FileManager.default.contentsOfDirectory(atPath: refs).filter { !$0.hasSuffix(".png") }.sorted()
                == ["layers.json", "strata-references.json", "tracks.json"])
        let lines = try String(contentsOfFile: refs + "/layers.json", encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.count == 13, "a header, 11 frames, the end: \(lines.count)")
        #expect(lines[0] == #"{"strataLayers": 1, "scale": 1, "frames": ["#)
        #expect(lines[1] == ##"{"frame":"frame-00000","tree":{"class":"CALayer","id":"root","properties":{"backgroundColor":"#FFFFFF","bounds":[0,0,200,120],"position":[100,60]},"sublayers":[{"class":"CALayer","id":"card","properties":{"backgroundColor":"#34C759","bounds":[0,0,60,40],"cornerRadius":6,"position":[50,40]},"sublayers":[]},{"class":"CALayer","id":"badge","properties":{"backgroundColor":"#FF3B30","bounds":[0,0,30,20],"position":[165,90]},"sublayers":[]}]}},"##)
        #expect(lines[2] == #"{"frame":"frame-00001","changes":[{"layer":1,"set":{"position":[60,40]}}]},"#)
        // The last frame is the model (the animation has ended): only card's position changed.
        #expect(lines[11] == #"{"frame":"frame-00010","changes":[{"layer":1,"set":{"position":[150,40]}}]}"#)
        #expect(lines[12] == "]}")
        let tracks = try String(contentsOfFile: refs + "/tracks.json", encoding: .utf8)
        #expect(tracks == #"{"fps":20,"strataTracks":1,"tolerance":0.5,"tracks":{"card.position.x":[50,60,70,80,90,100,110,120,130,140,150]}}"# + "\n")
        // Re-recording the same scene rewrites nothing: the tree and tracks keep their bytes.
        let before = try FileManager.default.attributesOfItem(atPath: refs + "/layers.json")[.modificationDate] as? Date
        usleep(20_000)
        let again = try strata(["check", "card.trace", "--record"], in: dir)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try FileManager.default.attributesOfItem(atPath: refs + "/layers.json")[.modificationDate] as? Date == before)
        #expect(try String(contentsOfFile: refs + "/tracks.json", encoding: .utf8) == tracks, "--record without --track keeps the recorded keys")
        let check = try strata(["check", "card.trace"], in: dir)
        #expect(check.status == 0 && check.stdout == "11 passed, 0 failed\n", "\(check.stdout)\(check.stderr)")
    }

    @Test func aChangedColourIsExplained() throws {
        let dir = try Self.recorded("explain-colour")
        try Self.edit(dir, Self.scene(colour: "#30D158"))
        let r = try strata(["check", "card.trace", "--junit", "j.xml", "--json"], in: dir)
        #expect(r.status == 1)
        let json = r.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let frames = json.filter { $0["name"] != nil }
        #expect(frames.count == 11 && frames.allSatisfy { $0["explanation"] as? String == "card (CALayer) backgroundColor #34C759 -> #30D158" }, "\(r.stdout)")
        // The card covers as many pixels in every frame: one explained failure, then the range.
        let text = try strata(["check", "card.trace"], in: dir)
        #expect(text.stdout == """
            frame-00000: FAIL: 2380 pixels differ (9.9167%), 0 AA, max delta 10, PSNR 42.29 dB
            frame-00000: card (CALayer) backgroundColor #34C759 -> #30D158
            frame-00001 to frame-00010 (10 frames): FAIL: the same numbers as frame-00000
            0 passed, 11 failed

            """, "\(text.stdout)")
        let junit = try String(contentsOfFile: dir + "/j.xml", encoding: .utf8)
        #expect(junit.contains("; card (CALayer) backgroundColor #34C759 -&gt; #30D158\" type=\"mismatch\">"), "\(junit)")
    }

    @Test func aMovedLayerIsExplained() throws {
        let dir = try Self.recorded("explain-moved")
        try Self.edit(dir, Self.scene(y: 24))
        let r = try strata(["check", "card.trace"], in: dir)
        #expect(r.status == 1)
        #expect(Self.explanations(r.stdout).first == "frame-00000: card (CALayer) position.y 40 -> 44", "\(r.stdout)")
        #expect(Self.explanations(r.stdout).allSatisfy { $0.hasSuffix(": card (CALayer) position.y 40 -> 44") }, "\(r.stdout)")
    }

    /// A longer animation: the frames say where the card is instead, and the track says when
    /// it settles and by how much it strays.
    @Test func aChangedDurationIsExplainedAndItsTrackFails() throws {
        let dir = try Self.recorded("explain-duration")
        try Self.edit(dir, Self.scene(duration: 1))
        let r = try strata(["check", "card.trace", "--report", "r.html"], in: dir)
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(Self.explanations(r.stdout).prefix(2) == ["frame-00001: card (CALayer) position.x 60 -> 55", "frame-00002: card (CALayer) position.x 70 -> 60"], "\(r.stdout)")
        #expect(lines.contains("track card.position.x: FAIL: card.position.x settles at 1.00 s, reference 0.50 s; largest gap 50 pt at 0.50 s (tolerance 0.5 pt)"), "\(r.stdout)")
        // Within a tolerance of 50 pt the track passes (frames still fail).
        let loose = try strata(["check", "card.trace", "--track-tolerance", "50"], in: dir)
        #expect(!loose.stdout.contains("track card.position.x"), "\(loose.stdout)")
        // The report charts the track, reference dashed, and the inspector holds each frame's tree.
        let html = try String(contentsOfFile: dir + "/r.html", encoding: .utf8)
        #expect(html.contains("<figcaption>card.position.x settles at 1.00 s, reference 0.50 s;"), "charts")
        #expect(html.contains("stroke-dasharray=\"5 3\""))
        #expect(html.contains("class=\"inspector\"") && html.contains(#""changes":[["position.x","60","55"]]"#), "inspector")
    }

    /// Pixels that changed with no property (a reference replaced behind strata's back, as a
    /// renderer change would do) are told so, pointing at the manifest's differences.
    @Test func pixelsWithoutAPropertyPointAtTheManifest() throws {
        let dir = try Self.recorded("explain-none")
        let refs = dir + "/references/card"
        try storeFramesAsFiles(refs)
        try FileManager.default.removeItem(atPath: refs + "/frame-00003.png")
        try FileManager.default.copyItem(atPath: refs + "/frame-00004.png", toPath: refs + "/frame-00003.png")
        let r = try strata(["check", "card.trace"], in: dir)
        #expect(Self.explanations(r.stdout) == ["frame-00003: pixels differ but no layer property does: the references name this run's renderer, Mesa and fonts (strata-references.json); look for a change in Strata or the drawing code"], "\(r.stdout)")
        // The references say another renderer drew them.
        let manifestPath = refs + "/strata-references.json"
        var manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: manifestPath))) as? [String: Any])
        let renderer = try #require(manifest["renderer"] as? String)
        manifest["renderer"] = "softpipe"
        try JSONSerialization.data(withJSONObject: manifest).write(to: URL(fileURLWithPath: manifestPath))
        let other = try strata(["check", "card.trace"], in: dir)
        #expect(Self.explanations(other.stdout) == ["frame-00003: pixels differ but no layer property does: the references were drawn with other software (strata-references.json): renderer '\(renderer)' here, 'softpipe' in the references"], "\(other.stdout)")
    }

    /// References recorded before trees were still check; a failure says the tree is missing.
    @Test func oldReferencesWithoutTreesStillCheck() throws {
        let dir = try Self.recorded("explain-old")
        // A tree file cut short is named, and the frames are still checked.
        try #"{"strataLayers": 1, "scale": 1, "frames": ["#.write(toFile: dir + "/references/card/layers.json", atomically: true, encoding: .utf8)
        try Self.edit(dir, Self.scene(y: 24))
        let cut = try strata(["check", "card.trace"], in: dir)
        #expect(cut.status == 1 && Self.explanations(cut.stdout).first == "frame-00000: the recorded layer trees cannot be read: ./references/card/layers.json:1:44: not a Strata layer-tree file: frames[0]: expected a value (object, array, string, number, true, false or null), found the end of the file", "\(cut.stdout)")
        try Self.edit(dir, Self.scene())
        try FileManager.default.removeItem(atPath: dir + "/references/card/layers.json")
        let pass = try strata(["check", "card.trace"], in: dir)
        #expect(pass.status == 0 && pass.stdout.hasSuffix("11 passed, 0 failed\n"), "\(pass.stdout)\(pass.stderr)")
        try Self.edit(dir, Self.scene(colour: "#30D158"))
        let r = try strata(["check", "card.trace"], in: dir)
        #expect(Self.explanations(r.stdout).first == "frame-00000: the layer tree is not recorded with these references (layers.json); re-record them to have failures explained", "\(r.stdout)")
        // Accepting the frames brings the tree along.
        let accept = try strata(["check", "card.trace", "--update", "changed"], in: dir)
        #expect(accept.status == 0, "\(accept.stdout)\(accept.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/references/card/layers.json"))
    }

    @Test func aTrackNotRecordedFailsAndBadKeysAreRefused() throws {
        let dir = try Self.recorded("explain-track-keys")
        let r = try strata(["check", "card.trace", "--track", "badge.opacity"], in: dir)
        #expect(r.status == 1 && r.stdout.contains("track badge.opacity: FAIL: badge.opacity: no track recorded in ./references/card/tracks.json; record it with --update missing"), "\(r.stdout)")
        let json = try strata(["check", "card.trace", "--track", "badge.opacity", "--json"], in: dir)
        #expect(json.stdout.contains(#"{"trace":"card","name":"track badge.opacity","#) && json.stdout.contains(#","problem":"badge.opacity: no track recorded in "#), "\(json.stdout)")
        let add = try strata(["check", "card.trace", "--track", "badge.opacity", "--update", "missing"], in: dir)
        #expect(add.status == 0 && add.stdout.hasPrefix("tracks recorded into ./references/card/tracks.json: badge.opacity\n"), "\(add.stdout)\(add.stderr)")
        #expect(try String(contentsOfFile: dir + "/references/card/tracks.json", encoding: .utf8)
                == #"{"fps":20,"strataTracks":1,"tolerance":0.5,"tracks":{"badge.opacity":[1,1,1,1,1,1,1,1,1,1,1],"card.position.x":[50,60,70,80,90,100,110,120,130,140,150]}}"# + "\n")
        // A slide from further left: --update changed rewrites the failing track alone, which then passes.
        try Self.edit(dir, Self.scene(from: 40))
        let accept = try strata(["check", "card.trace", "--update", "changed"], in: dir)
        #expect(accept.status == 0 && accept.stdout.contains("tracks recorded into ./references/card/tracks.json: card.position.x\n"), "\(accept.stdout)\(accept.stderr)")
        #expect(try strata(["check", "card.trace"], in: dir).status == 0)
        let bad = try strata(["check", "card.trace", "--track", "card.position"], in: dir)
        #expect(bad.status == 2 && bad.stderr == "strata: error: --track card.position: position is not a number; track one of its parts (position.x, bounds.size.width, shadowOffset.height)\n", "\(bad.stdout)\(bad.stderr)")
    }

    /// Sharded results keep the explanations and tracks: merge-reports' JUnit and report have them.
    @Test func mergedResultsKeepExplanationsAndTracks() throws {
        let dir = try Self.recorded("explain-merge")
        try Self.edit(dir, Self.scene(colour: "#30D158", duration: 1))
        _ = try strata(["check", "card.trace", "--results-dir", "res"], in: dir)
        let merged = try strata(["merge-reports", "res", "--junit", "m.xml", "--report", "m.html"], in: dir)
        #expect(merged.status == 1, "\(merged.stdout)\(merged.stderr)")
        let junit = try String(contentsOfFile: dir + "/m.xml", encoding: .utf8)
        #expect(junit.contains("; card (CALayer) position.x 60 -&gt; 55; card.backgroundColor #34C759 -&gt; #30D158\" type=\"mismatch\">"), "\(junit)")
        // (Its `time`, issue 26 §7, follows the name.)
        #expect(junit.contains("<testcase classname=\"card\" name=\"track card.position.x\" time="))
        let html = try String(contentsOfFile: dir + "/m.html", encoding: .utf8)
        #expect(html.contains("class=\"inspector\"") && html.contains("<figcaption>card.position.x settles at 1.00 s"))
    }

    /// The report's inspector in a real browser: the frame's explanation and tree with the
    /// changed property marked, the layer under the pointer outlined (where it is on the actual
    /// image, where it was on the expected one), following the flip-book.
    @Test func theInspectorFollowsTheFlipBookAndThePointer() throws {
        let dir = try Self.recorded("explain-inspector")
        try Self.edit(dir, Self.scene(duration: 1))
        _ = try strata(["check", "card.trace", "--report", "r.html"], in: dir)
        let harness = """
        <!doctype html><meta charset="utf-8"><body>
        <iframe id="r" src="r.html" width="1200" height="900"></iframe><pre id="out">pending</pre>
        <script>
        document.getElementById('r').onload = function () {
          var w = this.contentWindow, d = w.document, out = [], b = d.querySelector('.flipbook'), img = b.querySelector('.fa');
          function at(x, y) {
            var r = img.getBoundingClientRect();
            img.dispatchEvent(new w.MouseEvent('mousemove', { clientX: r.left + img.clientLeft + x, clientY: r.top + img.clientTop + y, bubbles: true }));
            return b.getAttribute('data-outlined');
          }
          out.push('frame=' + b.getAttribute('data-frame'));
          out.push('why=' + b.querySelector('.why').textContent);
          out.push('layers=' + b.querySelectorAll('.inspector .layer').length + ' under=' + b.querySelectorAll('.inspector .layer.under').length);
          out.push('changed=' + b.querySelector('.inspector .prop.changed').textContent.trim());
          // In page order: the expected image's outline (where the layer was), then the actual's.
          function box(k) { var o = b.querySelectorAll('.outline')[k].style; return o.left + ',' + o.top + ',' + o.width + ',' + o.height; }
          out.push('card=' + at(50, 40) + ' now=' + box(1) + ' was=' + box(0));
          out.push('badge=' + at(160, 90) + ' root=' + at(100, 100));
          out.push('outline=' + box(1));
          d.dispatchEvent(new w.KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
          setTimeout(function () {
            out.push('next=' + b.getAttribute('data-frame') + ' ' + b.querySelector('.why').textContent);
            document.getElementById('out').textContent = out.join('\\n') + '\\ndone';
          }, 50);
        };
        </script>
        """
        try harness.write(toFile: dir + "/harness.html", atomically: true, encoding: .utf8)
        let dom = try chromium(["--virtual-time-budget=5000", "--dump-dom", "file://\(dir)/harness.html"], in: dir)
        let results = dom.stdout.components(separatedBy: "<pre id=\"out\">").last?.components(separatedBy: "</pre>").first ?? ""
        #expect(results == """
            frame=frame-00001
            why=card (CALayer) position.x 60 -&gt; 55
            layers=3 under=2
            changed=position.x: 60 → 55
            card=card now=25px,20px,60px,40px was=30px,20px,60px,40px
            badge=badge root=root
            outline=0px,0px,200px,120px
            next=frame-00002 card (CALayer) position.x 70 -&gt; 60
            done
            """, "\(dom.stdout.suffix(3000))")
    }

    /// The README's explained failure and chart are what Examples/SlidingCard gives: each line
    /// of its text block is printed, and docs/images/card-track.svg is the report's chart.
    @Test func theReadmeExampleIsWhatStrataPrints() throws {
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        let dir = try temporaryDirectory("explain-readme")
        for file in ["card.scene.json", "card.trace"] {
            try FileManager.default.copyItem(atPath: repo + "/Examples/SlidingCard/" + file, toPath: dir + "/" + file)
        }
        #expect(try strata(["check", "card.trace", "--record", "--track", "card.position.x"], in: dir).status == 0)
        let scene = try String(contentsOfFile: dir + "/card.scene.json", encoding: .utf8)
        try scene.replacingOccurrences(of: "#34C759", with: "#30D158").replacingOccurrences(of: "\"duration\": 0.5", with: "\"duration\": 1")
            .write(toFile: dir + "/card.scene.json", atomically: true, encoding: .utf8)
        let r = try strata(["check", "card.trace", "--report", "report.html"], in: dir)
        let readme = try String(contentsOfFile: repo + "/README.md", encoding: .utf8)
        let block = try #require(readme.components(separatedBy: "```text\n").dropFirst().first?.components(separatedBy: "```").first)
        let shown = block.split(separator: "\n").map(String.init)
        #expect(shown.count == 3 && shown.allSatisfy { r.stdout.split(separator: "\n").map(String.init).contains($0) }, "\(shown)\n\(r.stdout)")
        let html = try String(contentsOfFile: dir + "/report.html", encoding: .utf8)
        let chart = try #require(html.components(separatedBy: "<div class=\"tracks\">").last?.components(separatedBy: "<figcaption>").first?
            .components(separatedBy: "<figure class=\"track fail\">").last)
        #expect(try String(contentsOfFile: repo + "/docs/images/card-track.svg", encoding: .utf8) == chart)
    }
}
