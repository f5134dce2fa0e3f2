import StrataDriver

/// Options of every kind the parser knows, as commands declare them.
private let groups = [OptionGroup(title: "OPTIONS", options: [
    OptionSpec("out", .text(maxLength: 4096), valueName: "PATH", help: "text"),
    OptionSpec("size", .size(1...16384), help: "size"),
    OptionSpec("scale", .number(0.25...8), valueName: "S", help: "number"),
    OptionSpec("frames", .integer(1...10_000_000), help: "integer"),
    OptionSpec("backend", .choice(["auto", "egl", "osmesa"]), valueName: "B", help: "choice"),
    OptionSpec("verbose", .boolean, help: "flag"),
])]

/// One input: NUL-separated words as a command line. Parsing must end in values or a
/// usage error, never a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArguments(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)  // nil data: size 0
    let words = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    guard words.count <= 64 else { return 0 }
    if let a = try? ArgumentParser.parse(words, groups: groups, command: "fuzz") {
        _ = (a.string("out"), try? a.size("size"), a.number("scale"), a.integer("frames"), a.string("backend"), a.flag("verbose"))
    }
    _ = try? ArgumentParser.leadingPositional(words, groups: groups, command: "fuzz", what: "trace")
    return 0
}

