/// Why a signing key cannot be used, or a PDF cannot be signed. Every case names the file
/// it is about; none carries a password or key material.
public enum SigningError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A keystore, key, certificate or password file that cannot be read (missing, a directory,
    /// no permission).
    case unreadable(path: String, reason: String)
    /// A file that is not what its option asks for (not PKCS#12, no PEM key, no certificate).
    case malformed(path: String, reason: String)
    /// The password does not open the keystore or the encrypted key.
    case wrongPassword(path: String)
    /// A keystore that holds several private keys: which one signs cannot be told.
    case severalKeys(path: String, count: Int)
    /// The private key is not the one of the certificate's public key.
    case keyMismatch(key: String, certificate: String)
    /// The certificate is not valid at the signing time (the time the signature records).
    case outsideValidity(certificate: String, subject: String, validity: CertificateValidity, signingTime: String)
    /// The certificates and the signature take more than a PDF string may hold.
    case signatureTooLarge(certificate: String, certificates: Int, bytes: Int, limit: Int)
    /// The certificate's key usage does not allow signing documents.
    case keyUsageForbidsSigning(certificate: String, subject: String, usages: [String])
    /// A key type or size invoi does not sign with.
    case unsupportedKey(path: String, key: String)
    /// libcrypto cannot be opened, or lacks a function.
    case libraryUnavailable(String)
    /// The PDF is not laid out as invoi writes it (it signs only its own output).
    case unsignablePDF(String)
    /// OpenSSL refused to build or sign the CMS structure.
    case signatureFailed(String)

    /// The certificate's validity period as text, for messages.
    public struct CertificateValidity: Sendable, Hashable {
        public var notBefore: String
        public var notAfter: String
    }

    /// True when the problem is a file that cannot be read (sysexits' EX_NOINPUT); the other
    /// key problems are bad data, a missing library is unavailability, and a PDF or CMS
    /// failure is invoi's own.
    public var isUnreadableFile: Bool {
        if case .unreadable = self { return true }
        return false
    }

    /// True for a problem of the signer's files or password (as opposed to invoi or the system).
    public var isInputProblem: Bool {
        switch self {
        case .unreadable, .malformed, .wrongPassword, .severalKeys, .keyMismatch, .outsideValidity,
            .signatureTooLarge, .keyUsageForbidsSigning, .unsupportedKey:
            true
        case .libraryUnavailable, .unsignablePDF, .signatureFailed: false
        }
    }

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            "\(path): cannot be read (\(reason))"
        case .malformed(let path, let reason):
            "\(path): \(reason)"
        case .wrongPassword(let path):
            "\(path): the password does not open it (give the right one in INVOI_SIGN_PASSWORD or a file named by "
                + "--sign-password-file)"
        case .severalKeys(let path, let count):
            "\(path): the keystore holds \(count) private keys, and invoi cannot tell which one signs; export the "
                + "one to sign with into a keystore of its own (openssl pkcs12), or give it as --sign-key KEY.pem "
                + "--sign-cert CERT.pem"
        case .keyMismatch(let key, let certificate):
            "\(key): the private key does not belong to the certificate \(certificate) (its public key is another)"
        case .outsideValidity(let certificate, let subject, let validity, let signingTime):
            "\(certificate): the certificate of \(subject) is valid from \(validity.notBefore) to "
                + "\(validity.notAfter), not at \(signingTime), the signing time the signature would record; "
                + "a signature made with it would not be trusted"
        case .signatureTooLarge(let certificate, let certificates, let bytes, let limit):
            "\(certificate): a signature with \(certificates) certificate\(certificates == 1 ? "" : "s") (the "
                + "signer's and the chain's) needs up to \(bytes) bytes, more than the \(limit) a PDF string may "
                + "hold (PDF/A's limit); give only the certificates that chain the signer"
        case .keyUsageForbidsSigning(let certificate, let subject, let usages):
            "\(certificate): the certificate of \(subject) allows only "
                + (usages.isEmpty ? "no usage" : usages.joined(separator: ", "))
                + " (its key usage); signing needs digitalSignature or nonRepudiation"
        case .unsupportedKey(let path, let key):
            "\(path): \(key); invoi signs with RSA keys of 2048 to 4096 bits or EC keys on P-256 or P-384"
        case .libraryUnavailable(let reason):
            "cannot sign: \(reason)"
        case .unsignablePDF(let reason):
            "cannot sign the PDF: \(reason)"
        case .signatureFailed(let reason):
            "cannot sign the PDF: OpenSSL failed (\(reason))"
        }
    }
}
