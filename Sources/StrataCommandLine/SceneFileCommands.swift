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
                                              help: "let files named by other files (a scene file's contents images, a trace's scene file and backdrop) come from anywhere")
    static let root = OptionSpec("root", .text(maxLength: 4096), valueName: "DIR",
                                 help: "let files named by other files come from anywhere under DIR too, not only from the naming file's own folder (e.g. --root . for a project's scenes/ and traces/)")
    static let scene = OptionSpec("scene", .text(maxLength: 4096), valueName: "PATH",
                                  help: "the scene file of a trace recorded from one (default: the file its header names, in the trace's folder)")
    /// Whole-scene limits (`SceneFileLimits`, docs/FILE-SAFETY.md), each raised by its flag.
    static let limitOptions: [(OptionSpec, WritableKeyPath<SceneFileLimits, Int>)] = [
        (OptionSpec("max-layers", .integer(1...1_000_000), valueName: "N", help: "layers a scene file may make, repeats counted (default \(SceneFileLimits.standard.layerCount))"), \.layerCount),
        (OptionSpec("max-scene-text", .integer(0...100_000_000), valueName: "N", help: "characters (Unicode scalars) in all of a scene file's text layers (default \(SceneFileLimits.standard.textLength))"), \.textLength),
        (OptionSpec("max-shadows", .integer(0...1_000_000), valueName: "N", help: "layers with a shadow in a scene file (default \(SceneFileLimits.standard.shadowCount))"), \.shadowCount),
        (OptionSpec("max-backdrops", .integer(0...1_000_000), valueName: "N", help: "backdrop layers in a scene file (default \(SceneFileLimits.standard.backdropCount))"), \.backdropCount),
        (OptionSpec("max-texture-bytes", .integer(0...(1 << 40)), valueName: "BYTES", help: "decoded bytes of a scene file's contents images (default \(SceneFileLimits.standard.textureBytes))"), \.textureBytes),
    ]
    static let group = OptionGroup(title: "SCENE FILES", options: [allowOutsidePaths, root] + limitOptions.map(\.0))
    static let traceGroup = OptionGroup(title: "SCENE FILES", options: [scene, allowOutsidePaths, root] + limitOptions.map(\.0))

    /// The scene-file limits with the flags given (read before the full parse, which
    /// checks each value against its range).
    static func limits(_ args: [String]) -> SceneFileLimits {
        var limits = SceneFileLimits.standard
        for (spec, key) in limitOptions {
            if let word = peek(args, spec), case .number(let n)? = try? spec.parse(word: word, subject: "--\(spec.name)"),
               let value = Checked.int(n) { limits[keyPath: key] = value }
        }
        return limits
    }

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

    /// Where files named by other files may lie, from `--allow-outside-paths` and `--root`.
    static func containment(_ args: [String]) -> FileContainment {
        FileContainment(anywhere: allowsOutsidePaths(args), root: peek(args, root))
    }
}

extension CommandContext {
    /// `word` as a scene: a file when it ends in `.json`, else a name of the catalog.
    func resolve(_ word: String, args: [String]) throws -> ResolvedScene {
        guard SceneFile.isScenePath(word) else { return ResolvedScene(descriptor: try descriptor(word), file: nil, catalog: scenes) }
        let c = SceneFileOptions.containment(args)
        let file = try SceneFile.load(path: word, allowOutsidePaths: c.anywhere, root: c.root, limits: SceneFileOptions.limits(args))
        let d = file.descriptor
        return ResolvedScene(descriptor: d, file: file, catalog: SceneCatalog([d] + scenes.descriptors))
    }

    /// The scenes a trace replays in (`traceScenes`), its warnings printed.
    func catalog(for trace: Trace, at tracePath: String, args: [String]) throws -> TraceScenes {
        let found = try traceScenes(for: trace, at: tracePath, args: args)
        for w in found.warnings { printError("strata: warning: \(w)") }
        return found
    }

    /// The scenes a trace replays in: when its header names a scene file, that file
    /// (from `--scene PATH`, else next to the trace) comes first, under the header's
    /// scene name. A file whose hash differs from the header's is used, with a warning.
    /// `--scene PATH` also replays a trace of a named scene into a file. The header's file
    /// options (the alert's `backdrop`) are read relative to the trace and kept in its folder.
    ///
    /// A trace that kept its scene file's text (`TraceSceneText`, recorded by the window)
    /// replays from that text, not the file as it is now, and swaps in each later text at
    /// its time as the window's live reload did: the recording is reproducible.
    func traceScenes(for trace: Trace, at tracePath: String, args: [String]) throws -> TraceScenes {
        let c = SceneFileOptions.containment(args)
        if let start = trace.sceneTexts.first, start.afterEvents == 0, start.t == 0, SceneFileOptions.peek(args, SceneFileOptions.scene) == nil {
            let path = keptSceneFilePath(for: trace, at: tracePath)
            let parse = { (text: String) throws -> SceneFile in
                try SceneFile.parse(data: Array(text.utf8), path: path, allowOutsidePaths: c.anywhere, root: c.root, limits: SceneFileOptions.limits(args))
            }
            let first = try parse(start.text)
            var d = first.descriptor
            d.name = trace.header.scene
            let header = trace.header
            var found = TraceScenes(catalog: SceneCatalog([d] + scenes.descriptors))
            found.warnings += first.changedImages(since: header.otherKeys, tracePath: tracePath).map(\.warning)
            found.reload = { text, current in
                let file: SceneFile
                do { file = try parse(text.text) } catch {
                    throw Diagnostic(file: tracePath, message: "the scene file's text kept at t = \(text.t) s: \(self.message(error))")
                }
                switch SceneFileReloader.scene(from: file, replacing: current, options: header.options,
                                               viewSize: Size(width: header.width, height: header.height)) {
                case .success(let scene): return scene
                case .failure(let e): throw Diagnostic(file: tracePath, message: "the scene file's text kept at t = \(text.t) s: \(e.description)")
                }
            }
            found.fileOptions = try fileOptions(of: trace, at: tracePath, in: found.catalog, args: args, containment: c)
            return found
        }
        guard let path = try sceneFilePath(for: trace, at: tracePath, args: args) else {
            var found = TraceScenes(catalog: scenes)
            found.fileOptions = try fileOptions(of: trace, at: tracePath, in: scenes, args: args, containment: c)
            return found
        }
        let file = try SceneFile.load(path: path, allowOutsidePaths: c.anywhere, root: c.root, limits: SceneFileOptions.limits(args))
        var found = TraceScenes(catalog: scenes)
        found.file = file
        if case .string(let hash)? = trace.header.otherKeys["sceneSHA256"], hash != file.sha256 {
            found.warnings.append("\(path) has changed since \(tracePath) was recorded (SHA-256 \(file.sha256.prefix(12))…, the trace says \(hash.prefix(12))…); replaying with the file as it is now")
            found.stale = (recorded: hash, now: file.sha256)
        }
        let images = file.changedImages(since: trace.header.otherKeys, tracePath: tracePath)
        found.warnings += images.map(\.warning)
        found.staleImages = images.compactMap { c in c.recorded.map { (recorded: $0, now: c.now) } }
        var d = file.descriptor
        d.name = trace.header.scene
        found.catalog = SceneCatalog([d] + scenes.descriptors)
        found.fileOptions = try fileOptions(of: trace, at: tracePath, in: found.catalog, args: args, containment: c)
        return found
    }

    /// The header's options that name files (`OptionSpec.namesFile`), each made relative
    /// to the current directory from the trace's folder, refused when outside it.
    func fileOptions(of trace: Trace, at tracePath: String, in catalog: SceneCatalog, args: [String],
                     containment: FileContainment) throws -> [String: TraceValue] {
        guard let d = catalog.descriptor(named: trace.header.scene) else { return [:] }
        let folder = FilePath.parent(tracePath)
        var found: [String: TraceValue] = [:]
        // A value given on the command line replaces the header's, which is then not read.
        for spec in d.options where spec.namesFile && SceneFileOptions.peek(args, spec) == nil {
            guard case .string(let named)? = trace.header.options[spec.name] else { continue }
            let path = FileContainment.joined(named, to: folder)
            guard containment.permits(path, namedIn: folder) else {
                throw UsageError("\(SystemError.displayed(tracePath)): the option \(spec.name) \"\(SystemError.displayed(named))\" of the trace names a file outside the trace's folder; \(containment.allowedFolders(namedIn: folder))")
            }
            found[spec.name] = .string(path)
        }
        return found
    }

    /// The scene file a trace replays in, if any: `--scene PATH`, else the one its header names.
    func sceneFilePath(for trace: Trace, at tracePath: String, args: [String]) throws -> String? {
        let given = SceneFileOptions.peek(args, SceneFileOptions.scene)
        guard case .string(let recorded)? = trace.header.otherKeys["sceneFile"] else {
            // A trace of a named scene replayed into a file that describes it.
            return given
        }
        let directory = FilePath.parent(tracePath)
        // A path given on the command line is the user's word; one in the header is not.
        if let given { return given }
        let path = FileContainment.joined(recorded, to: directory)
        let containment = SceneFileOptions.containment(args)
        guard containment.permits(path, namedIn: directory) else {
            throw UsageError("\(SystemError.displayed(tracePath)): the trace names the scene file \(SystemError.displayed(recorded)), outside the trace's folder; \(containment.allowedFolders(namedIn: directory)), or give the file with --scene PATH")
        }
        guard FileManager.default.fileExists(atPath: path) else {
            throw UsageError("\(SystemError.displayed(tracePath)): the trace was recorded from the scene file \(SystemError.displayed(recorded)), which is not at \(path); give it with --scene PATH")
        }
        return path
    }

    /// Where a trace that keeps its scene file's text says the file was (for messages and
    /// the file's `contents` images): the header's `sceneFile`, beside the trace.
    func keptSceneFilePath(for trace: Trace, at tracePath: String) -> String {
        let directory = FilePath.parent(tracePath)
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
                // A trace whose scene file is refused adds none: its replay says why (and
                // `check DIR` goes on to the other traces).
                plan.input("the scene file", (try? sceneFilePath(for: trace, at: path, args: args)) ?? nil)
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
    /// The same for its `contents` images that changed (`sceneImages`).
    var staleImages: [(recorded: String, now: String)] = []
    /// A new scene from a scene text the trace kept at a reload (`Replayer.sceneReload`).
    var reload: ((TraceSceneText, Scene) throws -> Scene)?
    /// The scene file the trace replays in, if any.
    var file: SceneFile?
    /// The header's file options, as paths from the current directory (`fileOptions`).
    var fileOptions: [String: TraceValue] = [:]

    /// `trace` with its file options read from its own folder.
    func applied(to trace: Trace) -> Trace {
        var t = trace
        t.header.options.merge(fileOptions) { _, contained in contained }
        return t
    }
}

/// What a trace saved by `render --save-trace` or `window --record` says of the files it
/// names: each relative to the trace, and a note when one lies outside the trace's folder,
/// since a replay reads only files in it unless `--root` or `--allow-outside-paths` says more.
enum SavedTrace {
    /// `options` with each file option (`OptionSpec.namesFile`) made relative to `directory`.
    static func fileOptions(_ options: [String: TraceValue], of d: SceneDescriptor, relativeTo directory: String) -> [String: TraceValue] {
        var out = options
        for spec in d.options where spec.namesFile {
            if case .string(let path)? = options[spec.name] {
                out[spec.name] = .string(FileContainment.relativePath(path, from: directory.isEmpty ? "." : directory))
            }
        }
        return out
    }

    /// The paths of the file options given.
    static func files(options: [String: TraceValue], of d: SceneDescriptor) -> [String] {
        d.options.filter(\.namesFile).compactMap { options[$0.name]?.stringValue }
    }

    /// Says on standard error how to replay `trace` when a file it names is outside its folder.
    static func noteOutside(_ trace: String, _ context: CommandContext, named files: [String]) {
        let folder = FilePath.parent(trace)
        let outside = files.filter { !FileContainment.ownFolder.permits($0, namedIn: folder) }
        guard !outside.isEmpty else { return }
        let root = outside.reduce(OutputGuard.resolved(folder.isEmpty ? "." : folder)) { FileContainment.commonFolder($0, $1) }
        let cwd = OutputGuard.resolved(".")
        let shown = root == cwd ? "." : root.hasPrefix(cwd + "/") ? String(root.dropFirst(cwd.count + 1)) : root
        context.printError("strata: note: \(trace) names \(outside.joined(separator: ", ")), outside the trace's folder; a replay reads it only when allowed: strata replay \(trace) --root \(shown)")
    }
}
