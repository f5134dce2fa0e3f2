import Foundation
import StrataCompare

/// The folder each input is written into as `results.json` (one per process).
private let folder: String = {
    let dir = NSTemporaryDirectory() + "strata-fuzz-results-\(getpid())"
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
}()

/// One input: any bytes as a `results.json` that merge-reports reads. Reading must end in
/// the checks or an error, never a crash; images it names outside the folder are refused
/// (none exist inside it), and every frame read goes through the JUnit writer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzResults(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))  // nil data: size 0
    guard FileManager.default.createFile(atPath: folder + "/" + CheckResultsFile.fileName, contents: Data(bytes)) else { return 0 }
    guard let checks = try? CheckResultsFile.read(folder) else { return 0 }
    _ = JUnitReport.render(checks)
    _ = checks.flatMap(\.entries).map(\.summary)
    return 0
}
