@testable import DataLocal
import Synchronization
import Testing

/// Damaged records found while reading are told once each, on one status line.
@Suite struct IntegrityWatchTests {
    @Test func eachFindingIsToldOnceAndNamesItsRows() {
        let found = Mutex<[CacheError]>([])
        let watch = IntegrityWatch { found.withLock { $0 } }
        #expect(watch.newWarning() == nil)

        found.withLock { $0.append(.tampered(table: "resources", rowID: 7)) }
        #expect(watch.newWarning() == "Damaged record (row 7) hidden: run 'emr wipe', re-sync")
        #expect(watch.newWarning() == nil, "told once")

        found.withLock { $0 += [.tampered(table: "resources", rowID: 8), .tampered(table: "patient_list", rowID: 9)] }
        let warning = watch.newWarning()
        #expect(warning == "Damaged records (row 8, 9) hidden: run 'emr wipe', re-sync")
        #expect((warning ?? "").count <= 80)
    }
}
