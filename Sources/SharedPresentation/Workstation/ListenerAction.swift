/// What the listener (`emr hooks`) said, as the `followResults` effect tells the workstation.
public enum ListenerAction: Equatable, Sendable {
    /// It named these census patients: their charts changed at the server.
    case changed([ResultsPatient])
    /// It asked for a full sync (it restarted, or events may have been missed).
    case fullSyncAsked
}
