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
        let apng = try readAPNG([UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/t.png"))))
        #expect(apng.count == 8 && apng.frames.count == 8)
        #expect(apng.delays.allSatisfy { $0.0 == 1 && $0.1 == 20 }, "1/20 s a frame at 20 fps")
        for (k, png) in apng.frames.enumerated() {
            let frame = try PNG.read(path: dir + "/frames/frame-0000\(k).png")
            #expect(try PNG.decode(png).pixels == frame.pixels, "frame \(k)")
        }
        // The first frame is also the still image a plain PNG reader shows.
        #expect(try PNG.read(path: dir + "/t.png").pixels == (try PNG.read(path: dir + "/frames/frame-00000.png")).pixels)
        // Consecutive frames differ (the carousel turns), so identical frames prove nothing false.
        #expect(apng.frames[0] != apng.frames[7])

        // A real decoder: Pillow, where Debian's python3-pil is installed (make deps does).
        let script = """
        import sys
        from PIL import Image
        im = Image.open(sys.argv[1])
        n = im.n_frames
        for k in range(n):
            im.seek(k)
            a = im.convert("RGBA").tobytes()
            b = Image.open("%s/frame-%05d.png" % (sys.argv[2], k)).convert("RGBA").tobytes()
            assert a == b, "frame %d differs" % k
        print("ok", n, im.info.get("loop"), im.info.get("duration"))
        """
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        probe.arguments = ["-c", "import PIL"]
        probe.standardError = FileHandle.nullDevice
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), (try? probe.run()) != nil {
            probe.waitUntilExit()
            if probe.terminationStatus == 0 {
                let p = Process()
                p.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
                p.arguments = ["-c", script, dir + "/t.png", dir + "/frames"]
                let pipe = Pipe()
                p.standardOutput = pipe
                try p.run()
                p.waitUntilExit()
                let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                #expect(p.terminationStatus == 0 && output == "ok 8 0 50.0\n", "\(output)")
            }
        }
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
