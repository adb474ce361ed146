import CoreDomain
import Foundation

extension FHIRClient {
    /// The text of a note whose `content` says it is held elsewhere, read from this server's
    /// `Binary`: asked only when the attachment is text the workstation reads and its address
    /// is a `Binary` on this server (`NoteContentReading.binaryID`), never another host; nil
    /// when nothing is asked or what came is no text read here. The Binary is bounded as any
    /// answer is (`max_response_mb`), its text as any note's; each read is charged to `budget`
    /// as one resource, in its time.
    public func noteText(for content: NoteContent, budget: FetchBudget) async throws(FHIRClientError) -> NoteContent? {
        guard content.text.isEmpty, let type = content.unreadType, NoteContentReading.textTypes.contains(type),
              let address = content.url, let id = NoteContentReading.binaryID(address, base: baseURL)
        else { return nil }
        try budget.checkTime()
        try budget.charge(1, pageSize: 1)
        let document = try await get(url("Binary/" + id), kind: .read("Binary"))
        return try? NoteContentReading.content(ofBinary: document.root)
    }
}
