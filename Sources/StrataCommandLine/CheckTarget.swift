import Foundation
import StrataImage
import StrataModel

/// A trace to check and the folder of its references. `strata check` takes trace files
/// and directories of them; a directory's traces, and any trace given without
/// `--references`, find their references by convention: `<trace's folder>/references/<name>/`.
struct CheckTarget: Equatable {
    /// The trace's file name without `.trace`: the name of its suite, section and artifacts.
    let name: String
    let trace: String
    let references: String
    /// Whether `references` is the conventional folder (no `--references` needed to find it).
    var byConvention = true

    static func targets(_ paths: [String], references: String?) throws -> [CheckTarget] {
        var targets: [CheckTarget] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw UsageError("\(path): no such trace file or directory")
            }
            if isDirectory.boolValue {
                let names: [String]
                do { names = try FileManager.default.contentsOfDirectory(atPath: path) } catch {
                    throw Diagnostic(file: path, message: "cannot list the directory: \(SystemError.reason(of: error))")
                }
                let traces = names.filter { $0.hasSuffix(".trace") && !$0.hasPrefix(".") }.sorted()
                guard !traces.isEmpty else { throw UsageError("\(path): no *.trace files in the directory") }
                targets += traces.map { target((path as NSString).appendingPathComponent($0)) }
            } else {
                targets.append(target(path))
            }
        }
        if let references {
            guard targets.count == 1 else {
                throw UsageError("--references names one trace's references; with \(targets.count) traces each uses <its folder>/references/<name>/")
            }
            targets = [CheckTarget(name: targets[0].name, trace: targets[0].trace, references: references,
                                   byConvention: references == targets[0].references)]
        }
        var seen: [String: String] = [:]
        for t in targets {
            if let other = seen[t.name] { throw UsageError("\(other) and \(t.trace) are both named '\(t.name)'; trace names must differ") }
            seen[t.name] = t.trace
        }
        return targets
    }

    private static func target(_ trace: String) -> CheckTarget {
        // A safe name: `...trace` is named `__`, never the parent folder `..`.
        let name = SafeFileName.make(((trace as NSString).lastPathComponent as NSString).deletingPathExtension)
        let folder = FilePath.parent(trace)
        let references = (((folder.isEmpty ? "." : folder) as NSString).appendingPathComponent("references") as NSString)
            .appendingPathComponent(name)
        return CheckTarget(name: name, trace: trace, references: references)
    }
}
