import Testing

/// Signal handlers are process-wide: a loop that installs them, or gives them back their
/// default (SIGTERM then ends the test process), must not overlap another. Every suite that
/// runs an event loop is nested here, so they run one test at a time.
@Suite(.serialized) struct ProcessSignals {}
