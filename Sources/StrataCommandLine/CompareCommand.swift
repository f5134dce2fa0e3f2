import Foundation
import StrataCompare
import StrataDriver
import StrataModel
import StrataRender

/// `strata compare EXPECTED ACTUAL`: pixelmatch-style comparison of PNG frames.
struct CompareCommand: StrataSubcommand {
    let name = "compare"
    let summary = "compare PNG frames or directories of frames"

    static let output = OptionGroup(title: "OUTPUT", options: [
        OptionSpec("diff", .text(maxLength: 4096), valueName: "PATH",
                   help: "write diff images: the expected frame faded to grey, differences red, anti-aliasing yellow, masks magenta. A file for two files (or a directory to put it in), a directory (created if needed) for two directories. None is written for frames whose sizes differ."),
        OptionSpec("json", .boolean,
                   help: "one JSON object per frame per line: name, width, height, actualWidth, actualHeight, diffPixels, aaPixels, ratio, maxDelta, psnr (dB; null when the frames look identical), passed, firstDifferences ([[x, y], ...]) and missing (\"expected\" or \"actual\" for a name on one side only; its numbers are null). The summary line then goes to standard error."),
    ])

    func help(_ context: CommandContext) -> String {
        """
        USAGE: strata compare EXPECTED ACTUAL [COMPARISON] [OUTPUT]

        Compares two PNG frames, or two directories of them matched by file name (*.png; a
        name on one side only is reported and fails). Pixels are compared as seen over white,
        by pixelmatch's YIQ colour distance; a pixel that differs only because an anti-aliased
        edge moved is counted as anti-aliasing (AA), not as a difference.

        \(HelpText.lines(CommonOptions.comparison))

        \(HelpText.lines(CompareCommand.output))

        Each frame prints a line worded as 'strata check' words its frames, NAME: PASS or FAIL:
        its differing pixels, their percentage, AA pixels, the largest change of any RGBA
        byte (0...255), PSNR over RGB, and where the first difference is; then a summary,
        'N passed, M failed', and how many passed only within the threshold (bytes differ).
        compare keeps the threshold by default: it cannot know that both frames were drawn
        by one renderer, as 'strata check' knows from the references' manifest (and then
        compares exactly). Give --exact to fail any changed byte.

        EXIT STATUS: 0 when every frame passes, 1 when some fail, 2 on an error (a missing,
        unreadable or corrupt file, or a frame over the size limit).
        """
    }

    func run(_ args: [String], _ context: CommandContext) throws {
        let a = try ArgumentParser.parse(args, groups: [CommonOptions.comparison, CompareCommand.output], command: name)
        guard a.positionals.count == 2 else {
            throw UsageError(a.positionals.count < 2
                ? "compare needs two paths: strata compare EXPECTED ACTUAL (see 'strata help compare')"
                : "unexpected argument '\(a.positionals[2])'")
        }
        let options = try CompareCommand.compareOptions(a)
        let expected = a.positionals[0], actual = a.positionals[1]
        let frames = try CompareCommand.framePairs(expected: expected, actual: actual, diff: a.string("diff"))
        let json = a.flag("json")
        let pixelLimit = a.integer("max-pixels") ?? PNGHeader.defaultPixelLimit

        // Each frame is decoded, compared and its diff written on one core, so only a frame
        // per core is in memory however many there are; lines come out in order as frames
        // finish, and the first unreadable frame stops the run.
        var passed = 0, failed = 0, passedByThreshold = 0
        try ParallelComparison.forEachInOrder(count: frames.count, { i in
            Result { try frames[i].compare(options: options, pixelLimit: pixelLimit, decodingInParallel: frames.count == 1) }
        }) { i, outcome in
            let frame = frames[i], result = try outcome.get()
            context.print(json ? try FrameReport.json(name: frame.name, result) : FrameReport.line(name: frame.name, result))
            if result.passed { passed += 1 } else { failed += 1 }
            if case .compared(let r) = result, r.passed, r.maxChannelDelta > 0, options.mode == .perceptual { passedByThreshold += 1 }
            context.console.output.flush()
        }
        // compare cannot know who drew the frames (no manifest), so it keeps the threshold,
        // but says when a pass is the threshold's and not the bytes'.
        let summary = "\(passed) passed, \(failed) failed" + (passedByThreshold == 0 ? ""
            : "; \(passedByThreshold) of the passes only within threshold \(options.threshold): their bytes differ (--exact fails them)")
        if json { context.printError(summary) } else { context.print(summary) }
        if failed > 0 { throw ExitStatus(code: 1) }
    }

    /// Whether an option of `CommonOptions.comparison` sets the rules (masks do not):
    /// then they hold, and `check` does not choose exact or threshold by the manifest.
    static func rulesGiven(_ a: ParsedArguments) -> Bool {
        ["threshold", "max-diff-pixels", "max-diff-ratio", "include-aa", "exact"].contains(where: a.isGiven)
    }

    /// The comparison rules from the options of `CommonOptions.comparison`.
    static func compareOptions(_ a: ParsedArguments) throws -> CompareOptions {
        var options = CompareOptions()
        if a.flag("exact") {
            for option in ["threshold", "include-aa"] where a.isGiven(option) {
                throw UsageError("--\(option) has no effect with --exact, which compares bytes")
            }
            options.mode = .exact
        }
        options.threshold = a.number("threshold") ?? options.threshold
        options.includeAA = a.flag("include-aa")
        switch (a.integer("max-diff-pixels"), a.number("max-diff-ratio")) {
        case (.some, .some): throw UsageError("give --max-diff-pixels or --max-diff-ratio, not both")
        case (.some(let n), nil): options.tolerance = .maxDiffPixels(n)
        case (nil, .some(let r)): options.tolerance = .maxDiffRatio(r)
        case (nil, nil): break
        }
        options.masks = try a.strings("mask").map { text in
            do { return try MaskRegion(parsing: text) } catch let e as Diagnostic { throw e.prefixed("--mask: ") }
        }
        return options
    }

    /// The frames to compare: the two files, or every name in either directory.
    private static func framePairs(expected: String, actual: String, diff: String?) throws -> [FramePair] {
        switch (try PathKind(expected), try PathKind(actual)) {
        case (.file, .file):
            let name = URL(fileURLWithPath: actual).lastPathComponent
            var diffPath = diff
            if let d = diff, case .directory? = try? PathKind(d) { diffPath = d + "/" + name }
            var plan = OutputPlan()
            plan.input("the input frame \(expected)", expected)
            plan.input("the input frame \(actual)", actual)
            plan.output("--diff", diffPath, .file)
            try plan.check()
            return [FramePair(name: name, expected: expected, actual: actual, diff: diffPath)]

        case (.directory, .directory):
            let expectedNames = try pngNames(in: expected), actualNames = try pngNames(in: actual)
            let names = expectedNames.union(actualNames).sorted()
            guard !names.isEmpty else { throw UsageError("no PNG files in \(expected) or \(actual)") }
            var plan = OutputPlan()
            plan.input("the input directory \(expected)", expected, .directory)
            plan.input("the input directory \(actual)", actual, .directory)
            plan.output("--diff", diff, .directory)
            try plan.check()
            if let d = diff { try prepareDiffDirectory(d) }
            return names.map { name in
                FramePair(name: name,
                          expected: expectedNames.contains(name) ? expected + "/" + name : nil,
                          actual: actualNames.contains(name) ? actual + "/" + name : nil,
                          diff: diff.map { $0 + "/" + name })
            }

        case (.directory, .file), (.file, .directory):
            throw UsageError("EXPECTED and ACTUAL must both be PNG files or both directories; \(expected) and \(actual) are not")
        }
    }

    /// Names of the visible *.png files in a directory; dot files include half-written
    /// temporaries of `AtomicFile`.
    private static func pngNames(in directory: String) throws -> Set<String> {
        let entries: [String]
        do { entries = try FileManager.default.contentsOfDirectory(atPath: directory) } catch {
            throw Diagnostic(file: directory, message: "cannot list the directory: \(SystemError.reason(of: error))")
        }
        return Set(entries.filter { name in
            guard !name.hasPrefix("."), name.lowercased().hasSuffix(".png") else { return false }
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: directory + "/" + name, isDirectory: &isDirectory) && !isDirectory.boolValue
        })
    }

    private static func prepareDiffDirectory(_ path: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw UsageError("--diff \(path) must be a directory when comparing directories") }
            return
        }
        do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
            throw UsageError("--diff \(path): cannot create the directory: \(SystemError.reason(of: error))")
        }
    }
}

/// Whether a command-line path is a file or a directory; a missing path is an error naming it.
private enum PathKind {
    case file, directory

    /// stat(2)'s own reason when it fails: a symlink loop is "Too many levels of symbolic
    /// links", not a missing file.
    init(_ path: String) throws {
        var st = stat()
        guard stat(path, &st) == 0 else { throw UsageError("\(SystemError.displayed(path)): \(SystemError.reason(errno))") }
        self = st.st_mode & S_IFMT == S_IFDIR ? .directory : .file
    }
}

/// One name to compare; a nil side is missing there.
private struct FramePair {
    let name: String
    let expected: String?
    let actual: String?
    let diff: String?

    func compare(options: CompareOptions, pixelLimit: Int, decodingInParallel: Bool) throws -> FrameOutcome {
        guard let expected else { return .missing(side: "expected") }
        guard let actual else { return .missing(side: "actual") }
        // Sizes from the headers first: frames of different sizes are not decoded at all.
        let e = try PNGHeader.read(path: expected), a = try PNGHeader.read(path: actual)
        try e.check(pixelLimit: pixelLimit, name: expected)
        try a.check(pixelLimit: pixelLimit, name: actual)
        if e != a { return .compared(.sizeMismatch(expected: (e.width, e.height), actual: (a.width, a.height))) }
        let decoded = decodingInParallel
            ? ParallelComparison.map(count: 2) { i in Result { try PNG.read(path: i == 0 ? expected : actual, pixelLimit: pixelLimit) } }
            : [Result { try PNG.read(path: expected, pixelLimit: pixelLimit) }, Result { try PNG.read(path: actual, pixelLimit: pixelLimit) }]
        let expectedImage = try decoded[0].get(), actualImage = try decoded[1].get()
        do { try MaskRegion.validate(options.masks, width: expectedImage.width, height: expectedImage.height) } catch let e as Diagnostic {
            throw e.prefixed("--mask: \(expected): ")
        }
        guard let diff else {
            return .compared(FrameComparator.compare(expected: expectedImage, actual: actualImage, options: options))
        }
        let (result, diffImage) = FrameComparator.compareWithDiffImage(expected: expectedImage, actual: actualImage, options: options)
        if let diffImage { try PNG.write(diffImage, to: diff) }
        return .compared(result)
    }
}

private enum FrameOutcome {
    case compared(FrameComparison)
    case missing(side: String)

    var passed: Bool {
        if case .compared(let r) = self { return r.passed }
        return false
    }
}

/// How a frame's outcome is printed: a line for people, a JSON object for scripts.
private enum FrameReport {
    /// `NAME: PASS|FAIL: <summary>`: the words of check's lines (`ReportEntry.summary`).
    static func line(name: String, _ outcome: FrameOutcome) -> String {
        switch outcome {
        case .missing(let side):
            return "\(name): FAIL: missing from \(side == "expected" ? "EXPECTED" : "ACTUAL")"
        case .compared(let r):
            let first = r.sizeMatches ? r.firstDifferences.first.map { "; first difference at \($0)" } ?? "" : ""
            return "\(name): \(r.passed ? "PASS" : "FAIL"): \(ReportEntry(name: name, result: r).summary)\(first)"
        }
    }

    static func json(name: String, _ outcome: FrameOutcome) throws -> String {
        switch outcome {
        case .missing(let side): return try FrameJSON(name: name, missing: side).line
        case .compared(let r): return try FrameJSON(name: name, result: r).line
        }
    }
}
