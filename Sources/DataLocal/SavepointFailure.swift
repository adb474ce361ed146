/// Why `SQLiteConnection.savepoint` threw: its part alone was undone, or the transaction
/// around it ended with it.
enum SavepointFailure: Error {
    /// What the part wrote was undone; the transaction goes on.
    case undone(CacheError)
    /// The transaction is gone (or the savepoint could not be opened): the caller's whole
    /// transaction failed with this error.
    case transactionEnded(CacheError)
}
