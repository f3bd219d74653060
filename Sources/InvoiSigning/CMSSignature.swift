import CCrypto

extension SigningIdentity {
    /// SHA-256 of `ranges` of `bytes`, in order (a signature's /ByteRange).
    func digest(of bytes: [UInt8], ranges: [Range<Int>]) throws(SigningError) -> [UInt8] {
        try digest(of: [(bytes, ranges)])
    }

    /// The SHA-256 of `ranges` of each piece, one piece after the other (a signed file is the
    /// unsigned one and the update after it, never copied into one).
    func digest(of pieces: [(bytes: [UInt8], ranges: [Range<Int>])]) throws(SigningError) -> [UInt8] {
        guard let context = library.evpMDCTXNew() else { throw .signatureFailed(library.errorQueue()) }
        defer { library.evpMDCTXFree(context) }
        var digest = [UInt8](repeating: 0, count: 64)
        var length: UInt32 = 0
        var ok = library.evpDigestInitEx(context, library.evpSha256(), nil) == 1
        for piece in pieces where ok {
            ok = piece.bytes.withUnsafeBytes { buffer in
                for range in piece.ranges
                where library.evpDigestUpdate(context, buffer.baseAddress! + range.lowerBound, range.count) != 1 {
                    return false
                }
                return true
            }
        }
        ok = ok && library.evpDigestFinalEx(context, &digest, &length) == 1
        guard ok else { throw .signatureFailed(library.errorQueue()) }
        return Array(digest.prefix(Int(length)))
    }

    /// A detached CMS SignedData (DER) over content whose SHA-256 is `digest`, as PAdES B-B
    /// asks: signed attributes content-type, message-digest and signing-certificate-v2, and no
    /// signing time (the time is the signature dictionary's /M); the certificate and its chain
    /// included.
    ///
    /// OpenSSL 3.0's `CMS_final` always adds a signing-time attribute before it signs, so the
    /// structure is built partial, its attributes added here, and the signer info signed here
    /// as `CMS_SignerInfo_sign` does it: the DER of the attributes as a SET, signed with the key.
    func cmsSignature(overDigest digest: [UInt8]) throws(SigningError) -> [UInt8] {
        let flags = UInt32(CMS_PARTIAL | CMS_DETACHED | CMS_BINARY)
        guard let cms = library.cmsSign(nil, nil, nil, nil, flags) else { throw .signatureFailed(library.errorQueue()) }
        defer { library.cmsContentInfoFree(cms) }
        // CMS_CADES adds signing-certificate-v2 (ESSCertIDv2 with SHA-256 of the certificate).
        let signerFlags = UInt32(CMS_PARTIAL | CMS_BINARY | CMS_CADES | CMS_NOSMIMECAP)
        guard let signer = library.cmsAdd1Signer(cms, certificate, key, library.evpSha256(), signerFlags) else {
            throw .signatureFailed(library.errorQueue())
        }
        for extra in chain where library.cmsAdd1Cert(cms, extra) != 1 {
            throw .signatureFailed(library.errorQueue())
        }
        let added = digest.withUnsafeBytes { buffer in
            library.cmsSignedAdd1AttrByNID(
                signer, NID_pkcs9_contentType, V_ASN1_OBJECT, UnsafeRawPointer(library.objNid2obj(NID_pkcs7_data)), -1)
                == 1
                && library.cmsSignedAdd1AttrByNID(
                    signer, NID_pkcs9_messageDigest, V_ASN1_OCTET_STRING, buffer.baseAddress, Int32(buffer.count)) == 1
        }
        guard added else { throw .signatureFailed(library.errorQueue()) }
        let attributes = try signedAttributes(of: signer)
        let signature = try sign(attributes)
        guard let field = library.cmsSignerInfoGet0Signature(signer),
            library.asn1STRINGSet(field, signature, Int32(signature.count)) == 1
        else { throw .signatureFailed(library.errorQueue()) }
        var output: UnsafeMutablePointer<UInt8>?
        let length = library.i2dCMSContentInfo(cms, &output)
        guard length > 0, let output else { throw .signatureFailed(library.errorQueue()) }
        defer { library.cryptoFree(output, nil, 0) }
        return Array(UnsafeBufferPointer(start: output, count: Int(length)))
    }

    /// The signer's signed attributes encoded as the signature covers them (RFC 5652 §5.4:
    /// a DER SET OF, sorted); PKCS#7's item for them is CMS's.
    private func signedAttributes(of signer: OpaquePointer) throws(SigningError) -> [UInt8] {
        guard let stack = library.opensslSkNewNull() else { throw .signatureFailed(library.errorQueue()) }
        // The stack only lends the signer's attributes: freed without them.
        defer { library.opensslSkFree(stack) }
        for index in 0..<library.cmsSignedGetAttrCount(signer) {
            guard let attribute = library.cmsSignedGetAttr(signer, index),
                library.opensslSkPush(stack, UnsafeRawPointer(attribute)) > 0
            else { throw .signatureFailed(library.errorQueue()) }
        }
        var output: UnsafeMutablePointer<UInt8>?
        let length = library.asn1ItemI2d(stack, &output, library.pkcs7ATTRSIGNIt())
        guard length > 0, let output else { throw .signatureFailed(library.errorQueue()) }
        defer { library.cryptoFree(output, nil, 0) }
        return Array(UnsafeBufferPointer(start: output, count: Int(length)))
    }

    /// `message` signed with the key and SHA-256 (PKCS#1 v1.5 for RSA, DER ECDSA-Sig-Value for EC).
    private func sign(_ message: [UInt8]) throws(SigningError) -> [UInt8] {
        guard let context = library.evpMDCTXNew() else { throw .signatureFailed(library.errorQueue()) }
        defer { library.evpMDCTXFree(context) }
        var signature = [UInt8](repeating: 0, count: Int(library.evpPKEYGetSize(key)))
        var length = signature.count
        guard library.evpDigestSignInit(context, nil, library.evpSha256(), nil, key) == 1,
            library.evpDigestSign(context, &signature, &length, message, message.count) == 1
        else { throw .signatureFailed(library.errorQueue()) }
        return Array(signature.prefix(length))
    }
}
