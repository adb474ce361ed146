/// SQL for `column` with its 21st byte changed, always: set to FF, or to 00 where it was FF
/// already (one row in 256, which made a tampering test pass by doing nothing).
func flippedByteSQL(_ column: String) -> String {
    "substr(\(column), 1, 20) || CASE WHEN substr(\(column), 21, 1) = x'FF' THEN x'00' ELSE x'FF' END || substr(\(column), 22)"
}
