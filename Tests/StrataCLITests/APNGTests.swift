import Foundation
import Testing
import StrataModel
import StrataRender
import StrataTestSupport

/// CRC-32 (PNG's, zlib's), computed here independently of the writer's libdeflate.
private let crcTable: [UInt32] = (0..<256).map { n in
    var c = UInt32(n)
    for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB88320 ^ (c >> 1) : c >> 1 }
    return c
}
private func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    ~bytes.reduce(~UInt32(0)) { crcTable[Int(($0 ^ UInt32($1)) & 0xFF)] ^ ($0 >> 8) }
}
private func be32(_ b: ArraySlice<UInt8>) -> UInt32 { b.reduce(0) { $0 << 8 | UInt32($1) } }
private func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
private func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typed = Array(type.utf8) + data
    return be32(UInt32(data.count)) + typed + be32(crc32(typed[...]))
}

/// An APNG reader of the test's own: checks every CRC and sequence number and returns
/// the acTL count, each fcTL's delay and each frame as a standalone PNG.
private func readAPNG(_ bytes: [UInt8]) throws -> (count: Int, delays: [(UInt16, UInt16)], frames: [[UInt8]]) {
    #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    var i = 8, ihdr: [UInt8] = [], count = -1, sequence: UInt32 = 0
    var delays: [(UInt16, UInt16)] = [], frames: [[UInt8]] = [], current: [UInt8]?
    var types: [String] = []
    while i < bytes.count {
        let length = Int(be32(bytes[i..<(i + 4)]))
        let type = String(decoding: bytes[(i + 4)..<(i + 8)], as: UTF8.self)
        let data = Array(bytes[(i + 8)..<(i + 8 + length)])
        #expect(crc32(bytes[(i + 4)..<(i + 8 + length)]) == be32(bytes[(i + 8 + length)..<(i + 12 + length)]), "CRC of \(type)")
        types.append(type)
        switch type {
        case "IHDR": ihdr = data
        case "acTL": count = Int(be32(data[0..<4]))
        case "fcTL":
            #expect(be32(data[0..<4]) == sequence); sequence += 1
            delays.append((UInt16(data[20]) << 8 | UInt16(data[21]), UInt16(data[22]) << 8 | UInt16(data[23])))
            #expect(data[24] == 0 && data[25] == 0 && be32(data[12..<16]) == 0 && be32(data[16..<20]) == 0)
            if let c = current { frames.append(c) }
            current = []
        case "IDAT": current! += data
        case "fdAT":
            #expect(be32(data[0..<4]) == sequence); sequence += 1
            current! += data[4...]
        default: break
        }
        i += 12 + length
    }
    if let c = current { frames.append(c) }
    #expect(types.first == "IHDR" && types[1] == "acTL" && types.last == "IEND")
    let pngs = frames.map { [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + chunk("IDAT", $0) + chunk("IEND", []) }
    return (count, delays, pngs)
}

/// Pillow (Debian's python3-pil, which `make deps` installs) as a real decoder of the 20 fps
/// animation at `apng`: each stored frame's duration in ms, checking that at every 50 ms it
/// shows the PNG the replay wrote in `frames`, then how many 50 ms it showed and the loop count.
private func pillowTimeline(_ apng: String, frames: String) throws -> String {
    let script = """
    import sys
    from PIL import Image
    im = Image.open(sys.argv[1])
    shown = 0
    for k in range(im.n_frames):
        im.seek(k)
        a = im.convert("RGBA").tobytes()
        for _ in range(round(im.info["duration"] / 50)):
            b = Image.open("%s/frame-%05d.png" % (sys.argv[2], shown)).convert("RGBA").tobytes()
            assert a == b, "at %d ms" % (shown * 50)
            shown += 1
        print(int(im.info["duration"]), end=" ")
    print(shown, "loop", im.info.get("loop"))
    """
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else {
        Issue.record("/usr/bin/python3 is missing: 'make deps' installs Debian's python3-pil for this test")
        return ""
    }
    let p = childProcess("/usr/bin/python3")
    p.arguments = ["-c", script, apng, frames]
    let pipe = Pipe()
    p.standardOutput = pipe
    try p.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    p.waitUntilExit()
    #expect(p.terminationStatus == 0, "Pillow: \(output)")
    return output
}

@Suite(.serialized, .tags(.gl)) struct APNGTests {
    @Test func replayWritesAnAnimatedPNGWhoseFramesAreTheReplays() throws {
        let dir = try temporaryDirectory("apng")
        var lines = ["{\"trace\": 1, \"scene\": \"carousel\", \"width\": 120, \"height\": 90, \"scale\": 1, \"fps\": 20}",
                     "{\"t\": 0, \"kind\": \"down\", \"x\": 30, \"y\": 45}"]
        for i in 1...6 { lines.append("{\"t\": \(Double(i) * 0.05), \"kind\": \"move\", \"x\": \(30 + i * 8), \"y\": 45}") }
        lines.append("{\"t\": 0.35, \"kind\": \"up\", \"x\": 80, \"y\": 45}")
        try (lines.joined(separator: "\n") + "\n").write(toFile: dir + "/t.trace", atomically: true, encoding: .utf8)
        let r = try strata(["replay", dir + "/t.trace", "--apng", dir + "/t.png", "--out", dir + "/frames"])
        #expect(r.status == 0 && r.stdout.contains("wrote 8 frames (120x90 px) as an animated PNG to \(dir)/t.png"), "\(r.stdout)\(r.stderr)")
        let frames = try (0..<8).map { try PNG.read(path: dir + "/frames/frame-0000\($0).png").pixels }
        // Runs of identical consecutive frames, found here in the PNGs the replay wrote: the
        // file stores each run once, for as long as the run lasts.
        var runs: [(first: Int, count: Int)] = []
        for (k, pixels) in frames.enumerated() {
            if let last = runs.last, frames[last.first] == pixels { runs[runs.count - 1].count += 1 } else { runs.append((k, 1)) }
        }
        let apng = try readAPNG([UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/t.png"))))
        #expect(apng.count == runs.count && apng.frames.count == runs.count)
        #expect(apng.delays.map { "\($0.0)/\($0.1)" } == runs.map { "\($0.count)/20" }, "1/20 s a frame at 20 fps")
        for (k, png) in apng.frames.enumerated() {
            #expect(try PNG.decode(png).pixels == frames[runs[k].first], "stored frame \(k)")
            // Deflated by libdeflate (`.compact`), the smaller file, as references are; the
            // frame files beside it by ISA-L (`.fast`).
            let image = try PNG.decode(png)
            #expect(png == (try PNG.encode(image, options: .compact)), "stored frame \(k)")
        }
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: dir + "/frames/frame-00000.png"))) == PNG.encode(PNG.decode(apng.frames[0]), options: .fast))
        // The first frame is also the still image a plain PNG reader shows.
        #expect(try PNG.read(path: dir + "/t.png").pixels == frames[0])
        // The carousel turns, so identical frames prove nothing false.
        #expect(runs.count >= 3 && frames[0] != frames[7])
        #expect(try pillowTimeline(dir + "/t.png", frames: dir + "/frames") == runs.map { "\($0.count * 50) " }.joined() + "8 loop 0\n")
    }

    /// A drag that stops: the first move starts the pan (its translation counts from there),
    /// so frames 0 and 1 are one picture; the second turns the carousel, which then rests
    /// until the up at 0.4 s: frames 2 to 8 are one picture, stored once for 7/20 s.
    /// Pillow, a real decoder, shows at every 1/20 s the frame the replay drew.
    @Test func identicalConsecutiveFramesAreStoredOnceForTheirWholeTime() throws {
        let dir = try temporaryDirectory("apng-runs")
        let lines = ["{\"trace\": 1, \"scene\": \"carousel\", \"width\": 120, \"height\": 90, \"scale\": 1, \"fps\": 20}",
                     "{\"t\": 0, \"kind\": \"down\", \"x\": 30, \"y\": 45}",
                     "{\"t\": 0.05, \"kind\": \"move\", \"x\": 38, \"y\": 45}",
                     "{\"t\": 0.1, \"kind\": \"move\", \"x\": 46, \"y\": 45}",
                     "{\"t\": 0.4, \"kind\": \"up\", \"x\": 46, \"y\": 45}"]
        try (lines.joined(separator: "\n") + "\n").write(toFile: dir + "/t.trace", atomically: true, encoding: .utf8)
        let r = try strata(["replay", dir + "/t.trace", "--apng", dir + "/t.png", "--out", dir + "/frames"])
        #expect(r.status == 0 && r.stdout.contains("wrote 9 frames (120x90 px) as an animated PNG"), "\(r.stdout)\(r.stderr)")
        let frames = try (0..<9).map { try PNG.read(path: dir + "/frames/frame-0000\($0).png").pixels }
        #expect(frames[0] == frames[1] && frames[1] != frames[2] && frames[2...].allSatisfy { $0 == frames[2] })

        let apng = try readAPNG([UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/t.png"))))
        #expect(apng.count == 2 && apng.frames.count == 2)
        #expect(apng.delays.map { "\($0.0)/\($0.1)" } == ["2/20", "7/20"])
        for (k, frame) in [0, 2].enumerated() { #expect(try PNG.decode(apng.frames[k]).pixels == frames[frame], "stored frame \(k)") }

        #expect(try pillowTimeline(dir + "/t.png", frames: dir + "/frames") == "100 350 9 loop 0\n")
    }

    /// fcTL's delay numerator has 16 bits: at 0.3 s a frame (`--every 18` at 60 fps), which
    /// no n/d with n in 1, 10, 100, 1000 gives exactly, the delay is 100/333 s, so a run
    /// stops at 655 frames (65500/333 s; 656 would be 65600) and the next run goes on.
    @Test func aRunTooLongForOneDelayIsSplit() throws {
        let dir = try temporaryDirectory("apng-long")
        let writer = try APNGWriter(path: dir + "/still.png", width: 2, height: 2, secondsPerFrame: 0.3)
        let still = Image(width: 2, height: 2, pixels: [UInt8](repeating: 200, count: 16))
        for _ in 0..<700 { try writer.append(still) }
        try writer.finish()
        #expect(writer.frameCount == 700 && writer.storedFrameCount == 2)
        let apng = try readAPNG([UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/still.png"))))
        #expect(apng.count == 2 && apng.delays.map { "\($0.0)/\($0.1)" } == ["65500/333", "4500/333"])
        #expect(try apng.frames.allSatisfy { try PNG.decode($0).pixels == still.pixels })
    }

    @Test func aBadAnimatedPNGPathFailsBeforeRendering() throws {
        let dir = try temporaryDirectory("apng-bad")
        try "{\"trace\": 1, \"scene\": \"carousel\", \"width\": 40, \"height\": 30, \"scale\": 1, \"fps\": 10}\n"
            .write(toFile: dir + "/t.trace", atomically: true, encoding: .utf8)
        let r = try strata(["replay", dir + "/t.trace", "--apng", dir + "/nowhere/t.png"])
        #expect(r.status == 2 && r.stderr.contains("\(dir)/nowhere/t.png"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/frames"))
    }
}
