import CoreUseCases

/// The worksheet's unit and range columns: as wide as their widest text (a range at most
/// `maximumRange`, words of the lab's going on under it), and at least as wide as their heads;
/// none at all where no test has one. On a screen too narrow for them beside a collection they
/// give way down to their longest piece: a unit goes on after a `/` (`mL/min/` over `1.73m2`),
/// a range after its `-` (`11.5-` over `14.5`), so a number is never cut at the edge.
struct ResultsSideColumns {
    static let maximumRange = 12
    static let unitHead = "unit"
    static let rangeHead = "range"

    private(set) var unit: Int
    private(set) var range: Int
    private let unitLeast: Int
    private let rangeLeast: Int

    init(units: [String], ranges: [String]) {
        func widest(_ texts: [String], _ measure: (String) -> Int) -> Int { texts.map(measure).max() ?? 0 }
        let unitText = widest(units, DisplayWidth.cells), rangeText = widest(ranges, DisplayWidth.cells)
        unit = unitText == 0 ? 0 : max(unitText, Self.unitHead.count)
        range = rangeText == 0 ? 0 : min(Self.maximumRange, max(rangeText, Self.rangeHead.count))
        unitLeast = unitText == 0 ? 0 : max(widest(units, ResultsCellText.longestPiece), Self.unitHead.count)
        rangeLeast = rangeText == 0 ? 0 : min(range, max(widest(ranges, ResultsCellText.longestPiece), Self.rangeHead.count))
    }

    /// Their width on a row, each with the blank before it.
    var width: Int { Self.cells(unit) + Self.cells(range) }

    /// Their width given way as far as they go.
    var leastWidth: Int { Self.cells(unitLeast) + Self.cells(rangeLeast) }

    /// Narrows the unit, then the range, by up to `overflow` cells; what is left over.
    mutating func giveWay(_ overflow: Int) -> Int {
        var left = overflow
        let fromUnit = min(left, unit - unitLeast)
        unit -= fromUnit
        left -= fromUnit
        let fromRange = min(left, range - rangeLeast)
        range -= fromRange
        return left - fromRange
    }

    private static func cells(_ column: Int) -> Int { column > 0 ? 1 + column : 0 }
}
