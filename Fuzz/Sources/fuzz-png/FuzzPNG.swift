import StrataImage

/// One input: any bytes as an image file (`ImageFile`: a PNG, or a JPEG through
/// libjpeg-turbo, told by the first bytes). Decoding must end in an image or an error, never
/// a crash or an allocation past the pixel limit; an opaque image that decodes must
/// encode as PNG and decode back to the same pixels (premultiplying loses nothing there).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))  // nil data: size 0
    // A small limit keeps each input fast; the header check is what is being tested.
    guard let image = try? ImageFile.decode(bytes, name: "fuzz.png", pixelLimit: 1 << 20) else { return 0 }
    guard stride(from: 3, to: image.pixels.count, by: 4).allSatisfy({ image.pixels[$0] == 255 }) else { return 0 }
    guard let again = try? PNG.decode(try PNG.encode(image), name: "again.png"), again.pixels == image.pixels else {
        fatalError("a decoded PNG must encode and decode to the same pixels")
    }
    return 0
}

