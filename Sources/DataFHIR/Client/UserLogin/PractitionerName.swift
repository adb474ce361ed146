import CoreDomain
import Foundation

extension FHIRClient {
    /// The logged-in clinician's name from their Practitioner (the login's `fhirUser`), for the
    /// workstation's header: `text`, else given names and family. Nil when the server does not
    /// give it, or when `fhirUser` lives on another server (the user's token is never sent
    /// there); the header then shows the OS account.
    /// Read with the login's own fresh access token, so reading it never renews the session.
    public func practitionerName(_ fhirUser: String, accessToken: String) async -> String? {
        var reader = self
        reader.authorizer = FreshToken(header: "Bearer " + accessToken)
        return await reader.practitionerName(fhirUser)
    }

    private func practitionerName(_ fhirUser: String) async -> String? {
        let reference = fhirUser.hasPrefix(baseURL.absoluteString + "/") ? String(fhirUser.dropFirst(baseURL.absoluteString.count + 1)) : fhirUser
        let parts = reference.split(separator: "/")
        guard parts.count == 2, parts[0] == "Practitioner" else { return nil }
        let kind = FHIRRequestKind(resourceType: "Practitioner", interaction: "read")
        guard let document = try? await get(url(reference), kind: kind),
            let name = (try? document.root.preferredName("name")) ?? nil
        else { return nil }
        let spoken = (name.given + [name.family].compactMap { $0 }).joined(separator: " ")
        let text = name.text ?? spoken
        return text.isEmpty ? nil : text
    }
}

/// The access token a login has just received, as it is: used once, right after the login.
private struct FreshToken: RequestAuthorizer {
    let header: String
    func authorization(refused: String?) async throws(FHIRClientError) -> String { header }
}
