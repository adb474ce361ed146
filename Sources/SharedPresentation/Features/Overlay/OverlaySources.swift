import CoreDomain
import CoreUseCases

/// What an overlay's effects read from and record in: the effect runner holds one.
public struct OverlaySources: Sendable {
    public let directory: any PatientDirectory
    public let chart: any ChartRepository
    /// The ward's times, for what is due.
    public let administrationTimes: WardAdministrationTimes
    /// What an overlay shows is recorded here as viewed; what cannot be recorded is not shown.
    public let audit: any AuditTrail

    public init(directory: any PatientDirectory, chart: any ChartRepository, administrationTimes: WardAdministrationTimes, audit: any AuditTrail) {
        self.directory = directory
        self.chart = chart
        self.administrationTimes = administrationTimes
        self.audit = audit
    }
}
