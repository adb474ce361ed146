/// A labelled block, as the Summary, the encounter details and the forms' checks write one:
/// the label on the first line, its items below it indented past the label, each wrapped.
enum LabelledSection {
    static let labelWidth = 11

    static func lines(_ label: String, _ items: [[Span]], width: Int) -> [StyledLine] {
        var lines: [StyledLine] = []
        let indent = String(repeating: " ", count: labelWidth)
        for (index, item) in items.enumerated() {
            let lead = index == 0 ? Span(label.padding(toLength: labelWidth, withPad: " ", startingAt: 0), .accent) : Span(indent)
            let wrapped = LineWrapping.wrap(item, width: max(10, width - labelWidth))
            for (row, line) in wrapped.enumerated() {
                lines.append(StyledLine([row == 0 ? lead : Span(indent)] + line.spans))
            }
        }
        return lines
    }
}
