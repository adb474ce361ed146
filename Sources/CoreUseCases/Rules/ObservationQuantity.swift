import CoreDomain
import Foundation

extension Observation.Value {
    /// The value as a quantity when it is numeric (a bare integer has no unit).
    var quantity: Quantity? {
        switch self {
        case .quantity(let quantity): quantity
        case .integer(let number): Quantity(value: Decimal(number))
        case .concept, .string, .boolean, .range: nil
        }
    }
}
