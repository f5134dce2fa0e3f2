import StrataModel
import StrataText

/// A UISegmentedControl as iOS 7 drew it, for the Kitchen Sink's settings: equal
/// segments in a tint-coloured outline, the selected one filled with the tint and its
/// title white. A tap on a segment selects it and calls `onChange` (UIKit's
/// valueChanged); tapping the selected one does nothing.
public final class KitchenSinkSegmentedControl {
    public let layer = Layer()
    public let titles: [String]
    public private(set) var selectedSegmentIndex: Int
    /// valueChanged, with the new index.
    public var onChange: ((Int) -> Void)?

    /// systemBlue.
    public static let tintColor = Color(r8: 0, g8: 122, b8: 255)
    public static let font = Font.systemFont(ofSize: 13)
    public static let cornerRadius = 4.0

    private var segmentLayers: [Layer] = []
    private var titleLayers: [TextLayer] = []
    private let fonts: FontLibrary

    public init(titles: [String], selectedSegmentIndex: Int = 0, frame: Rect, name: String, fonts: FontLibrary = .shared) {
        precondition(!titles.isEmpty, "a segmented control needs a segment")
        self.titles = titles
        self.selectedSegmentIndex = min(max(0, selectedSegmentIndex), titles.count - 1)
        self.fonts = fonts
        layer.name = name
        layer.frame = frame
        layer.cornerRadius = KitchenSinkSegmentedControl.cornerRadius
        layer.borderWidth = 1
        layer.borderColor = KitchenSinkSegmentedControl.tintColor
        layer.masksToBounds = true
        layer.backgroundColor = .white
        for (i, title) in titles.enumerated() {
            let segment = Layer()
            segment.name = "\(name).\(i)"
            let text = TextLayer()
            text.name = "\(name).\(i).title"
            text.string = title
            text.font = KitchenSinkSegmentedControl.font
            text.alignmentMode = .center
            segment.addSublayer(text)
            layer.addSublayer(segment)
            segmentLayers.append(segment)
            titleLayers.append(text)
            if i > 0 {
                let divider = Layer()
                divider.name = "\(name).divider.\(i)"
                divider.backgroundColor = KitchenSinkSegmentedControl.tintColor
                layer.addSublayer(divider)
            }
        }
        relayout()
        refresh()
    }

    /// The segment's frame in the control's superlayer coordinates.
    public func frame(ofSegment index: Int) -> Rect {
        let f = layer.frame
        let w = f.width / Double(titles.count)
        return Rect(x: f.minX + Double(index) * w, y: f.minY, width: w, height: f.height)
    }

    /// The segment under `point` (superlayer coordinates), if any.
    public func segment(at point: Point) -> Int? {
        guard layer.frame.contains(point) else { return nil }
        return (0..<titles.count).first { frame(ofSegment: $0).contains(point) }
    }

    /// A tap on segment `index`: selects it and reports the change.
    public func tap(segment index: Int) {
        guard titles.indices.contains(index), index != selectedSegmentIndex else { return }
        selectedSegmentIndex = index
        refresh()
        onChange?(index)
    }

    /// Places the segments for the control's current frame; never animated.
    public func relayout() {
        Transaction.perform(disableActions: true) { layoutSegments() }
    }

    private func layoutSegments() {
        let b = layer.bounds
        let w = b.width / Double(titles.count)
        let metrics = try? fonts.metrics(for: KitchenSinkSegmentedControl.font)
        let ascender = metrics?.ascender ?? 13 * 0.97
        let descender = metrics?.descender ?? 13 * 0.24
        let capHeight = metrics?.capHeight ?? 13 * 0.73
        let baseline = (b.midY + capHeight / 2).rounded()
        var dividerIndex = 0
        for s in layer.sublayers where s.name?.contains(".divider.") == true {
            dividerIndex += 1
            s.frame = Rect(x: (Double(dividerIndex) * w).rounded() - 0.5, y: 0, width: 1, height: b.height)
        }
        for (i, segment) in segmentLayers.enumerated() {
            segment.frame = Rect(x: Double(i) * w, y: 0, width: w, height: b.height)
            titleLayers[i].frame = Rect(x: 0, y: baseline - ascender, width: w, height: ascender + descender)
        }
    }

    private func refresh() {
        Transaction.perform(disableActions: true) {
            for (i, segment) in segmentLayers.enumerated() {
                let selected = i == selectedSegmentIndex
                segment.backgroundColor = selected ? KitchenSinkSegmentedControl.tintColor : nil
                titleLayers[i].foregroundColor = selected ? .white : KitchenSinkSegmentedControl.tintColor
            }
        }
    }
}
