#!/usr/bin/env python3
"""The gestures of the shipped alert traces, described once, in window points.

    alert-gestures.py xdotool NAME    xdotool commands (one a line, words tab-separated) that perform the gesture
                                      (the window id is the placeholder WINDOW)
    alert-gestures.py trace NAME      the same gesture written directly as a trace,
                                      labelled synthetic in its header
    alert-gestures.py options NAME    the window's options for the gesture's example

Positions come from the alert layout on an iPhone 8 screen (375 x 667 pt, status bar
20 pt): the simple alert's box is (52.5, 281.5, 270, 124.5), its buttons' row centred
at y = 384 (取消 x 120, 好的 x 255); the login alert's box starts at y = 250.5, its
fields at y 330.5 and 355.5 (25 tall), its buttons at y = 415; the sheet's groups span
y 417...659, so y = 200 is on the dim.
"""
import json
import sys

# (time, action, arguments): tap X Y | drag X0 Y0 X1 Y1 STEPS SECONDS | text S | key NAME
GESTURES = {
    "alert-simple": ("simple", [
        (0.8, "tap", 120, 384),            # 取消: handler, then the alert fades out
        (1.7, "tap", 187, 150),            # the scene: presents the alert again
        (2.8, "drag", 120, 384, 255, 384, 8, 0.4),  # press 取消, slide onto 好的, release: 好的
    ]),
    "alert-login": ("login", [
        (0.8, "text", "ab"),               # 好的 still disabled (2 characters)
        (1.2, "text", "c"),                # enabled: more than 2
        (1.6, "key", "backspace"),         # disabled again
        (2.0, "text", "c"),                # enabled
        (2.5, "tap", 187, 368),            # focus the password field
        (2.9, "text", "1234"),             # bullets
        (3.6, "tap", 255, 415),            # 好的: logs both fields, dismisses
    ]),
    "alert-sheet": ("sheet", [
        (0.9, "tap", 187, 200),            # the dim: the cancel action, the sheet slides down
        (1.9, "tap", 187, 300),            # the scene: the sheet comes up again
        (3.0, "drag", 187, 508, 187, 200, 6, 0.3),  # press 删除, drag off onto the dim: nothing
        (3.8, "tap", 187, 200),            # the dim again: cancelled
    ]),
}

TAP_SECONDS = 0.06
XDOTOOL_KEYS = {"backspace": "BackSpace", "return": "Return", "tab": "Tab", "escape": "Escape"}


def events(name):
    """The gesture as trace events: (t, dict)."""
    out = []
    for step in GESTURES[name][1]:
        t, action, *a = step
        if action == "tap":
            x, y = a
            out += [(t, {"kind": "down", "x": x, "y": y}), (t + TAP_SECONDS, {"kind": "up", "x": x, "y": y})]
        elif action == "drag":
            x0, y0, x1, y1, steps, seconds = a
            out.append((t, {"kind": "down", "x": x0, "y": y0}))
            for i in range(1, steps + 1):
                f = i / steps
                out.append((t + seconds * f, {"kind": "move", "x": round(x0 + (x1 - x0) * f, 3),
                                              "y": round(y0 + (y1 - y0) * f, 3)}))
            out.append((t + seconds + TAP_SECONDS, {"kind": "up", "x": x1, "y": y1}))
        elif action == "text":
            # One event per character, as a keyboard types them, 80 ms apart.
            for i, ch in enumerate(a[0]):
                out.append((t + 0.08 * i, {"kind": "key", "text": ch}))
        elif action == "key":
            out.append((t, {"kind": "key", "key": a[0]}))
    return out


def xdotool_commands(name):
    """The gesture on window WINDOW as xdotool commands, one per line, timed by sleeps.
    One command a line because xdotool's `type` swallows every word after it."""
    commands, now = [], 0.0
    def sleep_until(t):
        nonlocal now
        if t > now:
            commands.append(["sleep", f"{t - now:.3f}"])
            now = t
    for t, e in events(name):
        sleep_until(t)
        if e["kind"] in ("down", "move", "up"):
            move = ["mousemove", "--window", "WINDOW", str(e["x"]), str(e["y"])]
            if e["kind"] == "down":
                move += ["mousedown", "1"]
            elif e["kind"] == "up":
                move += ["mouseup", "1"]
            commands.append(move)
        elif "text" in e:
            commands.append(["type", "--delay", "0", e["text"]])
        else:
            commands.append(["key", XDOTOOL_KEYS[e["key"]]])
    commands.append(["sleep", "1.0"])
    return commands


def trace_text(name):
    example = GESTURES[name][0]
    header = {"trace": 1, "scene": "alert", "width": 375, "height": 667, "scale": 1, "fps": 60,
              "options": {"example": example},
              "generator": "scripts/alert-gestures.py (synthetic)",
              "note": "synthetic: written from the gesture description in scripts/alert-gestures.py, "
                      "not recorded in a window; scripts/record-alert-traces.sh records it for real "
                      "once 'strata window alert --example NAME' exists"}
    lines = [json.dumps(header, ensure_ascii=False)]
    for t, e in events(name):
        lines.append(json.dumps({"t": round(t, 3), **e}, ensure_ascii=False))
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("xdotool", "trace", "options") or sys.argv[2] not in GESTURES:
        sys.exit(f"usage: {sys.argv[0]} xdotool|trace|options {'|'.join(GESTURES)}")
    mode, name = sys.argv[1], sys.argv[2]
    if mode == "xdotool":
        print("\n".join("\t".join(c) for c in xdotool_commands(name)))
    elif mode == "trace":
        sys.stdout.write(trace_text(name))
    else:
        print(GESTURES[name][0])
