import StrataCompare
import StrataModel

/// One input: any bytes as the text of `--mask X,Y,W,H` (pixels) and of `--mask-points`
/// (points). Parsing must end in a region or an error, never a trap (Int.max, 1e300 and
/// -1e19 once did); a parsed region is placed on a frame and checked as `check` does.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMasks(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if let mask = try? MaskRegion(parsing: text), (try? MaskRegion.validate([mask], width: 480, height: 320)) != nil {
        _ = MaskRegion.coveredPixelCount([mask], height: 320)
    }
    if let rect = try? MaskRegion.parsePoints(text) {
        let pixels = MaskRegion.pixels(fromPoints: [rect], scale: 2, frameWidth: 960, frameHeight: 640)
        if (try? MaskRegion.validate(pixels, width: 960, height: 640)) != nil {
            _ = MaskRegion.coveredPixelCount(pixels, height: 640)
        }
    }
    return 0
}
