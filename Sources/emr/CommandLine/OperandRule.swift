/// The words after a command that are not options (`emr import FILE...`, `emr audit show`):
/// how help shows them, the field they fill, and the one line said when they are not right.
struct OperandRule<Options> {
    /// `FILE...`, `verify|show`.
    var placeholder: String
    var field: WritableKeyPath<Options, [String]>
    /// The usage error for these operands, or nil when they are fine.
    var problem: ([String]) -> String?
}
