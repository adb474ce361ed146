import CoreDomain
import Foundation

/// Age as banners show it: years from 2 years (`72y`), months under 2 years (`8m`), days under
/// one month (`12d`), counted on calendar dates in the user's time zone. A deceased patient's age
/// is their age at death when it is known. A birth date known only to the month counts from the
/// 1st; one known only to the year gives whole years only (`1y`), since months would be a guess.
public enum AgeText {
    public static func format(_ patient: Patient, now: Date, calendar: Calendar, timeZone: TimeZone) -> String? {
        patient.birthDate.map { format(birthDate: $0, on: patient.deceasedAt ?? now, calendar: calendar, timeZone: timeZone) }
    }

    public static func format(birthDate: PartialDate, on date: Date, calendar: Calendar, timeZone: TimeZone) -> String {
        let calendar = CalendarFields.calendar(calendar, in: timeZone)
        let years = birthDate.age(on: date, calendar: calendar)
        guard years < 2, let month = birthDate.month else { return "\(years)y" }
        let today = CalendarFields(date, calendar: calendar)
        let day = birthDate.day ?? 1
        let months = (today.year - birthDate.year) * 12 + (today.month - month) - (today.day < day ? 1 : 0)
        if months >= 1 { return "\(months)m" }
        guard let born = calendar.date(from: DateComponents(year: birthDate.year, month: month, day: day)) else { return "0d" }
        let days = calendar.dateComponents([.day], from: born, to: calendar.startOfDay(for: date)).day ?? 0
        return "\(max(0, days))d"
    }
}
