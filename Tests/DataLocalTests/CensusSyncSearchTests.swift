@testable import DataLocal
import Foundation
import Testing

/// What a census sync asks the server for: every Observation category a chart or NEWS2 reads.
@Suite struct CensusSyncSearchTests {
    private var observationCategories: Set<String> {
        let search = CensusSync.patientSearches.first { $0.type == "Observation" }
        let value = search?.parameters.first { $0.name == "category" }?.value ?? ""
        return Set(value.split(separator: ",").map(String.init))
    }

    /// ACVPU and pregnancy are often filed as `exam`: without it they arrived by import only.
    @Test func observationsOfEveryCategoryNEWS2ReadsAreFetched() {
        #expect(observationCategories == ["vital-signs", "laboratory", "survey", "therapy", "exam"])
    }
}
