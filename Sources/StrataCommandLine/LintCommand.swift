import Foundation
import StrataModel
import StrataRender
import StrataSceneFile
import StrataText

/// `strata lint FILE...`: reads scene files as every command would, makes each scene
/// with its default options (so names, bindings and expressions are checked too), and
/// renders nothing.
struct LintCommand: StrataSubcommand {
    let name = "lint"
    let summary = "check scene files without rendering"

    func help(_ context: CommandContext) -> String {
        """
        USAGE: strata lint FILE.scene.json... [--root DIR] [--allow-outside-paths] [--max-... N]

        Reads each scene file strictly (JSON syntax, every key and type, expressions, limits,
        contents paths), makes the scene with its default options (layer names, gesture and
        option bindings, animations on their layers), and prints one line per file. Nothing is
        rendered or written. Errors read FILE:LINE:COL: PATH: message. docs/SCENE-FORMAT.md
        describes the format.

        \(HelpText.lines(SceneFileOptions.group))

        Text layers' fonts must be installed (fontconfig finds them as render would). Every file
        given is read, and every one with an error is reported.

        EXIT STATUS: 0 when every file is good, 2 when any is not.
        """
    }

    func run(_ args: [String], _ context: CommandContext) throws {
        let a = try ArgumentParser.parse(args, groups: [SceneFileOptions.group], command: name)
        guard !a.positionals.isEmpty else { throw UsageError("lint needs a scene file: strata lint FILE.scene.json (see 'strata help lint')") }
        // Every file is read, so one run names every broken file, not only the first.
        var failed = 0
        for path in a.positionals {
            do {
                context.print(try lint(path, containment: FileContainment(anywhere: a.flag("allow-outside-paths"), root: a.string("root")),
                               limits: SceneFileOptions.limits(args)))
            } catch {
                failed += 1
                context.report(error)
            }
        }
        if failed > 0 {
            if a.positionals.count > 1 {
                context.printError("strata: \(failed) of \(a.positionals.count) scene files have errors")
            }
            throw ExitStatus(code: 2)
        }
    }

    /// One file's line, or the error that `render` would stop at.
    private func lint(_ path: String, containment: FileContainment, limits: SceneFileLimits) throws -> String {
        let file = try SceneFile.load(path: path, allowOutsidePaths: containment.anywhere, root: containment.root, limits: limits)
        let scene = try file.makeScene(options: try file.descriptor.sceneOptions([:]), viewSize: file.size)
        try checkFonts(scene.rootLayer, file: path)
        let options = file.options.map(\.name)
        return "\(path): ok (\(plural(scene.layerCount, "layer")), \(plural(scene.animationCount, "animation"))"
            + (file.imageHashes.isEmpty ? "" : ", " + plural(file.imageHashes.count, "image"))
            + (options.isEmpty ? "" : ", options: " + options.joined(separator: ", ")) + ")"
    }

    /// Every text layer's font must be installed: render would fail on it (fontconfig
    /// answers every request with some font; only the family asked for is used).
    private func checkFonts(_ layer: Layer, file: String) throws {
        if let text = layer as? TextLayer {
            do { _ = try FontLibrary.shared.face(for: text.font) } catch {
                let who = text.name.map { "text layer \"\($0)\"" } ?? "a text layer"
                throw Diagnostic(file: file, message: "\(who): \(error)")
            }
        }
        for sublayer in layer.sublayers { try checkFonts(sublayer, file: file) }
    }
}
