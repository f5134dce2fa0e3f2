import Foundation
import StrataCompare
import StrataRender

/// Where failing frames, diffs and the report go: `STRATA_ARTIFACTS` (as `strata check
/// --artifacts`: `<dir>/<subject>/<frame>-{expected,actual,diff}.png`), else a folder
/// under the temporary directory.
func artifactLayout(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> ArtifactLayout {
    ArtifactLayout.from(option: nil, environment: environment)
        ?? ArtifactLayout(root: FileManager.default.temporaryDirectory.appendingPathComponent("strata-snapshots").path)
}

func artifactFolder(_ subject: String) -> String {
    String(subject.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) ? Character($0) : "-" })
}

/// Fails the test once for the assertion: one frame's message, or for several the counts
/// with the first and the worst frame (most differing pixels) and the report's path; the
/// images of those two attached (`swift test --attachments-path DIR` keeps them). A
/// recording run (`STRATA_RECORD=changed|all`) fails too, saying what it wrote, so it
/// cannot pass unnoticed. `why` says the comparison was the threshold's.
func reportFailures(_ checked: CheckedFrames, subject: String, why: String?, site: AssertionSite, artifactsName: String? = nil) {
    let failures = checked.failures
    let messages = failureMessages(checked, subject: subject, artifactsName: artifactsName)
    if let message = failureSummary(messages, failures, total: checked.entries.count, subject: subject) {
        // Why the threshold, only where frames were compared (not for new references).
        site.fail(message + (why.flatMap { w in failures.contains { $0.result != nil } ? " (\(w))" : nil } ?? ""))
    }
    for (name, png) in failureAttachments(checked, only: shownFrames(failures)) { site.attach(png, named: name) }
    if checked.mode == .changed || checked.mode == .all {
        site.fail("\(subject): recording (STRATA_RECORD=\(checked.mode.rawValue)) into \(checked.directory): \(checked.updateSummary); "
                  + "run again without STRATA_RECORD to check against them")
    }
}

/// The first failing frame and the worst (most differing pixels), once each.
func shownFrames(_ failures: [ReportEntry]) -> Set<String> {
    guard let first = failures.first else { return [] }
    let worst = failures.max { ($0.result?.diffPixels ?? -1) < ($1.result?.diffPixels ?? -1) } ?? first
    return [first.name, worst.name]
}

/// One line for the assertion: the one failure's message, or the counts, then the first
/// and worst frames' messages; nil when nothing failed.
func failureSummary(_ messages: [String], _ failures: [ReportEntry], total: Int, subject: String) -> String? {
    guard messages.count > 1 else { return messages.first }
    let shown = shownFrames(failures)
    let first = messages[0]
    let worstIndex = failures.firstIndex { shown.contains($0.name) && $0.name != failures[0].name }
    // Each message is "<subject>: <frame's words>; report: <path>": the words, then the report once.
    func words(_ m: String) -> Substring {
        let body = m.dropFirst(subject.count + 2)
        return body.range(of: "; report: ", options: .backwards).map { body[..<$0.lowerBound] } ?? body
    }
    let report = first.range(of: "; report: ", options: .backwards).map { String(first[$0.lowerBound...]) } ?? ""
    let head = "\(subject): \(failures.count) of \(total) frames fail; "
    guard let worstIndex else { return head + "first and worst: \(words(first))" + report }
    return head + "first: \(words(first)); worst: \(words(messages[worstIndex]))" + report
}

/// `<frame>-expected.png`, `-actual.png`, `-diff.png` of the failing frames named `only`
/// (all when nil), those it has.
func failureAttachments(_ checked: CheckedFrames, only names: Set<String>? = nil) -> [(name: String, png: [UInt8])] {
    checked.failures.filter { names?.contains($0.name) ?? true }.flatMap { f in
        [("expected", f.expectedPNG), ("actual", f.actualPNG), ("diff", f.diffPNG)].compactMap { kind, png in
            png.map { ("\(f.name)-\(kind).png", $0) }
        }
    }
}

/// One message per failing frame; writes the frames, diffs and the report first.
/// Artifacts go to `<layout>/<artifactsName>/` (a trace's name, as `strata check` names
/// its folder), else a folder named after the subject and the first failing frame.
func failureMessages(_ checked: CheckedFrames, subject: String, artifactsName: String? = nil,
                     layout: ArtifactLayout = artifactLayout()) -> [String] {
    let entries = checked.entries
    let failures = entries.filter { !$0.passed }
    guard !failures.isEmpty else { return [] }
    var messages: [String] = []
    let folder = artifactsName ?? artifactFolder(subject + "-" + (failures.first?.name ?? ""))
    let artifacts = (layout.root as NSString).appendingPathComponent(folder)
    try? FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
    let report = (artifacts as NSString).appendingPathComponent("report.html")
    try? AtomicFile.write(Array(HTMLReport.render(title: "Strata: \(subject)", entries: entries).utf8), to: report)
    for f in failures {
        var message: String
        if let problem = f.problem, f.missing == "actual" {
            message = "\(subject): \(f.name): \(problem)"
        } else if let problem = f.problem {
            message = "\(subject): \(f.name): \(problem); re-run the test to compare against it"
        } else if let r = f.result {
            message = "\(subject): \(f.name) does not match its reference in \(checked.directory): "
            message += r.sizeMatches ? "\(r.diffPixels) pixels differ (\(String(format: "%.4f%%", r.ratio * 100))), "
                + "\(r.aaPixels) anti-aliased, max channel delta \(r.maxChannelDelta), PSNR \(r.psnr.isInfinite ? "inf" : String(format: "%.2f dB", r.psnr))"
                : "size \(r.actualWidth)x\(r.actualHeight) differs from the reference's \(r.width)x\(r.height)"
            if let x = f.explanation { message += "; \(x)" }
            let paths = (try? layout.write(f, trace: folder)) ?? nil
            if let actual = paths?.actual { message += "; actual: \(actual)" }
            if let diff = paths?.diff { message += "; diff: \(diff)" }
        } else {
            message = "\(subject): \(f.name) failed"
        }
        messages.append(message + "; report: \(report)")
    }
    return messages
}

/// What an assertion reports: the frames' entries (explained where they fail) and the
/// update that ran, from a `ReferenceChecker` or a trace's `TraceReferenceCheck`.
struct CheckedFrames {
    var entries: [ReportEntry]
    var mode: RecordMode
    var directory: String
    var updateSummary: String
    var failures: [ReportEntry] { entries.filter { !$0.passed } }
}

extension CheckedFrames {
    init(_ checker: ReferenceChecker) {
        self.init(entries: checker.result.entries, mode: checker.mode, directory: checker.directory,
                  updateSummary: checker.result.updateSummary)
    }
}
