/// A relative cursor move in one direction, as the terminal declares it: a one-cell step
/// (cud1, cuu1, cub1, cuf1) sent n times, or the move by n (cud, cuu, cub, cuf). Either may be
/// missing (the ADM-3A has only the one-cell steps): a missing one is not used.
struct CursorStep: Sendable {
    let one: [UInt8]?
    let many: (@Sendable (Int) -> [UInt8])?

    /// Neither: the terminal cannot step this way.
    static let none = CursorStep(one: nil, many: nil)

    /// The shorter way to move `count` cells (at least one), or nil when there is none.
    func by(_ count: Int) -> [UInt8]? {
        let parameterized = many?(count)
        guard let one, !one.isEmpty, one.count * count < parameterized?.count ?? .max else { return parameterized }
        return Array(repeatElement(one, count: count).joined())
    }
}
