import StrataSceneFile

/// One input: any bytes as a scene file, through its one entry point. Parsing must end
/// in a scene file or a SceneFileError, never a crash; `contents` paths resolve in a
/// directory that does not exist, so no input reads a file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSceneFile(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))  // nil data: size 0
    _ = try? SceneFile.parse(data: bytes, path: "fuzz.scene.json", directory: "/nonexistent-strata-fuzz")
    return 0
}

