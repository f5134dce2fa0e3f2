import Foundation
import StrataCompare
import StrataModel

/// One input: any bytes as a references manifest (`strata-references.json`), read as
/// `ReferenceManifest.read` reads it (`JSONReader`). Decoding must end in a manifest or
/// an error; its masks are checked against a frame as `check` does (an edge past Int's
/// range once trapped) and compared with itself.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))  // nil data: size 0
    guard let manifest = try? JSONReader.decode(ReferenceManifest.self, from: bytes) else { return 0 }
    let masks = manifest.masks ?? []
    if (try? MaskRegion.validate(masks, width: 1920, height: 1280)) != nil {
        _ = MaskRegion.coveredPixelCount(masks, height: 1280)
    }
    _ = manifest.differences(from: manifest)
    return 0
}
