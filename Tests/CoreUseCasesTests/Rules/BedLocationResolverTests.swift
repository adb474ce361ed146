import CoreDomain
import CoreUseCases
import Foundation
import Testing

@Suite struct BedLocationResolverTests {
    let resolver = BedLocationResolver(locations: Make.ward4W + [
        Location(id: "clinic", name: "Pulm clinic", kind: .other, partOfID: "site"),
        Location(id: "site", name: "Main campus", kind: .site),
        Location(id: "loop1", name: "Bed L", kind: .bed, partOfID: "loop2"),
        Location(id: "loop2", name: "Room L", kind: .room, partOfID: "loop1"),
    ])

    @Test func walksFromBedToRoomToWard() {
        #expect(resolver.resolve(["b"]) == BedLocation(ward: "4W", room: "Room 12", bed: "Bed 12A"))
        #expect(resolver.resolve(["r"]) == BedLocation(ward: "4W", room: "Room 12"))
    }

    @Test func theMostSpecificReferenceComesFirstAndWins() {
        #expect(resolver.resolve(["b", "w"]) == BedLocation(ward: "4W", room: "Room 12", bed: "Bed 12A"))
        #expect(resolver.resolve(["w", "loop1"]) == BedLocation(ward: "4W", room: "Room L", bed: "Bed L"))
    }

    @Test func aClinicStandsInForTheWardButSitesAreNotShown() {
        #expect(resolver.resolve(["clinic"]) == BedLocation(ward: "Pulm clinic"))
        #expect(resolver.resolve(["site"]) == nil)
    }

    @Test func unknownReferencesAndLoopsEndQuietly() {
        #expect(resolver.resolve(["nowhere"]) == nil)
        #expect(resolver.resolve([]) == nil)
        #expect(resolver.resolve(["loop1"]) == BedLocation(room: "Room L", bed: "Bed L"))
    }
}
