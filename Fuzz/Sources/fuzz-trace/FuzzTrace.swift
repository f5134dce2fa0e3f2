import Foundation
import StrataGestures

/// One input: any bytes as a trace file. Reading must end in a trace or a TraceError,
/// never a crash, and a trace that reads must write and read back the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTrace(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Data(bytes: $0, count: size) } ?? Data()
    guard let (trace, _) = try? Trace.parse(data: bytes, name: "fuzz.trace") else { return 0 }
    guard let text = try? trace.encoded(name: "fuzz.trace") else { fatalError("a trace that reads must write") }
    guard let (back, _) = try? Trace.parse(text: text, name: "again.trace"), back == trace else {
        fatalError("a trace written must read back the same:\n\(text)")
    }
    return 0
}

