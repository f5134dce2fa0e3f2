import Foundation
import StrataDriver
import StrataGestures
import StrataImage
import StrataModel
import StrataSceneFile

/// A scene as a command names it: a scene of the catalog by name, or a scene file by
/// path (a word ending in `.json`), with the catalog to make it from.
struct ResolvedScene {
    let descriptor: SceneDescriptor
    /// The file, when the scene is one.
    let file: SceneFile?
    /// The command's scenes with the file's first.
    let catalog: SceneCatalog
}

extension ResolvedScene {
    /// The command's plan with the scene file as an input, so an output may not be the
    /// file itself (`render x.scene.json --out x.scene.json` would replace the user's scene with a PNG).
    var plan: OutputPlan {
        var plan = OutputPlan()
        plan.input("the scene file", file?.path)
        return plan
    }
}

/// The options of commands that read scene files, each declared once.
enum SceneFileOptions {
    static let allowOutsidePaths = OptionSpec("allow-outside-paths", .boolean,
                                              help: "let a scene file's contents images come from outside the file's directory")
    static let scene = OptionSpec("scene", .text(maxLength: 4096), valueName: "PATH",
                                  help: "the scene file of a trace recorded from one (default: the file its header names, next to the trace)")
    static let group = OptionGroup(title: "SCENE FILES", options: [allowOutsidePaths])
    static let traceGroup = OptionGroup(title: "SCENE FILES", options: [scene, allowOutsidePaths])

    /// A flag or option read before the full parse (it decides how the scene is read,
    /// which decides the rest of the flags): `--NAME`, `--NAME=VALUE`, `--NAME VALUE`.
    static func peek(_ args: [String], _ spec: OptionSpec) -> String? {
        for (i, word) in args.enumerated() {
            if word == "--" { break }
            if word == "--\(spec.name)" { return spec.isFlag ? "true" : (i + 1 < args.count ? args[i + 1] : nil) }
            if word.hasPrefix("--\(spec.name)=") { return String(word.dropFirst(spec.name.count + 3)) }
        }
        return nil
    }

    static func allowsOutsidePaths(_ args: [String]) -> Bool {
        guard let v = peek(args, allowOutsidePaths) else { return false }
        return ["true", "yes", "1"].contains(v)
    }
}

extension CommandContext {
    /// `word` as a scene: a file when it ends in `.json`, else a name of the catalog.
    func resolve(_ word: String, args: [String]) throws -> ResolvedScene {
        guard SceneFile.isScenePath(word) else { return ResolvedScene(descriptor: try descriptor(word), file: nil, catalog: scenes) }
        let file = try SceneFile.load(path: word, allowOutsidePaths: SceneFileOptions.allowsOutsidePaths(args))
        let d = file.descriptor
        return ResolvedScene(descriptor: d, file: file, catalog: SceneCatalog([d] + scenes.descriptors))
    }

    /// The scenes a trace replays in (`traceScenes`), its warnings printed.
    func catalog(for trace: Trace, at tracePath: String, args: [String]) throws -> TraceScenes {
        let found = try traceScenes(for: trace, at: tracePath, args: args)
        for w in found.warnings { FileHandle.standardError.write(Data("strata: warning: \(w)\n".utf8)) }
        return found
    }

    /// The scenes a trace replays in: when its header names a scene file, that file
    /// (from `--scene PATH`, else next to the trace) comes first, under the header's
    /// scene name. A file whose hash differs from the header's is used, with a warning.
    /// `--scene PATH` also replays a trace of a named scene into a file.
    ///
    /// A trace that kept its scene file's text (`TraceSceneText`, recorded by the window)
    /// replays from that text, not the file as it is now, and swaps in each later text at
    /// its time as the window's live reload did: the recording is reproducible.
    func traceScenes(for trace: Trace, at tracePath: String, args: [String]) throws -> TraceScenes {
        let allowOutside = SceneFileOptions.allowsOutsidePaths(args)
        if let start = trace.sceneTexts.first, start.afterEvents == 0, start.t == 0, SceneFileOptions.peek(args, SceneFileOptions.scene) == nil {
            let path = keptSceneFilePath(for: trace, at: tracePath)
            let parse = { (text: String) throws -> SceneFile in
                try SceneFile.parse(data: Array(text.utf8), path: path, allowOutsidePaths: allowOutside)
            }
            var d = try parse(start.text).descriptor
            d.name = trace.header.scene
            let header = trace.header
            var found = TraceScenes(catalog: SceneCatalog([d] + scenes.descriptors))
            found.reload = { text, current in
                let file: SceneFile
                do { file = try parse(text.text) } catch {
                    throw RenderError.io("\(tracePath): the scene file's text kept at t = \(text.t) s: \(StrataCommand.message(error))")
                }
                switch SceneFileReloader.scene(from: file, replacing: current, options: header.options,
                                               viewSize: Size(width: header.width, height: header.height)) {
                case .success(let scene): return scene
                case .failure(let e): throw RenderError.io("\(tracePath): the scene file's text kept at t = \(text.t) s: \(e.message)")
                }
            }
            return found
        }
        guard let path = try sceneFilePath(for: trace, at: tracePath, args: args) else { return TraceScenes(catalog: scenes) }
        let file = try SceneFile.load(path: path, allowOutsidePaths: allowOutside)
        var found = TraceScenes(catalog: scenes)
        found.file = file
        if case .string(let hash)? = trace.header.otherKeys["sceneSHA256"], hash != file.sha256 {
            found.warnings.append("\(path) has changed since \(tracePath) was recorded (SHA-256 \(file.sha256.prefix(12))…, the trace says \(hash.prefix(12))…); replaying with the file as it is now")
            found.stale = (recorded: hash, now: file.sha256)
        }
        var d = file.descriptor
        d.name = trace.header.scene
        found.catalog = SceneCatalog([d] + scenes.descriptors)
        return found
    }

    /// The scene file a trace replays in, if any: `--scene PATH`, else the one its header names.
    func sceneFilePath(for trace: Trace, at tracePath: String, args: [String]) throws -> String? {
        let given = SceneFileOptions.peek(args, SceneFileOptions.scene)
        guard case .string(let recorded)? = trace.header.otherKeys["sceneFile"] else {
            // A trace of a named scene replayed into a file that describes it.
            return given
        }
        let directory = (tracePath as NSString).deletingLastPathComponent
        let path = given ?? (recorded.hasPrefix("/") ? recorded : (directory.isEmpty ? recorded : (directory as NSString).appendingPathComponent(recorded)))
        guard FileManager.default.fileExists(atPath: path) else {
            throw UsageError("\(tracePath): the trace was recorded from the scene file \(recorded), which is not at \(path); give it with --scene PATH")
        }
        return path
    }

    /// Where a trace that keeps its scene file's text says the file was (for messages and
    /// the file's `contents` images): the header's `sceneFile`, beside the trace.
    func keptSceneFilePath(for trace: Trace, at tracePath: String) -> String {
        let directory = (tracePath as NSString).deletingLastPathComponent
        guard case .string(let recorded)? = trace.header.otherKeys["sceneFile"] else {
            return (directory.isEmpty ? "." : directory as NSString).appendingPathComponent(trace.header.scene + ".scene.json")
        }
        return recorded.hasPrefix("/") || directory.isEmpty ? recorded : (directory as NSString).appendingPathComponent(recorded)
    }

    /// The plan of a command that replays traces: each trace and its scene file are inputs
    /// (not the file of a trace that keeps its text: it is not read).
    func plan(traces: [(Trace, String)], args: [String]) throws -> OutputPlan {
        var plan = OutputPlan()
        for (trace, path) in traces {
            plan.input("the trace \(path)", path)
            let keepsText = trace.sceneTexts.first.map { $0.afterEvents == 0 && $0.t == 0 } ?? false
            if !keepsText || SceneFileOptions.peek(args, SceneFileOptions.scene) != nil {
                plan.input("the scene file", try sceneFilePath(for: trace, at: path, args: args))
            }
        }
        return plan
    }
}

/// What a trace replays with, and what is to be said about its scene file.
struct TraceScenes {
    var catalog: SceneCatalog
    var warnings: [String] = []
    /// The trace's recorded scene-file hash and the file's own, when they differ.
    var stale: (recorded: String, now: String)?
    /// A new scene from a scene text the trace kept at a reload (`Replayer.sceneReload`).
    var reload: ((TraceSceneText, Scene) throws -> Scene)?
    /// The scene file the trace replays in, if any.
    var file: SceneFile?
}
