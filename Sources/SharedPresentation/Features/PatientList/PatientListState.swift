import CoreDomain
import Foundation

/// The patient list: a loaded window of the matching rows, the selection and the scroll
/// position. Only a window is held so a 100k-patient census costs a page, not the census.
public struct PatientListState: Equatable, Sendable {
    /// Rows matching the current search and ward, in list order.
    public var total: Int = 0
    /// Absolute index of `window.first`.
    public var windowOffset: Int = 0
    public var window: [PatientListEntry] = []
    /// Absolute index of the selected row (meaningful when `total > 0`).
    public var selected: Int = 0
    /// Absolute index of the first visible row.
    public var top: Int = 0
    public var search = SearchField()
    /// Highest NEWS2 first instead of by bed (`s`).
    public var byEarlyWarning = false
    /// The next page is a sync's reload: it may announce a rise in NEWS2 (`NEWS2Rise`).
    var isSyncReload = false
    /// True until the first page has arrived, so an empty list is not mistaken for "no patients".
    public var isLoading = true
    /// Below the census rows while a search is typed: what the server has beyond the census.
    public var server: ServerSearchState?
    /// The patient to select when the list next arrives with them in it.
    var selectOnArrival: Arrival?
    /// When each patient's Results tab was last opened in this session (`resultsOpened`).
    var resultsSeen: [String: Date] = [:]

    /// Whom to select in the next page, and what to do when they are not in it.
    struct Arrival: Equatable, Sendable {
        var patientID: String
        /// A chart fetched from the server is open: select its row, or leave the chart be.
        /// Otherwise (the search was cleared) the patient chosen in it stays chosen, else
        /// the top row is.
        var isFetched: Bool

        static func fetched(patientID: String) -> Arrival { Arrival(patientID: patientID, isFetched: true) }
        static func kept(patientID: String) -> Arrival { Arrival(patientID: patientID, isFetched: false) }
    }

    public init() {}

    /// How many rows one page holds; the window is loaded in pages around the selection.
    public static let pageSize = 400

    public var selectedEntry: PatientListEntry? { entry(at: selected) }

    /// The census rows, then the server section's.
    public var rowCount: Int { total + (server?.rowCount ?? 0) }

    /// The server section's row under the selection (0 is its title), nil on a census row.
    public var selectedServerRow: Int? {
        guard !isLoading, server != nil, selected >= total, selected < rowCount else { return nil }
        return selected - total
    }

    public func entry(at index: Int) -> PatientListEntry? {
        let local = index - windowOffset
        return window.indices.contains(local) ? window[local] : nil
    }

    /// The list as the one scroll model sees it: a line, and an item, per row.
    public var scrollLayout: ScrollLayout { ScrollLayout(lineCount: rowCount, items: .eachLine(rowCount)) }

    /// Where the list is scrolled to and which row is chosen.
    public var position: ScrollPosition {
        get { ScrollPosition(offset: top, selected: selected) }
        set {
            top = newValue.offset
            selected = newValue.selected
        }
    }

    /// Moves the selection and the rows shown by a key's `move` in `visibleRows`.
    public mutating func move(_ move: ScrollMove, visibleRows: Int) {
        guard rowCount > 0 else { return }
        position = scrollLayout.moved(position, move, height: visibleRows)
    }

    public mutating func select(_ index: Int, visibleRows: Int) {
        guard rowCount > 0 else { return }
        selected = min(max(0, index), rowCount - 1)
        keepSelectionVisible(visibleRows: visibleRows)
    }

    public mutating func keepSelectionVisible(visibleRows: Int) {
        position = scrollLayout.fitted(position, height: visibleRows)
    }

    /// The window to request so the census rows among `top ..< top + visibleRows` and the
    /// selection are loaded; nil when they already are.
    public func windowNeeded(visibleRows: Int) -> Int? {
        guard total > 0 else { return nil }
        let first = min(top, selected, total - 1)
        let last = min(total, max(top + visibleRows, selected + 1))
        let loaded = windowOffset..<(windowOffset + window.count)
        if loaded.contains(first) && loaded.contains(last - 1) { return nil }
        return max(0, first - Self.pageSize / 4)
    }
}

/// The `/` search field of the patient list.
public struct SearchField: Equatable, Sendable {
    public var isEditing = false
    public var text = ""

    public init(isEditing: Bool = false, text: String = "") {
        self.isEditing = isEditing
        self.text = text
    }
}
