#!/usr/bin/python3
"""`make bench`, issue 29 section 5: replaying a drag whose every frame changes, against
Chromium drawing the same carousel in CSS 3D (scripts/carousel-css3d.html), back to back
in one run, at 480x320 and at 1620x1080 (the carousel at scale 3.375; Chromium at device
scale 3.375, so both draw the same pixels).

Strata: `strata replay TRACE --out DIR` of a generated drag (a move every frame at 60 fps),
the whole process timed, the median of three runs. Its time per frame leaves out the
start-up as Chromium's leaves out its launch and warm-up: the time of a two-frame drag is
taken off and the difference divided by the frames more it wrote (the whole process per
frame is printed too). Strata runs before Chromium starts, so neither shares the cores
with the other's idle processes. Chromium: one headless process (SwiftShader, as
make fidelity runs it) driven over the DevTools protocol (python3-websocket): per frame,
the page's setAngle and Page.captureScreenshot as PNG, decoded from base64 and written
to a file, timed after two frames of warm-up. Prints one JSON line per size with both
times per frame, ratio (Chromium / Strata), target >= 30 and meets.

    scripts/bench-chromium.py [STRATA]      (default .build/release/strata)
"""
import base64, json, os, shutil, subprocess, sys, tempfile, time, urllib.request
import websocket

STRATA = sys.argv[1] if len(sys.argv) > 1 else ".build/release/strata"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
PAGE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "carousel-css3d.html")
TARGET = 30.0


def drag_trace(path, frames):
    """A carousel drag at 60 fps whose finger moves 2 pt every frame: every frame differs."""
    with open(path, "w") as f:
        f.write('{"trace": 1, "scene": "carousel", "width": 480, "height": 320, "scale": 1, "fps": 60, "options": {"angle": 0}}\n')
        f.write('{"t": 0, "kind": "down", "x": 60, "y": 160}\n')
        for i in range(1, frames):
            f.write('{"t": %.6f, "kind": "move", "x": %d, "y": 160}\n' % (i / 60, 60 + 2 * i))
        f.write('{"t": %.6f, "kind": "up", "x": %d, "y": 160}\n' % ((frames - 0.5) / 60, 60 + 2 * frames))


def strata_run(work, frames, scale):
    """Seconds of one `strata replay` of a drag of `frames`, and the PNGs it wrote."""
    trace = os.path.join(work, "drag-%d.trace" % frames)
    drag_trace(trace, frames)
    out = os.path.join(work, "strata-frames")
    shutil.rmtree(out, ignore_errors=True)
    start = time.perf_counter()
    subprocess.run([STRATA, "replay", trace, "--scale", str(scale), "--out", out], check=True,
                   stdout=subprocess.DEVNULL, env=dict(os.environ, STRATA_CACHE_DIR="off"))
    elapsed = time.perf_counter() - start
    return elapsed, len([n for n in os.listdir(out) if n.endswith(".png")])


def strata_ms(work, frames, scale, runs=3):
    """(ms a frame without start-up, ms a frame of the whole process, frames written)."""
    whole = sorted(strata_run(work, frames, scale) for _ in range(runs))[runs // 2]
    start = sorted(strata_run(work, 2, scale) for _ in range(runs))[runs // 2]
    return 1000 * (whole[0] - start[0]) / (whole[1] - start[1]), 1000 * whole[0] / whole[1], whole[1]


class Chromium:
    """One headless Chromium and its one page, over the DevTools protocol."""

    def __init__(self, work):
        self.profile = os.path.join(work, "chromium-profile")
        self.process = subprocess.Popen(
            [CHROMIUM, "--headless", "--no-sandbox", "--no-first-run", "--disable-extensions", "--hide-scrollbars",
             "--user-data-dir=" + self.profile, "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
             "--force-color-profile=srgb", "--remote-debugging-port=0", "--window-size=480,320", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        port_file = os.path.join(self.profile, "DevToolsActivePort")
        for _ in range(300):
            if os.path.exists(port_file) and open(port_file).read().count("\n") >= 1:
                break
            time.sleep(0.1)
        port = open(port_file).read().split("\n")[0]
        targets = json.load(urllib.request.urlopen("http://127.0.0.1:%s/json" % port))
        page = next(t for t in targets if t["type"] == "page")
        self.socket = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=120)
        self.next_id = 0

    def call(self, method, **params):
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError("%s: %s" % (method, message["error"]))
                return message.get("result", {})

    def frame_ms(self, work, frames, scale):
        self.call("Emulation.setDeviceMetricsOverride", width=480, height=320, deviceScaleFactor=scale, mobile=False)
        self.call("Page.navigate", url="file://" + PAGE + "#0")
        time.sleep(1.0)
        out = os.path.join(work, "chromium-frames")
        shutil.rmtree(out, ignore_errors=True)
        os.makedirs(out)
        size = None
        start = 0.0
        for i in range(frames + 2):
            if i == 2:
                start = time.perf_counter()
            self.call("Runtime.evaluate", expression="setAngle(%r)" % (1.5 * i))
            png = base64.b64decode(self.call("Page.captureScreenshot", format="png")["data"])
            with open(os.path.join(out, "frame-%05d.png" % i), "wb") as f:
                f.write(png)
            size = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
        return 1000 * (time.perf_counter() - start) / frames, size

    def close(self):
        self.socket.close()
        self.process.terminate()
        self.process.wait()


def main():
    work = tempfile.mkdtemp(prefix="strata-bench-chromium-")
    cases = [("480x320", 1, 600, 60), ("1620x1080", 3.375, 120, 12)]
    ours = {label: strata_ms(work, frames, scale) for label, scale, frames, _ in cases}
    chromium = Chromium(work)
    try:
        for label, scale, _, chromium_frames in cases:
            steady, whole, written = ours[label]
            theirs, size = chromium.frame_ms(work, chromium_frames, scale)
            ratio = theirs / steady
            print(json.dumps({"case": "replay-vs-chromium-css3d-" + label, "strata_ms_per_frame": round(steady, 2),
                              "strata_ms_per_frame_with_startup": round(whole, 2),
                              "strata_frames": written, "chromium_ms_per_frame": round(theirs, 1),
                              "chromium_frames": chromium_frames, "chromium_size": "%dx%d" % size,
                              "ratio": round(ratio, 1), "ratio_with_startup": round(theirs / whole, 1),
                              "target": ">= 30", "meets": ratio >= TARGET}), flush=True)
    finally:
        chromium.close()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
