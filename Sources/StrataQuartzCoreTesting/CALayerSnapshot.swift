// `import StrataQuartzCoreTesting` gives StrataTesting's assertions and this one for CALayer trees.
@_exported import StrataTesting
import StrataCompare
import StrataModel
import StrataQuartzCore

/// Renders `layer`'s tree at `time` seconds on its own clock (as `renderPNG` does:
/// animations added before the first render begin at 0) and compares it with
/// `<directory>/<name>.png` by StrataTesting's rules (the default directory is
/// `__Snapshots__/<test file name>/` beside the test file). Fails the test in Swift
/// Testing or XCTest, whichever runs it.
public func assertSnapshot(of layer: CALayer, size: CGSize, scale: CGFloat = 1, at time: TimeInterval = 0,
                           named name: String, in directory: String? = nil, threshold: Double? = nil,
                           maxDiffPixels: Int? = nil, exact: Bool? = nil, record: RecordMode? = nil,
                           fileID: String = #fileID, filePath: StaticString = #filePath,
                           line: UInt = #line, column: UInt = #column) {
    advanceClock(of: layer, to: time)
    assertSnapshot(of: layer.strataLayer.presentation(at: time),
                   size: Size(width: Double(size.width), height: Double(size.height)), scale: Double(scale),
                   named: name, in: directory, threshold: threshold, maxDiffPixels: maxDiffPixels, exact: exact,
                   record: record, fileID: fileID, filePath: filePath, line: line, column: column)
}
