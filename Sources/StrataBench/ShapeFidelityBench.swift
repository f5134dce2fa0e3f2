import Foundation
import StrataCompare
import StrataModel
import StrataRender

/// `StrataBench --fidelity-shapes DIR [REFERENCES]` (run by scripts/fidelity-shapes.sh),
/// `--fidelity-images` the same for `contents` cases (scripts/fidelity-images.sh, `kind` "image"),
/// `--fidelity-shadows` the same for shadow cases (scripts/fidelity-shadows.sh, `kind` "shadow"), and
/// with a LABEL `corner` by scripts/fidelity-corners.sh for its CSS cases:
/// each shape case's frame in DIR/strata/ against headless Chromium's SVG rendering of the
/// same shapes in DIR/REFERENCES/ (default `reference`), `CASE.png` each. One JSON line
/// per case (PSNR over the whole frame and over its edge region), then the PSNR pooled
/// over every case; each line names the references it was measured against.
///
/// The edge region is found in the reference alone, so it is the same for any renderer
/// measured: pixels within one pixel (8-neighbourhood) of a place where the reference's
/// colour changes by more than 8 in a channel between neighbours, i.e. every
/// anti-aliased rim of a fill, stroke, cap, join and dash, where rasterizers differ.
func shapeFidelityBench(directory: String, references: String = "reference", kind: String = "shape") throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: directory + "/" + references)
        .filter { $0.hasSuffix(".png") }.sorted()
    guard !names.isEmpty else { throw Diagnostic("no CASE.png references in \(directory)/\(references)") }
    var all = SquaredError(), edges = SquaredError()
    var worst: (psnr: Double, name: String) = (.infinity, "")
    for name in names {
        let reference = try PNG.read(path: directory + "/" + references + "/" + name)
        let frame = try PNG.read(path: directory + "/strata/" + name)
        let edge = EdgeRegion(reference)
        var whole = SquaredError(), edge1 = SquaredError()
        try whole.add(expected: reference, actual: frame)
        try edge1.add(expected: reference, actual: frame, where: edge.contains)
        all += whole; edges += edge1
        let caseName = String(name.dropLast(".png".count))
        if whole.psnr < worst.psnr { worst = (whole.psnr, caseName) }
        emit([("case", "fidelity-\(kind)"), ("reference", references), (kind, caseName), ("psnr", whole.psnr), ("edge_psnr", edge1.psnr),
              ("edge_pixels", edge1.samples / 3)])
    }
    emit([("case", "fidelity-\(kind)s"), ("reference", references), ("cases", names.count), ("psnr_pooled", all.psnr),
          ("psnr_worst", worst.psnr), ("worst_case", worst.name), ("edge_psnr_pooled", edges.psnr),
          ("edge_share_of_error", all.sum > 0 ? Double(edges.sum) / Double(all.sum) : 0)])
}

/// Pixels near a colour change in an image (see `shapeFidelityBench`).
struct EdgeRegion {
    private var mask: [Bool]
    private let width: Int

    init(_ image: Image) {
        width = image.width
        let w = image.width, h = image.height
        var change = [Bool](repeating: false, count: w * h)
        func differ(_ a: Int, _ b: Int) -> Bool {
            (0..<4).contains { abs(Int(image.pixels[a * 4 + $0]) - Int(image.pixels[b * 4 + $0])) > 8 }
        }
        for y in 0..<h {
            for x in 0..<w {
                let i = y * w + x
                if x + 1 < w, differ(i, i + 1) { change[i] = true; change[i + 1] = true }
                if y + 1 < h, differ(i, i + w) { change[i] = true; change[i + w] = true }
            }
        }
        mask = change
        for y in 0..<h {
            for x in 0..<w where change[y * w + x] {
                for dy in -1...1 {
                    for dx in -1...1 where (0..<w).contains(x + dx) && (0..<h).contains(y + dy) {
                        mask[(y + dy) * w + x + dx] = true
                    }
                }
            }
        }
    }

    func contains(_ x: Int, _ y: Int) -> Bool { mask[y * width + x] }
}
