import CCrypto
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A private key with its certificate and the certificates of its chain, read once (from a
/// PKCS#12 keystore or PEM files) and checked before anything is signed: a key invoi signs
/// with, the certificate's own key, valid at the signing time, allowed to sign, a signature
/// small enough for a PDF string. Then shared by every signature
/// of a batch or a server, from any thread (OpenSSL 3's keys and certificates may be used
/// concurrently as long as nothing changes them, and nothing does).
public final class SigningIdentity: @unchecked Sendable {
    let library: LibCrypto
    /// EVP_PKEY, X509 and X509s: owned here, freed in `deinit`.
    let key: OpaquePointer
    let certificate: OpaquePointer
    /// The certificates that chain the signer's: its issuer, the issuer's issuer, …, in that order.
    let chain: [OpaquePointer]
    /// The certificate's subject, as OpenSSL writes it on one line.
    public let subject: String
    /// The subjects of the certificates given with the signer's (in a keystore or a chain
    /// file) that do not chain it, so are left out of every signature: a CA bundle given as
    /// the chain would otherwise put a hundred roots into each.
    public let omittedCertificates: [String]
    /// The bytes the CMS structure may take at most: certificates, signature, attributes.
    let signatureCapacity: Int
    /// The certificate's file, for messages.
    private let certificatePath: String
    private let notBefore: Date?
    private let notAfter: Date?

    /// The most bytes a signature's /Contents may hold: PDF 1.7's limit on a string (ISO
    /// 32000-1, annex C), which PDF/A makes a rule (ISO 19005-3, 6.1.13).
    public static let largestSignature = 32_767

    private init(
        library: LibCrypto, key: OpaquePointer, certificate: OpaquePointer,
        given: (chain: [OpaquePointer], omitted: [String]), files: (key: String, certificate: String),
        signingTime: Date
    ) throws(SigningError) {
        self.library = library
        self.key = key
        self.certificate = certificate
        chain = given.chain
        omittedCertificates = given.omitted
        certificatePath = files.certificate
        subject = Self.subject(of: certificate, library: library)
        notBefore = Self.date(library.x509Get0NotBefore(certificate), library: library)
        notAfter = Self.date(library.x509Get0NotAfter(certificate), library: library)
        let certificateBytes = ([certificate] + chain).reduce(0) { $0 + Int(max(0, library.i2dX509($1, nil))) }
        // Attributes, algorithm identifiers, issuer and serial and the ASN.1 framing come to
        // well under a kilobyte; the rest is a margin that costs only zeros in the file.
        signatureCapacity = certificateBytes + Int(library.evpPKEYGetSize(key)) + 2048
        try checkKeyType(path: files.key)
        guard library.x509CheckPrivateKey(certificate, key) == 1 else {
            library.errClearError()
            throw .keyMismatch(key: files.key, certificate: files.certificate)
        }
        try checkValidity(at: signingTime)
        try checkKeyUsage(path: files.certificate)
        guard signatureCapacity <= Self.largestSignature else {
            throw .signatureTooLarge(
                certificate: files.certificate, certificates: 1 + chain.count, bytes: signatureCapacity,
                limit: Self.largestSignature)
        }
    }

    deinit {
        library.evpPKEYFree(key)
        library.x509Free(certificate)
        for extra in chain { library.x509Free(extra) }
    }

    /// The key and certificates of a PKCS#12 file (.p12, .pfx) opened with `password`;
    /// `extraChain` names PEM certificates to add to those the keystore holds.
    public static func keystore(
        at path: String, password: String, extraChain: String? = nil, signingTime: Date = Date()
    ) throws(SigningError) -> SigningIdentity {
        let library = try LibCrypto.loaded.get()
        let bytes = try SigningFile.read(path)
        guard
            let store = bytes.withUnsafeBufferPointer({ buffer -> OpaquePointer? in
                var start: UnsafePointer<UInt8>? = buffer.baseAddress
                return library.d2iPKCS12(nil, &start, buffer.count)
            })
        else {
            library.errClearError()
            throw .malformed(path: path, reason: "not a PKCS#12 keystore (.p12 or .pfx)")
        }
        defer { library.pkcs12Free(store) }
        // As the openssl command does: an empty password may have been stored as none at all.
        let candidates: [String?] = password.isEmpty ? ["", nil] : [password]
        var opening: String? = password
        if library.pkcs12MacPresent(store) == 1 {
            let match = candidates.first { library.pkcs12VerifyMac(store, $0, -1) == 1 }
            library.errClearError()
            guard let match else { throw .wrongPassword(path: path) }
            opening = match
        }
        return try parse(
            store, password: opening, path: path, extraChain: extraChain, signingTime: signingTime, library: library)
    }

    /// The PEM private key in `keyPath` (decrypted with `password` when it is encrypted) with
    /// the certificate in `certificatePath` (more certificates after it in that file, and
    /// those of `chainPath`, are its chain). `signingTime` is the time the signatures will
    /// record, at which the certificate must be valid.
    public static func pem(
        key keyPath: String, certificate certificatePath: String, chain chainPath: String?, password: String?,
        signingTime: Date = Date()
    ) throws(SigningError) -> SigningIdentity {
        let library = try LibCrypto.loaded.get()
        let keyBytes = try SigningFile.read(keyPath)
        let encrypted = keyBytes.containsASCII("ENCRYPTED")
        let key = PEMReader(bytes: keyBytes, library: library).privateKey(password: password ?? "")
        library.errClearError()
        guard let key else {
            if encrypted {
                guard password != nil else {
                    throw .malformed(
                        path: keyPath,
                        reason: "the key is encrypted: give its password in INVOI_SIGN_PASSWORD or a file named by "
                            + "--sign-password-file")
                }
                throw .wrongPassword(path: keyPath)
            }
            throw .malformed(path: keyPath, reason: "no PEM private key in it (-----BEGIN PRIVATE KEY-----)")
        }
        var certificates = PEMReader(bytes: try SigningFile.read(certificatePath), library: library).certificates()
        guard !certificates.isEmpty else {
            library.evpPKEYFree(key)
            throw .malformed(path: certificatePath, reason: "no PEM certificate in it (-----BEGIN CERTIFICATE-----)")
        }
        let certificate = certificates.removeFirst()
        var chain = certificates
        do throws(SigningError) {
            if let chainPath { chain += try chainCertificates(chainPath, library: library) }
        } catch {
            library.evpPKEYFree(key)
            for owned in [certificate] + chain { library.x509Free(owned) }
            throw error
        }
        return try SigningIdentity(
            library: library, key: key, certificate: certificate,
            given: chained(chain, to: certificate, library: library),
            files: (keyPath, certificatePath), signingTime: signingTime)
    }

    private static func parse(
        _ store: OpaquePointer, password: String?, path: String, extraChain: String?, signingTime: Date,
        library: LibCrypto
    ) throws(SigningError) -> SigningIdentity {
        var contents = contents(of: store, password: password, library: library)
        if contents == nil {
            // Keystores exported by older tools use RC2 or RC4, which OpenSSL 3 keeps in its
            // legacy provider: load it and try once more.
            _ = library.osslPROVIDERTryLoad(nil, "legacy", 1)
            contents = self.contents(of: store, password: password, library: library)
        }
        let reason = library.errorQueue()
        guard let (keys, certificates) = contents else {
            throw .malformed(path: path, reason: "the keystore cannot be read (\(reason))")
        }
        func release() {
            for key in keys { library.evpPKEYFree(key) }
            for certificate in certificates { library.x509Free(certificate) }
        }
        guard keys.count == 1, let key = keys.first else {
            release()
            if keys.isEmpty { throw .malformed(path: path, reason: "the keystore holds no private key") }
            throw .severalKeys(path: path, count: keys.count)
        }
        // The signer's certificate is the one of the key; the others are its chain.
        guard let index = certificates.firstIndex(where: { library.x509CheckPrivateKey($0, key) == 1 }) else {
            library.errClearError()
            release()
            throw .malformed(path: path, reason: "the keystore holds no certificate for its private key")
        }
        library.errClearError()
        var chain = certificates
        let certificate = chain.remove(at: index)
        do throws(SigningError) {
            if let extraChain { chain += try chainCertificates(extraChain, library: library) }
        } catch {
            release()
            throw error
        }
        return try SigningIdentity(
            library: library, key: key, certificate: certificate,
            given: chained(chain, to: certificate, library: library), files: (path, path), signingTime: signingTime)
    }

    /// Every private key and certificate of a keystore, each of its parts decrypted once (a
    /// password-based key derivation costs as much as drawing a page); nil when a part cannot
    /// be decrypted or a key cannot be read.
    private static func contents(
        of store: OpaquePointer, password: String?, library: LibCrypto
    ) -> (keys: [OpaquePointer], certificates: [OpaquePointer])? {
        guard let safes = library.pkcs12UnpackAuthsafes(store) else { return nil }
        defer { library.opensslSkPopFree(safes, unsafeBitCast(library.pkcs7Free, to: OPENSSL_sk_freefunc.self)) }
        var keys: [OpaquePointer] = []
        var certificates: [OpaquePointer] = []
        var complete = true
        for index in 0..<max(0, library.opensslSkNum(safes)) where complete {
            guard let raw = library.opensslSkValue(safes, index) else { continue }
            let safe = raw.assumingMemoryBound(to: PKCS7.self)
            let bags: OpaquePointer? =
                switch library.objObj2nid(safe.pointee.type) {
                case NID_pkcs7_data: library.pkcs12UnpackP7data(safe)
                case NID_pkcs7_encrypted: library.pkcs12UnpackP7encdata(safe, password, -1)
                default: nil
                }
            guard let bags else {
                complete = false
                break
            }
            for bagIndex in 0..<max(0, library.opensslSkNum(bags)) {
                guard let raw = library.opensslSkValue(bags, bagIndex) else { continue }
                let bag = OpaquePointer(raw)
                switch library.pkcs12SAFEBAGGetNid(bag) {
                case NID_keyBag:
                    if let key = library.pkcs12SAFEBAGGet0P8inf(bag).flatMap(library.privateKey(from:)) {
                        keys.append(key)
                    } else {
                        complete = false
                    }
                case NID_pkcs8ShroudedKeyBag:
                    if let info = library.pkcs12DecryptSkey(bag, password, -1) {
                        if let key = library.privateKey(from: info) { keys.append(key) } else { complete = false }
                        library.pkcs8PRIVKEYINFOFree(info)
                    } else {
                        complete = false
                    }
                case NID_certBag where library.pkcs12SAFEBAGGetBagNid(bag) == NID_x509Certificate:
                    if let certificate = library.pkcs12SAFEBAGGet1Cert(bag) { certificates.append(certificate) }
                default:
                    break
                }
            }
            library.opensslSkPopFree(bags, unsafeBitCast(library.pkcs12SAFEBAGFree, to: OPENSSL_sk_freefunc.self))
        }
        guard complete else {
            for key in keys { library.evpPKEYFree(key) }
            for certificate in certificates { library.x509Free(certificate) }
            return nil
        }
        return (keys, certificates)
    }

    private static func chainCertificates(_ path: String, library: LibCrypto) throws(SigningError) -> [OpaquePointer] {
        let certificates = PEMReader(bytes: try SigningFile.read(path), library: library).certificates()
        guard !certificates.isEmpty else {
            throw .malformed(path: path, reason: "no PEM certificate in it (-----BEGIN CERTIFICATE-----)")
        }
        return certificates
    }

    /// The certificates of `given` that chain `certificate`, issuer after subject, each once,
    /// up to a self-signed one or one whose issuer is not given; the subjects of the others
    /// (freed), in their order. An issuer is one whose name and key identifier match
    /// (X509_check_issued) and whose key verifies the signature, so a CA's older or
    /// cross-signed certificate of the same name is not taken for it.
    private static func chained(
        _ given: [OpaquePointer], to certificate: OpaquePointer, library: LibCrypto
    ) -> (chain: [OpaquePointer], omitted: [String]) {
        var pool = given
        var chain: [OpaquePointer] = []
        var seen: Set<[UInt8]> = [der(certificate, library: library)]
        var current = certificate
        while library.x509CheckIssued(current, current) != X509_V_OK {
            guard
                let index = pool.firstIndex(where: { candidate in
                    library.x509CheckIssued(candidate, current) == X509_V_OK
                        && library.x509Get0Pubkey(candidate).map { library.x509Verify(current, $0) == 1 } == true
                })
            else { break }
            let issuer = pool.remove(at: index)
            // A certificate given twice, or a loop of cross-signatures, ends the chain.
            guard seen.insert(der(issuer, library: library)).inserted else {
                pool.append(issuer)
                break
            }
            chain.append(issuer)
            current = issuer
        }
        library.errClearError()
        var omitted: [String] = []
        var omittedDER: Set<[UInt8]> = []
        for extra in pool {
            let bytes = der(extra, library: library)
            // The signer's own certificate or a repeat of a kept one is not news.
            if !seen.contains(bytes), omittedDER.insert(bytes).inserted {
                omitted.append(subject(of: extra, library: library))
            }
            library.x509Free(extra)
        }
        return (chain, omitted)
    }

    static func der(_ certificate: OpaquePointer, library: LibCrypto) -> [UInt8] {
        let length = Int(max(0, library.i2dX509(certificate, nil)))
        var bytes = [UInt8](repeating: 0, count: length)
        bytes.withUnsafeMutableBufferPointer { buffer in
            var cursor = buffer.baseAddress
            _ = library.i2dX509(certificate, &cursor)
        }
        return bytes
    }

    private static func subject(of certificate: OpaquePointer, library: LibCrypto) -> String {
        var buffer = [CChar](repeating: 0, count: 512)
        guard library.x509NAMEOneline(library.x509GetSubjectName(certificate), &buffer, Int32(buffer.count)) != nil
        else { return "(no subject)" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private func checkKeyType(path: String) throws(SigningError) {
        let bits = Int(library.evpPKEYGetBits(key))
        switch library.evpPKEYGetBaseId(key) {
        case NID_rsaEncryption:
            guard (2048...4096).contains(bits) else {
                throw .unsupportedKey(path: path, key: "an RSA key of \(bits) bits")
            }
        case NID_X9_62_id_ecPublicKey:
            var name = [CChar](repeating: 0, count: 64)
            var length = 0
            let curve =
                library.evpPKEYGetGroupName(key, &name, name.count, &length) == 1
                ? String(decoding: name.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self) : "unknown"
            guard curve == "prime256v1" || curve == "secp384r1" else {
                throw .unsupportedKey(path: path, key: "an EC key on the curve \(curve)")
            }
        default:
            throw .unsupportedKey(path: path, key: "a key of another type (\(bits) bits)")
        }
    }

    /// Throws unless the certificate is valid at `signingTime`, the time a signature records
    /// (its /M): a validator checks the certificate at that time, not at the clock's.
    func checkValidity(at signingTime: Date) throws(SigningError) {
        guard let notBefore, let notAfter, notBefore <= signingTime, signingTime <= notAfter else {
            throw .outsideValidity(
                certificate: certificatePath, subject: subject,
                validity: .init(notBefore: Self.text(notBefore), notAfter: Self.text(notAfter)),
                signingTime: Self.text(signingTime))
        }
    }

    private func checkKeyUsage(path: String) throws(SigningError) {
        let usage = library.x509GetKeyUsage(certificate)
        // UINT32_MAX: no key usage extension, so every usage is allowed.
        guard usage != UInt32.max, usage & UInt32(KU_DIGITAL_SIGNATURE | KU_NON_REPUDIATION) == 0 else { return }
        let names: [(Int32, String)] = [
            (KU_DIGITAL_SIGNATURE, "digitalSignature"), (KU_NON_REPUDIATION, "nonRepudiation"),
            (KU_KEY_ENCIPHERMENT, "keyEncipherment"), (KU_DATA_ENCIPHERMENT, "dataEncipherment"),
            (KU_KEY_AGREEMENT, "keyAgreement"), (KU_KEY_CERT_SIGN, "keyCertSign"), (KU_CRL_SIGN, "cRLSign"),
            (KU_ENCIPHER_ONLY, "encipherOnly"), (KU_DECIPHER_ONLY, "decipherOnly"),
        ]
        throw .keyUsageForbidsSigning(
            certificate: path, subject: subject, usages: names.filter { usage & UInt32($0.0) != 0 }.map(\.1))
    }

    private static func date(_ time: UnsafePointer<ASN1_TIME>?, library: LibCrypto) -> Date? {
        var parts = tm()
        guard let time, library.asn1TIMEToTm(time, &parts) == 1 else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(timegm(&parts)))
    }

    private static func text(_ date: Date?) -> String {
        guard let date else { return "(unreadable)" }
        var seconds = time_t(date.timeIntervalSince1970)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(
            format: "%04d-%02d-%02d %02d:%02d:%02d UTC", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
            Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }
}

/// PEM blocks read from a file's bytes with OpenSSL's reader.
private struct PEMReader {
    let bytes: [UInt8]
    let library: LibCrypto

    /// The first private key, decrypted with `password` when it is encrypted.
    func privateKey(password: String) -> OpaquePointer? {
        // An unencrypted PKCS#8 key ("PRIVATE KEY", what openssl req and genpkey write) is read
        // without OpenSSL's generic decoder; any other form goes to PEM_read_bio_PrivateKey.
        if let info = withBIO({ library.pemReadBioPKCS8PRIVKEYINFO($0, nil, nil, nil) }) ?? nil {
            defer { library.pkcs8PRIVKEYINFOFree(info) }
            if let key = library.privateKey(from: info) { return key }
        }
        library.errClearError()
        return withBIO { bio in
            password.withCString { library.pemReadBioPrivateKey(bio, nil, nil, UnsafeMutableRawPointer(mutating: $0)) }
        } ?? nil
    }

    /// Every certificate, in order.
    func certificates() -> [OpaquePointer] {
        let found: [OpaquePointer] =
            withBIO { bio in
                var found: [OpaquePointer] = []
                while let certificate = library.pemReadBioX509(bio, nil, nil, nil) { found.append(certificate) }
                return found
            } ?? []
        // The reader ends on "no start line" at the end of the file.
        library.errClearError()
        return found
    }

    private func withBIO<T>(_ body: (OpaquePointer) -> T) -> T? {
        bytes.withUnsafeBytes { buffer in
            guard let bio = library.bioNewMemBuf(buffer.baseAddress, Int32(buffer.count)) else { return nil }
            defer { _ = library.bioFree(bio) }
            return body(bio)
        }
    }
}

/// The signer's files: regular files of a bounded size, read whole.
public enum SigningFile {
    /// Keystores, keys and certificate chains are a few kilobytes; a megabyte is a wrong file.
    static let maximumSize = 1 << 20

    static func read(_ path: String) throws(SigningError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw .unreadable(
                path: path, reason: (status.st_mode & S_IFMT) == S_IFDIR ? "a directory" : "not a regular file")
        }
        guard Int(status.st_size) <= maximumSize else {
            throw .malformed(
                path: path, reason: "\(status.st_size) bytes: too large for a key, certificate or password")
        }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + done, $0.count - done) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
            done += count
        }
        return bytes
    }

    /// The password in `path`: its first line, without the line break.
    public static func password(at path: String) throws(SigningError) -> String {
        let bytes = try read(path)
        let line = bytes.prefix { $0 != 0x0A }
        return String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self)
    }
}

extension [UInt8] {
    func containsASCII(_ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard count >= needle.count else { return false }
        for start in 0...(count - needle.count) where self[start] == needle[0] {
            if self[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }
}
