/// A command's options as typed fields, with the table that declares them. Parsing
/// (`OptionParser`) starts from `init()` and fills fields only through `groups` and
/// `operands`, and help is generated from the same two, so the three cannot drift apart.
protocol ParsableOptions {
    init()
    /// Every option the command accepts, in the order help lists them.
    static var groups: [OptionGroup<Self>] { get }
    /// The words that are not options, or nil when the command takes none.
    static var operands: OperandRule<Self>? { get }
}

extension ParsableOptions {
    static var operands: OperandRule<Self>? { nil }

    static var options: [CommandOption<Self>] { groups.flatMap(\.options) }
}
