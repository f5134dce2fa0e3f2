import Foundation
import Testing
import StrataModel
import StrataRender
@testable import StrataReplay
@testable import StrataWindow
import StrataScenes
import StrataTestSupport

/// A private X server for one test: Xvfb picks a free display itself (-displayfd) and
/// prints its number once it accepts connections, so nothing races another server.
final class VirtualDisplay {
    let process: ChildProcess
    let display: String

    init(xvfb: String) throws {
        process = try ChildProcess(xvfb, ["-displayfd", "1", "-screen", "0", "1024x768x24", "-nolisten", "tcp"])
        let deadline = Date().addingTimeInterval(20)
        var text = ""
        while !text.contains("\n") && process.isRunning && Date() < deadline {
            usleep(20_000)
            text = process.stdoutSoFar
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.signal(SIGKILL)
            throw VirtualDisplayError(message: "Xvfb did not start: \(process.wait(timeout: 5)?.stderr ?? "still silent after 20 s")")
        }
        display = ":\(number)"
    }

    deinit {
        process.signal(SIGTERM)
        if process.wait(timeout: 5) == nil { process.signal(SIGKILL); _ = process.wait(timeout: 5) }
    }
}

struct VirtualDisplayError: Error, CustomStringConvertible { var message: String; var description: String { message } }

/// The whole loop for real: `strata window` under Xvfb, a drag through the real pointer
/// (xdotool, XTEST), the recorded trace replayed offscreen, and the two compared.
@Suite(.serialized, .tags(.gl)) struct WindowEndToEndTests {
    @Test func aRealDragRecordedInTheWindowReplaysToTheSameAngleAndFrame() throws {
        let missing = ["Xvfb", "xdotool"].filter { findOnPath($0) == nil }
        guard missing.isEmpty else {
            Issue.record("\(missing.joined(separator: " and ")) not found: the window end-to-end test needs them; install with 'make deps'")
            return
        }
        guard let strata = strataBinary() else { return }
        let xdotool = findOnPath("xdotool")!
        let dir = try makeTemporaryDirectory("window")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let trace = dir + "/drag.trace", screenshot = dir + "/window.png"

        let x = try VirtualDisplay(xvfb: findOnPath("Xvfb")!)
        let env: [String: String?] = ["DISPLAY": x.display, "WAYLAND_DISPLAY": nil]
        let window = try ChildProcess(strata, ["window", "carousel", "--record", trace, "--screenshot", screenshot],
                                      environment: env)

        // Wait for the window to be mapped (its title starts with "strata").
        let search = try runProcess(xdotool, ["search", "--sync", "--onlyvisible", "--name", "^strata"],
                                    environment: env, timeout: 20)
        guard search.status == 0, let id = search.stdout.split(separator: "\n").first.map(String.init) else {
            window.signal(SIGTERM)
            let w = window.wait(timeout: 10)
            Issue.record("the window did not appear (xdotool: \(search.status) \(search.stderr)); strata window: \(w.map { "\($0.status) \($0.stderr)" } ?? "still running")")
            return
        }

        // 100 pt right in 10 steps, then 30 pt back left: 50 - 15 = 35 degrees.
        var words = ["mousemove", "--window", id, "120", "160", "sleep", "0.05", "mousedown", "1", "sleep", "0.03"]
        for step in 1...10 { words += ["mousemove", "--window", id, String(120 + 10 * step), "160", "sleep", "0.02"] }
        for step in 1...3 { words += ["mousemove", "--window", id, String(220 - 10 * step), String(160 + step), "sleep", "0.02"] }
        words += ["mouseup", "1", "sleep", "0.2"]
        let drag = try runProcess(xdotool, words, environment: env)
        #expect(drag.status == 0, "xdotool: \(drag.stderr)")

        window.signal(SIGTERM)
        guard let result = window.wait(timeout: 20) else {
            Issue.record("strata window did not exit within 20 s of SIGTERM")
            return
        }
        #expect(result.status == 0, "strata window: \(result.stderr)")
        #expect(result.stdout == "angle: 35\n", "the window's final state")

        // The trace is complete and valid after SIGTERM.
        let (replayer, warnings) = try Replayer.load(path: trace, scenes: SceneRegistry.catalog)
        #expect(warnings.isEmpty)
        let header = replayer.trace.header
        #expect(header.scene == "carousel" && header.width == 480 && header.height == 320 && header.scale == 1 && header.fps == 60)
        #expect(header.generator == StrataVersion.generator)
        #expect(header.recorded != nil)
        let kinds = replayer.trace.events.map(\.kindName)
        #expect(kinds.first == "down" && kinds.last == "up" && kinds.filter { $0 == "move" }.count == 13, "\(kinds)")

        var last: Image?
        let replay = try replayer.frames(renderer: try makeRenderer()) { last = $0.image }
        #expect(replay.finalStatus == "angle: 35")
        #expect(carouselAngle(replayer.scene) == 35)

        let shot = try PNG.read(path: screenshot)
        let frame = try #require(last)
        #expect(shot.width == frame.width && shot.height == frame.height)
        if shot.width == frame.width && shot.height == frame.height {
            let differing = differingPixels(shot, frame, tolerance: 8)
            #expect(differing <= 50, "\(differing) pixels differ by more than 8 between the window and the replay")
        }
    }

    /// `window --backend egl --verbose` opens its context through EGL and says so, with the
    /// renderer; `--backend auto` through the platform's own (GLX under Xvfb).
    @Test func theWindowTakesBackendAndVerbose() throws {
        guard let xvfb = findOnPath("Xvfb") else {
            Issue.record("Xvfb not found: install with 'make deps'")
            return
        }
        guard let strata = strataBinary() else { return }
        let x = try VirtualDisplay(xvfb: xvfb)
        let env: [String: String?] = ["DISPLAY": x.display, "WAYLAND_DISPLAY": nil]
        for (backend, words) in [("egl", "through EGL: llvmpipe"), ("auto", "through GLX (the platform's own): llvmpipe")] {
            let r = try runProcess(strata, ["window", "carousel", "--backend", backend, "--verbose", "--exit-after-idle", "0.3"],
                                   environment: env, timeout: 60)
            #expect(r.status == 0 && r.stderr.contains("strata: drawing in a window \(words)") && r.stdout == "angle: 0\n",
                    "\(backend): \(r.status) \(r.stderr)")
        }
    }
}
