/// The one layout of the workstation's screen: where the header, footer and panes are, and
/// each scrollable region inside them. `update` pages and clamps scroll offsets with these
/// rectangles and the renderer draws into the same ones, so a page key moves exactly what
/// shows and a scroll never goes past what is drawn.
public struct WorkstationGeometry: Equatable, Sendable {
    public var header: Rect
    public var footer: Rect
    /// Everything between header and footer: the panes, or a charting screen over both.
    public var panes: Rect
    /// Where the patient list is framed, or would be when the chart has the single pane.
    public var listFrame: Rect
    /// Where the chart is framed, or would be when the list has the single pane.
    public var chartFrame: Rect

    public init(columns: Int, rows: Int) {
        header = Rect(row: 0, col: 0, height: 1, width: columns)
        footer = Rect(row: rows - 1, col: 0, height: 1, width: columns)
        panes = Rect(row: 1, col: 0, height: rows - 2, width: columns)
        switch ScreenLayout(columns: columns, rows: rows) {
        case let .split(listWidth):
            listFrame = Rect(row: panes.row, col: 0, height: panes.height, width: listWidth)
            chartFrame = Rect(row: panes.row, col: listWidth, height: panes.height, width: columns - listWidth)
        case .single, .tooSmall:
            listFrame = panes
            chartFrame = panes
        }
    }

    /// The list's entry rows: inside its frame, below the search line.
    public var listRows: Rect {
        let inside = listFrame.inset(by: 1)
        return Rect(row: inside.row + 1, col: inside.col, height: inside.height - 1, width: inside.width)
    }

    /// Where the banner's lines go in the chart's frame (a column is kept for its marker).
    public var bannerWidth: Int { chartFrame.inset(by: 1).width - 1 }

    /// The fewest rows a chart's body (or a charting form's) is shown in: below that the
    /// screen says it is too small rather than show a banner and nothing under it.
    public static let minimumBodyRows = 4

    /// Lines the chart's banner may take with the tab bar and `minimumBodyRows` under it.
    public var chartBannerRoom: Int { chartFrame.inset(by: 1).height - 1 - Self.minimumBodyRows }

    /// Where a charting form's banner lines go, over both panes.
    public var chartingBannerWidth: Int { panes.inset(by: 1).width - 1 }

    /// Lines a charting form's banner may take with its rule and `minimumBodyRows` under it.
    public var chartingBannerRoom: Int { panes.inset(by: 1).height - 1 - Self.minimumBodyRows }

    /// The chart's tab body: below `bannerLines` of banner and the tab bar.
    public func chartBody(bannerLines: Int) -> Rect {
        body(in: chartFrame, below: bannerLines + 1)
    }

    /// A charting screen's body, over both panes: below the banner and a rule.
    public func chartingBody(bannerLines: Int) -> Rect {
        body(in: panes, below: bannerLines + 1)
    }

    /// A screen over both panes with no banner (the ward's due list): inside the frame.
    public var screenBody: Rect { body(in: panes, below: 0) }

    /// The `?` overlay's frame for `lineCount` lines of help, at most 80 columns wide.
    public func helpFrame(lineCount: Int) -> Rect {
        let width = min(panes.width - 4, 80)
        return Rect(row: panes.row, col: (panes.width - width) / 2, height: min(panes.height, lineCount + 2), width: width)
    }

    /// The width help text is wrapped to: the overlay's interior less a margin.
    public var helpTextWidth: Int { helpFrame(lineCount: 0).width - 3 }

    /// The help lines' region inside `frame`.
    public static func helpBody(in frame: Rect) -> Rect {
        let inside = frame.inset(by: 1)
        return Rect(row: inside.row, col: inside.col + 1, height: inside.height, width: inside.width - 1)
    }

    /// Inside `frame`'s border, `rows` down, one column in from the left edge.
    private func body(in frame: Rect, below rows: Int) -> Rect {
        let inside = frame.inset(by: 1)
        let top = min(inside.bottom, inside.row + rows)
        return Rect(row: top, col: inside.col + 1, height: inside.bottom - top, width: inside.width - 1)
    }
}
