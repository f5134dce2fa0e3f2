import Foundation
import StrataDriver
import StrataGestures
import StrataModel
import StrataRender

/// One step of a replay, before anything is drawn: frame `index` at scene time
/// `index / fps`, after the first `deliveredEventCount` events of the trace have been
/// handed to the scene (every event with t <= time).
public struct ReplayStep {
    public let index: Int
    public let time: Double
    public let deliveredEventCount: Int
    /// The scene in the state this frame shows.
    public let scene: Scene
}

/// A rendered frame of a replay.
public struct ReplayFrame: Sendable {
    public let index: Int
    public let time: Double
    public let deliveredEventCount: Int
    /// Rows top-down, premultiplied RGBA, `pixelWidth` x `pixelHeight`.
    public let image: Image
}

/// How a replay ended.
public struct ReplayResult: Sendable, Equatable {
    /// Frames stepped through, 0...frameCount-1 (rendered or not, see `every`).
    public var frameCount: Int
    /// Frames handed to the caller (rendered, or written).
    public var emittedFrameCount: Int
    /// Scene time of the last frame, seconds.
    public var endTime: Double
    public enum Ending: String, Sendable, Equatable {
        /// After the last event the scene was idle.
        case idle
        /// The scene was still animating `idleTimeout` seconds after the last event.
        case timeout
        /// `maxFrames` was reached first.
        case frameLimit
    }
    public var ending: Ending
    /// The scene's `statusDescription` after the last frame, e.g. `angle: 47.5`.
    public var finalStatus: String
}

/// Replays a trace deterministically: scene time is `frame index / fps`, and before frame
/// k is drawn every event with `t <= k / fps` is delivered in order, then the scene is
/// advanced to `k / fps`. No clock is read, so the same trace gives the same frames on
/// every run, whatever the machine's speed or llvmpipe's thread count.
///
/// By default it runs until the last event has been delivered and then on until the
/// scene is idle, at most `idleTimeout` seconds more; `maxFrames` caps the count.
public final class Replayer {
    public let trace: Trace
    /// The trace's file (or a stand-in name) for messages.
    public let traceName: String
    public let fps: Double
    public let scale: Double
    public let pixelWidth: Int
    public let pixelHeight: Int
    public let maxFrames: Int?
    public let idleTimeout: Double
    /// The work a replay may do, in frames, checked before the first one: a trace whose
    /// last event is far away would otherwise render for hours. With fps at least 1 (the
    /// header's range) a frame spans at most a second of scene time, so timers fire a
    /// bounded number of times per frame too. `frameLimit` raises it (`--frame-limit`).
    public static let defaultFrameLimit = 100_000
    /// The largest `frameLimit` (and `--frames`) accepted.
    public static let frameCountLimit = 10_000_000
    public let frameLimit: Int

    let makeScene: () throws -> Scene
    /// A scene made from a scene text the trace kept at a live reload, in place of the
    /// current one (the command line makes it from the text as the window did); nil
    /// replays every event into the one scene.
    public var sceneReload: ((TraceSceneText, Scene) throws -> Scene)?
    /// The scene of the latest run (a fresh one each run), or of the next if none ran yet.
    public private(set) var scene: Scene

    /// - Parameters:
    ///   - fps, scale: override the header's.
    ///   - scenes: where the header's scene is found by name (the `strata` executable
    ///     passes the seeds' catalogue; the engine knows no scenes of its own); it is made with the header's options, view size and the scale.
    ///   - makeScene: a scene to replay into instead (tests).
    ///   - optionFlags: the names of the header's scene options the command line replaced
    ///     (`strata replay TRACE --preferred 2`): a scene they make impossible is the
    ///     command line's fault, told with no place in the trace.
    public init(trace: Trace, name: String, fps: Double? = nil, scale: Double? = nil, maxFrames: Int? = nil,
                frameLimit: Int = Replayer.defaultFrameLimit,
                idleTimeout: Double = 10, scenes: SceneCatalog,
                optionFlags: Set<String> = [],
                makeScene: (() throws -> Scene)? = nil) throws {
        self.trace = trace
        traceName = name
        let header = trace.header
        self.fps = fps ?? header.fps
        self.scale = scale ?? header.scale
        self.maxFrames = maxFrames
        self.frameLimit = frameLimit
        self.idleTimeout = idleTimeout
        // What the header says is the trace's first line; what a flag gave is the flag's.
        func fail(_ message: String, flag: Bool = false) -> Diagnostic {
            flag ? Diagnostic(message) : Diagnostic(file: name, line: 1, message: message)
        }
        guard self.fps > 0, self.fps.isFinite else {
            if fps != nil { throw UsageError("--fps must be a positive number, got \(clean(self.fps))") }
            throw fail("fps must be a positive number, got \(clean(self.fps))")
        }
        guard self.scale > 0, self.scale.isFinite else {
            if scale != nil { throw UsageError("--scale must be a positive number, got \(clean(self.scale))") }
            throw fail("scale must be a positive number, got \(clean(self.scale))")
        }
        if let m = maxFrames, m < 1 { throw UsageError("--frames must be at least 1, got \(m)") }
        let w = (header.width * self.scale).rounded(), h = (header.height * self.scale).rounded()
        guard w >= 1, h >= 1, w <= Double(maximumSurfaceSide), h <= Double(maximumSurfaceSide) else {
            throw fail("the view, \(clean(header.width)) x \(clean(header.height)) pt at scale \(clean(self.scale)), is \(clean(w))x\(clean(h)) px; each side must be 1...\(maximumSurfaceSide) px",
                       flag: scale != nil)
        }
        pixelWidth = Int(w); pixelHeight = Int(h)

        if let makeScene {
            self.makeScene = makeScene
        } else {
            let viewSize = Size(width: header.width, height: header.height)
            let sceneScale = self.scale
            self.makeScene = { [header] in
                do {
                    return try scenes.makeScene(named: header.scene, options: header.options, viewSize: viewSize,
                                                scale: sceneScale)
                } catch let d as Diagnostic where d.file == nil {
                    // The header's options are its first line; with flags over them the
                    // scene is the command line's, and the message names the option.
                    guard !optionFlags.isEmpty else { throw d.placed(file: name, line: 1) }
                    var flagged = d
                    flagged.hint = flagged.hint ?? "the scene was made with \(name)'s options and "
                        + optionFlags.sorted().map { "--\($0)" }.joined(separator: ", ") + " from the command line"
                    throw flagged
                }
            }
        }
        scene = try self.makeScene()

        if let m = maxFrames, m > frameLimit {
            throw UsageError("--frames \(m) is over the frame limit of \(frameLimit); raise it with --frame-limit (at most \(Replayer.frameCountLimit))")
        }
        if maxFrames == nil {
            let frames = (trace.duration + idleTimeout) * self.fps
            guard frames <= Double(frameLimit) else {
                throw fail("the trace lasts \(clean(trace.duration)) s: at \(clean(self.fps)) fps (and up to \(clean(idleTimeout)) s more until the scene is idle) that is up to \(Int(frames.rounded(.up))) frames, over the frame limit of \(frameLimit); cap them with --frames N or raise the limit with --frame-limit N",
                           flag: fps != nil)
            }
        }
    }

    /// Reads a trace file and prepares its replay; warnings (a cut-off last line) are
    /// returned as the reader words them, `FILE:LINE: warning: ...`.
    public static func load(path: String, fps: Double? = nil, scale: Double? = nil, maxFrames: Int? = nil,
                            frameLimit: Int = Replayer.defaultFrameLimit, limits: TraceLimits = TraceLimits(),
                            progress: ((_ read: Int, _ total: Int) -> Void)? = nil,
                            scenes: SceneCatalog) throws -> (replayer: Replayer, warnings: [String]) {
        let (trace, warnings) = try Trace.read(path: path, limits: limits, progress: progress)
        return (try Replayer(trace: trace, name: path, fps: fps, scale: scale, maxFrames: maxFrames, frameLimit: frameLimit,
                             scenes: scenes), warnings)
    }

    /// Scene time of frame `index`.
    public func time(ofFrame index: Int) -> Double { Double(index) / fps }

    /// The first frame that sees every event: the smallest k with last.t <= k / fps
    /// (0 for a trace without events).
    public var lastEventFrame: Int {
        let last = trace.duration
        guard last > 0 else { return 0 }
        var k = Int((last * fps).rounded(.up))
        while time(ofFrame: k) < last { k += 1 }
        while k > 0 && time(ofFrame: k - 1) >= last { k -= 1 }
        return k
    }

    /// Frames a replay renders if the scene is idle after the last event (fewer with
    /// `maxFrames`): for a progress bar; animations may make the replay longer.
    public var plannedFrameCount: Int {
        let n = lastEventFrame + 1
        return maxFrames.map { min($0, n) } ?? n
    }

    /// Steps through the replay without drawing: for each frame the driver delivers the
    /// events due and advances the scene; `body` is called when `index % every == 0`. A
    /// fresh scene each call, so running twice gives the same steps.
    @discardableResult
    public func simulate(every: Int = 1, _ body: (ReplayStep) throws -> Void) throws -> ReplayResult {
        precondition(every >= 1, "every must be at least 1")
        let timeline = ReplayTimeline(scene: try makeScene(), trace: trace, reload: sceneReload)
        self.scene = timeline.scene
        let lastEvent = lastEventFrame
        let deadline = trace.duration + idleTimeout
        var index = 0, emitted = 0
        while true {
            let t = time(ofFrame: index)
            try timeline.step(to: t)
            let scene = timeline.scene
            self.scene = scene
            if index % every == 0 {
                try body(ReplayStep(index: index, time: t, deliveredEventCount: timeline.deliveredEventCount, scene: scene))
                emitted += 1
            }
            // SIGINT or SIGTERM (under `Interruption.during`): stop after the frame in flight.
            try Interruption.check()
            let ending: ReplayResult.Ending?
            if let m = maxFrames, index + 1 >= m {
                ending = .frameLimit
            } else if index >= lastEvent && scene.isIdle {
                ending = .idle
            } else if index >= lastEvent && time(ofFrame: index + 1) > deadline {
                ending = .timeout
            } else {
                ending = nil
            }
            if let ending {
                return ReplayResult(frameCount: index + 1, emittedFrameCount: emitted, endTime: t,
                                    ending: ending, finalStatus: scene.statusDescription)
            }
            index += 1
        }
    }

    /// One frame at scene time `time` without the frames before it: the driver delivers
    /// every event due and advances once. `strata render` is this, on a trace it builds
    /// in memory from a scene's script.
    public func frame(at time: Double, renderer: Renderer) throws -> ReplayFrame {
        let timeline = ReplayTimeline(scene: try makeScene(), trace: trace, reload: sceneReload)
        try timeline.step(to: time)
        scene = timeline.scene
        let image = try renderer.render(layer: timeline.scene.presentationLayer, pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale)
        return ReplayFrame(index: 0, time: time, deliveredEventCount: timeline.deliveredEventCount, image: image)
    }

    /// Renders the replay: `body` gets every `every`-th frame, in order.
    @discardableResult
    public func frames(renderer: Renderer, every: Int = 1, _ body: (ReplayFrame) throws -> Void) throws -> ReplayResult {
        try framesWithTrees(renderer: renderer, every: every) { frame, _ in try body(frame) }
    }

    /// As `frames`, with the presentation tree each frame was drawn from (what `check`
    /// records beside references and explains failures with).
    @discardableResult
    public func framesWithTrees(renderer: Renderer, every: Int = 1, _ body: (ReplayFrame, Layer) throws -> Void) throws -> ReplayResult {
        try simulate(every: every) { step in
            let presentation = step.scene.presentationLayer
            let image = try renderer.render(layer: presentation, pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale)
            try body(ReplayFrame(index: step.index, time: step.time,
                                 deliveredEventCount: step.deliveredEventCount, image: image), presentation)
        }
    }

    /// The file name of frame `index`: `frame-00042.png`.
    public static func frameFileName(_ index: Int) -> String { FrameFileName.make(index) }

    /// Renders the replay into `directory` (created if missing) as `frame-NNNNN.png`,
    /// each written atomically. Encoding and writing frame k run on a serial queue while
    /// frame k+1 renders; at most `pipelineDepth` frames wait. The first write error
    /// stops the replay and is thrown. `progress` gets (frames rendered, planned count).
    @discardableResult
    public func writeFrames(to directory: String, renderer: Renderer, every: Int = 1, pipelineDepth: Int = 2,
                            options: PNG.Options = .fast,
                            progress: ((_ done: Int, _ planned: Int) -> Void)? = nil) throws -> ReplayResult {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw RenderError.io("\(directory): cannot create the output directory: \(SystemError.reason(of: error))")
        }
        let writer = FrameWriter(depth: pipelineDepth)
        let encoder = FrameEncoder(options: options)
        let planned = (plannedFrameCount + every - 1) / every
        var done = 0
        let result: ReplayResult
        do {
            result = try frames(renderer: renderer, every: every) { frame in
                let path = (directory as NSString).appendingPathComponent(Replayer.frameFileName(frame.index))
                try writer.submit { try AtomicFile.write(try encoder.encode(frame.image), to: path) }
                done += 1
                progress?(done, max(planned, done))
            }
        } catch var interrupted as Interrupted {
            writer.drain()
            let written = writer.completed
            interrupted.done = "wrote \(written == 1 ? "1 PNG" : "\(written) PNGs") to \(directory)/ (every frame up to the one in flight), no temporary files left"
            throw interrupted
        } catch {
            writer.drain()
            throw error
        }
        try writer.finish()
        return result
    }
}

/// 2 rather than 2.0 in messages.
func clean(_ v: Double) -> String {
    v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
}

/// PNG bytes of the writer's frames, used from its queue only: a frame the renderer gave
/// back unchanged (the same image identity) is written again without encoding.
final class FrameEncoder: @unchecked Sendable {
    private let options: PNG.Options
    private var last: (identity: UInt64, bytes: [UInt8])?
    init(options: PNG.Options) { self.options = options }

    func encode(_ image: Image) throws -> [UInt8] {
        if let last, last.identity == image.identity { return last.bytes }
        let bytes = try PNG.encode(image, options: options)
        last = (image.identity, bytes)
        return bytes
    }
}

/// A serial queue of per-frame work (a replay's file writes, a check's hashing and
/// comparing) that runs while the next frame renders, at most `depth` outstanding;
/// remembers the first error.
public final class FrameWriter: @unchecked Sendable {
    private let queue = DispatchQueue(label: "strata.replay.writer")
    private let slots: DispatchSemaphore
    private let lock = NSLock()
    private var firstError: Error?
    private var done = 0
    /// Writes that succeeded.
    public var completed: Int { lock.lock(); defer { lock.unlock() }; return done }

    public init(depth: Int) { slots = DispatchSemaphore(value: max(1, depth)) }

    private var error: Error? { lock.lock(); defer { lock.unlock() }; return firstError }

    /// Queues `work`, waiting while `depth` writes are outstanding; throws an earlier
    /// write's error instead of queueing more.
    public func submit(_ work: @escaping () throws -> Void) throws {
        if let e = error { throw e }
        slots.wait()
        if let e = error { slots.signal(); throw e }
        queue.async { [self] in
            defer { slots.signal() }
            guard error == nil else { return }
            do {
                try work()
                lock.lock(); done += 1; lock.unlock()
            } catch {
                lock.lock(); if firstError == nil { firstError = error }; lock.unlock()
            }
        }
    }

    /// Waits for queued writes to finish, ignoring their errors.
    public func drain() { queue.sync {} }

    /// Waits for queued writes and throws the first error, if any.
    public func finish() throws {
        drain()
        if let e = error { throw e }
    }
}
