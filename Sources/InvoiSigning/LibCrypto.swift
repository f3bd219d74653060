import CCrypto
import Glibc

/// OpenSSL's libcrypto, opened with dlopen on the first signature rather than linked, so that
/// a run that signs nothing neither loads nor relocates it. Each member is the C function of
/// that name in camel case (`cmsAdd1Signer` is `CMS_add1_signer`), with the header's type; the
/// library is opened once per process and never closed.
final class LibCrypto: @unchecked Sendable {
    /// Debian 12's libssl3 (OpenSSL 3.0); the unversioned name of the -dev package after it.
    static let sonames = ["libcrypto.so.3", "libcrypto.so"]

    /// Opened at the first use by any thread (a lazy static is initialised once, atomically).
    static let loaded: Result<LibCrypto, SigningError> = load()

    let bioNewMemBuf: invoi_BIO_new_mem_buf_t
    let bioFree: invoi_BIO_free_t
    let d2iPKCS12: invoi_d2i_PKCS12_t
    let pkcs12Free: invoi_PKCS12_free_t
    let pkcs12MacPresent: invoi_PKCS12_mac_present_t
    let pkcs12VerifyMac: invoi_PKCS12_verify_mac_t
    let pkcs12UnpackAuthsafes: invoi_PKCS12_unpack_authsafes_t
    let pkcs12UnpackP7data: invoi_PKCS12_unpack_p7data_t
    let pkcs12UnpackP7encdata: invoi_PKCS12_unpack_p7encdata_t
    let pkcs12SAFEBAGGetNid: invoi_PKCS12_SAFEBAG_get_nid_t
    let pkcs12SAFEBAGFree: invoi_PKCS12_SAFEBAG_free_t
    let pkcs7Free: invoi_PKCS7_free_t
    let objNid2obj: invoi_OBJ_nid2obj_t
    let opensslSkNum: invoi_OPENSSL_sk_num_t
    let opensslSkValue: invoi_OPENSSL_sk_value_t
    let opensslSkNewNull: invoi_OPENSSL_sk_new_null_t
    let opensslSkPush: invoi_OPENSSL_sk_push_t
    let opensslSkFree: invoi_OPENSSL_sk_free_t
    let opensslSkPopFree: invoi_OPENSSL_sk_pop_free_t
    let pemReadBioPrivateKey: invoi_PEM_read_bio_PrivateKey_t
    let pemReadBioX509: invoi_PEM_read_bio_X509_t
    let x509Free: invoi_X509_free_t
    let evpPKEYFree: invoi_EVP_PKEY_free_t
    let x509CheckPrivateKey: invoi_X509_check_private_key_t
    let x509Get0NotBefore: invoi_X509_get0_notBefore_t
    let x509Get0NotAfter: invoi_X509_get0_notAfter_t
    let x509CheckIssued: invoi_X509_check_issued_t
    let x509Get0Pubkey: invoi_X509_get0_pubkey_t
    let x509Verify: invoi_X509_verify_t
    let asn1TIMEToTm: invoi_ASN1_TIME_to_tm_t
    let x509GetKeyUsage: invoi_X509_get_key_usage_t
    let i2dX509: invoi_i2d_X509_t
    let x509GetSubjectName: invoi_X509_get_subject_name_t
    let x509NAMEOneline: invoi_X509_NAME_oneline_t
    let evpPKEYGetBaseId: invoi_EVP_PKEY_get_base_id_t
    let evpPKEYGetBits: invoi_EVP_PKEY_get_bits_t
    let evpPKEYGetSize: invoi_EVP_PKEY_get_size_t
    let evpPKEYGetGroupName: invoi_EVP_PKEY_get_group_name_t
    let evpSha256: invoi_EVP_sha256_t
    let evpMDCTXNew: invoi_EVP_MD_CTX_new_t
    let evpMDCTXFree: invoi_EVP_MD_CTX_free_t
    let evpDigestInitEx: invoi_EVP_DigestInit_ex_t
    let evpDigestUpdate: invoi_EVP_DigestUpdate_t
    let evpDigestFinalEx: invoi_EVP_DigestFinal_ex_t
    let evpDigestSignInit: invoi_EVP_DigestSignInit_t
    let evpDigestSign: invoi_EVP_DigestSign_t
    let cmsSign: invoi_CMS_sign_t
    let cmsAdd1Signer: invoi_CMS_add1_signer_t
    let cmsAdd1Cert: invoi_CMS_add1_cert_t
    let cmsSignedAdd1AttrByNID: invoi_CMS_signed_add1_attr_by_NID_t
    let cmsSignedGetAttrCount: invoi_CMS_signed_get_attr_count_t
    let cmsSignedGetAttr: invoi_CMS_signed_get_attr_t
    let cmsSignerInfoGet0Signature: invoi_CMS_SignerInfo_get0_signature_t
    let asn1STRINGSet: invoi_ASN1_STRING_set_t
    let asn1ItemI2d: invoi_ASN1_item_i2d_t
    let pkcs7ATTRSIGNIt: invoi_PKCS7_ATTR_SIGN_it_t
    let i2dCMSContentInfo: invoi_i2d_CMS_ContentInfo_t
    let cmsContentInfoFree: invoi_CMS_ContentInfo_free_t
    let cryptoFree: invoi_CRYPTO_free_t
    let errGetError: invoi_ERR_get_error_t
    let errErrorStringN: invoi_ERR_error_string_n_t
    let errClearError: invoi_ERR_clear_error_t
    let osslPROVIDERTryLoad: invoi_OSSL_PROVIDER_try_load_t
    let pkcs12SAFEBAGGet0P8inf: invoi_PKCS12_SAFEBAG_get0_p8inf_t
    let evpPKCS82PKEY: invoi_EVP_PKCS82PKEY_t
    let pkcs12DecryptSkey: invoi_PKCS12_decrypt_skey_t
    let pkcs8PRIVKEYINFOFree: invoi_PKCS8_PRIV_KEY_INFO_free_t
    let pkcs8PkeyGet0: invoi_PKCS8_pkey_get0_t
    let objObj2nid: invoi_OBJ_obj2nid_t
    let d2iRSAPrivateKey: invoi_d2i_RSAPrivateKey_t
    let rsaFree: invoi_RSA_free_t
    let evpPKEYNew: invoi_EVP_PKEY_new_t
    let evpPKEYAssign: invoi_EVP_PKEY_assign_t
    let pemReadBioPKCS8PRIVKEYINFO: invoi_PEM_read_bio_PKCS8_PRIV_KEY_INFO_t
    let pkcs12SAFEBAGGetBagNid: invoi_PKCS12_SAFEBAG_get_bag_nid_t
    let pkcs12SAFEBAGGet1Cert: invoi_PKCS12_SAFEBAG_get1_cert_t
    let opensslInitCrypto: invoi_OPENSSL_init_crypto_t

    private init(symbol: (String) -> UnsafeMutableRawPointer?) throws(SigningError) {
        func function<T>(_ name: String, as type: T.Type) throws(SigningError) -> T {
            guard let address = symbol(name) else {
                throw .libraryUnavailable("libcrypto has no \(name); OpenSSL 3.0 or later is needed")
            }
            return unsafeBitCast(address, to: type)
        }
        bioNewMemBuf = try function("BIO_new_mem_buf", as: invoi_BIO_new_mem_buf_t.self)
        bioFree = try function("BIO_free", as: invoi_BIO_free_t.self)
        d2iPKCS12 = try function("d2i_PKCS12", as: invoi_d2i_PKCS12_t.self)
        pkcs12Free = try function("PKCS12_free", as: invoi_PKCS12_free_t.self)
        pkcs12MacPresent = try function("PKCS12_mac_present", as: invoi_PKCS12_mac_present_t.self)
        pkcs12VerifyMac = try function("PKCS12_verify_mac", as: invoi_PKCS12_verify_mac_t.self)
        pkcs12UnpackAuthsafes = try function("PKCS12_unpack_authsafes", as: invoi_PKCS12_unpack_authsafes_t.self)
        pkcs12UnpackP7data = try function("PKCS12_unpack_p7data", as: invoi_PKCS12_unpack_p7data_t.self)
        pkcs12UnpackP7encdata = try function("PKCS12_unpack_p7encdata", as: invoi_PKCS12_unpack_p7encdata_t.self)
        pkcs12SAFEBAGGetNid = try function("PKCS12_SAFEBAG_get_nid", as: invoi_PKCS12_SAFEBAG_get_nid_t.self)
        pkcs12SAFEBAGFree = try function("PKCS12_SAFEBAG_free", as: invoi_PKCS12_SAFEBAG_free_t.self)
        pkcs7Free = try function("PKCS7_free", as: invoi_PKCS7_free_t.self)
        objNid2obj = try function("OBJ_nid2obj", as: invoi_OBJ_nid2obj_t.self)
        opensslSkNum = try function("OPENSSL_sk_num", as: invoi_OPENSSL_sk_num_t.self)
        opensslSkValue = try function("OPENSSL_sk_value", as: invoi_OPENSSL_sk_value_t.self)
        opensslSkNewNull = try function("OPENSSL_sk_new_null", as: invoi_OPENSSL_sk_new_null_t.self)
        opensslSkPush = try function("OPENSSL_sk_push", as: invoi_OPENSSL_sk_push_t.self)
        opensslSkFree = try function("OPENSSL_sk_free", as: invoi_OPENSSL_sk_free_t.self)
        opensslSkPopFree = try function("OPENSSL_sk_pop_free", as: invoi_OPENSSL_sk_pop_free_t.self)
        pemReadBioPrivateKey = try function("PEM_read_bio_PrivateKey", as: invoi_PEM_read_bio_PrivateKey_t.self)
        pemReadBioX509 = try function("PEM_read_bio_X509", as: invoi_PEM_read_bio_X509_t.self)
        x509Free = try function("X509_free", as: invoi_X509_free_t.self)
        evpPKEYFree = try function("EVP_PKEY_free", as: invoi_EVP_PKEY_free_t.self)
        x509CheckPrivateKey = try function("X509_check_private_key", as: invoi_X509_check_private_key_t.self)
        x509Get0NotBefore = try function("X509_get0_notBefore", as: invoi_X509_get0_notBefore_t.self)
        x509Get0NotAfter = try function("X509_get0_notAfter", as: invoi_X509_get0_notAfter_t.self)
        x509CheckIssued = try function("X509_check_issued", as: invoi_X509_check_issued_t.self)
        x509Get0Pubkey = try function("X509_get0_pubkey", as: invoi_X509_get0_pubkey_t.self)
        x509Verify = try function("X509_verify", as: invoi_X509_verify_t.self)
        asn1TIMEToTm = try function("ASN1_TIME_to_tm", as: invoi_ASN1_TIME_to_tm_t.self)
        x509GetKeyUsage = try function("X509_get_key_usage", as: invoi_X509_get_key_usage_t.self)
        i2dX509 = try function("i2d_X509", as: invoi_i2d_X509_t.self)
        x509GetSubjectName = try function("X509_get_subject_name", as: invoi_X509_get_subject_name_t.self)
        x509NAMEOneline = try function("X509_NAME_oneline", as: invoi_X509_NAME_oneline_t.self)
        evpPKEYGetBaseId = try function("EVP_PKEY_get_base_id", as: invoi_EVP_PKEY_get_base_id_t.self)
        evpPKEYGetBits = try function("EVP_PKEY_get_bits", as: invoi_EVP_PKEY_get_bits_t.self)
        evpPKEYGetSize = try function("EVP_PKEY_get_size", as: invoi_EVP_PKEY_get_size_t.self)
        evpPKEYGetGroupName = try function("EVP_PKEY_get_group_name", as: invoi_EVP_PKEY_get_group_name_t.self)
        evpSha256 = try function("EVP_sha256", as: invoi_EVP_sha256_t.self)
        evpMDCTXNew = try function("EVP_MD_CTX_new", as: invoi_EVP_MD_CTX_new_t.self)
        evpMDCTXFree = try function("EVP_MD_CTX_free", as: invoi_EVP_MD_CTX_free_t.self)
        evpDigestInitEx = try function("EVP_DigestInit_ex", as: invoi_EVP_DigestInit_ex_t.self)
        evpDigestUpdate = try function("EVP_DigestUpdate", as: invoi_EVP_DigestUpdate_t.self)
        evpDigestFinalEx = try function("EVP_DigestFinal_ex", as: invoi_EVP_DigestFinal_ex_t.self)
        evpDigestSignInit = try function("EVP_DigestSignInit", as: invoi_EVP_DigestSignInit_t.self)
        evpDigestSign = try function("EVP_DigestSign", as: invoi_EVP_DigestSign_t.self)
        cmsSign = try function("CMS_sign", as: invoi_CMS_sign_t.self)
        cmsAdd1Signer = try function("CMS_add1_signer", as: invoi_CMS_add1_signer_t.self)
        cmsAdd1Cert = try function("CMS_add1_cert", as: invoi_CMS_add1_cert_t.self)
        cmsSignedAdd1AttrByNID = try function(
            "CMS_signed_add1_attr_by_NID", as: invoi_CMS_signed_add1_attr_by_NID_t.self)
        cmsSignedGetAttrCount = try function("CMS_signed_get_attr_count", as: invoi_CMS_signed_get_attr_count_t.self)
        cmsSignedGetAttr = try function("CMS_signed_get_attr", as: invoi_CMS_signed_get_attr_t.self)
        cmsSignerInfoGet0Signature = try function(
            "CMS_SignerInfo_get0_signature", as: invoi_CMS_SignerInfo_get0_signature_t.self)
        asn1STRINGSet = try function("ASN1_STRING_set", as: invoi_ASN1_STRING_set_t.self)
        asn1ItemI2d = try function("ASN1_item_i2d", as: invoi_ASN1_item_i2d_t.self)
        pkcs7ATTRSIGNIt = try function("PKCS7_ATTR_SIGN_it", as: invoi_PKCS7_ATTR_SIGN_it_t.self)
        i2dCMSContentInfo = try function("i2d_CMS_ContentInfo", as: invoi_i2d_CMS_ContentInfo_t.self)
        cmsContentInfoFree = try function("CMS_ContentInfo_free", as: invoi_CMS_ContentInfo_free_t.self)
        cryptoFree = try function("CRYPTO_free", as: invoi_CRYPTO_free_t.self)
        errGetError = try function("ERR_get_error", as: invoi_ERR_get_error_t.self)
        errErrorStringN = try function("ERR_error_string_n", as: invoi_ERR_error_string_n_t.self)
        errClearError = try function("ERR_clear_error", as: invoi_ERR_clear_error_t.self)
        osslPROVIDERTryLoad = try function("OSSL_PROVIDER_try_load", as: invoi_OSSL_PROVIDER_try_load_t.self)
        pkcs12SAFEBAGGet0P8inf = try function("PKCS12_SAFEBAG_get0_p8inf", as: invoi_PKCS12_SAFEBAG_get0_p8inf_t.self)
        evpPKCS82PKEY = try function("EVP_PKCS82PKEY", as: invoi_EVP_PKCS82PKEY_t.self)
        pkcs12DecryptSkey = try function("PKCS12_decrypt_skey", as: invoi_PKCS12_decrypt_skey_t.self)
        pkcs8PRIVKEYINFOFree = try function("PKCS8_PRIV_KEY_INFO_free", as: invoi_PKCS8_PRIV_KEY_INFO_free_t.self)
        pkcs8PkeyGet0 = try function("PKCS8_pkey_get0", as: invoi_PKCS8_pkey_get0_t.self)
        objObj2nid = try function("OBJ_obj2nid", as: invoi_OBJ_obj2nid_t.self)
        d2iRSAPrivateKey = try function("d2i_RSAPrivateKey", as: invoi_d2i_RSAPrivateKey_t.self)
        rsaFree = try function("RSA_free", as: invoi_RSA_free_t.self)
        evpPKEYNew = try function("EVP_PKEY_new", as: invoi_EVP_PKEY_new_t.self)
        evpPKEYAssign = try function("EVP_PKEY_assign", as: invoi_EVP_PKEY_assign_t.self)
        pemReadBioPKCS8PRIVKEYINFO = try function(
            "PEM_read_bio_PKCS8_PRIV_KEY_INFO", as: invoi_PEM_read_bio_PKCS8_PRIV_KEY_INFO_t.self)
        pkcs12SAFEBAGGetBagNid = try function("PKCS12_SAFEBAG_get_bag_nid", as: invoi_PKCS12_SAFEBAG_get_bag_nid_t.self)
        pkcs12SAFEBAGGet1Cert = try function("PKCS12_SAFEBAG_get1_cert", as: invoi_PKCS12_SAFEBAG_get1_cert_t.self)
        opensslInitCrypto = try function("OPENSSL_init_crypto", as: invoi_OPENSSL_init_crypto_t.self)
    }

    private static func load() -> Result<LibCrypto, SigningError> {
        var reasons: [String] = []
        for soname in sonames {
            // RTLD_DEEPBIND: libcrypto's 4,000 symbol references resolve in libcrypto and libc
            // first, not after invoi's 5,000 exported symbols and its thirty libraries — the
            // open costs 2.2 M instructions instead of 7.1 M. RTLD_LAZY: the functions a
            // signature never calls are never bound (0.1 ms less); every one invoi calls is
            // looked up by dlsym below, so a missing one still fails here.
            guard let handle = dlopen(soname, RTLD_LAZY | RTLD_LOCAL | RTLD_DEEPBIND) else {
                reasons.append(dlerror().map { String(cString: $0) } ?? "\(soname) not found")
                continue
            }
            do throws(SigningError) {
                let library = try LibCrypto { dlsym(handle, $0) }
                // OpenSSL's configuration file (/etc/ssl/openssl.cnf) is left unread: it
                // configures TLS and providers, nothing a PAdES signature uses, and reading it
                // cost about a million instructions (a thirtieth of signing one PDF).
                guard library.opensslInitCrypto(UInt64(OPENSSL_INIT_NO_LOAD_CONFIG), nil) == 1 else {
                    return .failure(.libraryUnavailable("OpenSSL's libcrypto cannot be initialised"))
                }
                return .success(library)
            } catch {
                dlclose(handle)
                return .failure(error)
            }
        }
        return .failure(
            .libraryUnavailable(
                "OpenSSL's libcrypto cannot be opened (\(reasons.joined(separator: "; "))); install libssl3"))
    }

    /// OpenSSL's queued errors of this thread as one reason ("" when there are none); the queue
    /// is emptied.
    func errorQueue() -> String {
        var reasons: [String] = []
        var buffer = [CChar](repeating: 0, count: 256)
        while case let code = errGetError(), code != 0 {
            errErrorStringN(code, &buffer, buffer.count)
            let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !reasons.contains(text) { reasons.append(text) }
        }
        return reasons.joined(separator: "; ")
    }
}

extension LibCrypto {
    /// The key of a PKCS#8 structure (a keystore's key bag, a PEM "PRIVATE KEY"). An RSA key is
    /// read by its own ASN.1 reader: OpenSSL 3.0's generic decoder (EVP_PKCS82PKEY) builds its
    /// chain of decoders anew at every call, about a millisecond, a fifth of what signing adds
    /// to a render, against a few microseconds. Other keys go through the decoder.
    func privateKey(from info: OpaquePointer) -> OpaquePointer? {
        var algorithm: OpaquePointer?
        var contents: UnsafePointer<UInt8>?
        var length: Int32 = 0
        if pkcs8PkeyGet0(&algorithm, &contents, &length, nil, info) == 1, objObj2nid(algorithm) == NID_rsaEncryption,
            contents != nil
        {
            if let rsa = d2iRSAPrivateKey(nil, &contents, Int(length)) {
                if let key = evpPKEYNew() {
                    if evpPKEYAssign(key, EVP_PKEY_RSA, UnsafeMutableRawPointer(rsa)) == 1 { return key }
                    evpPKEYFree(key)
                }
                rsaFree(rsa)
            }
            errClearError()
        }
        return evpPKCS82PKEY(info)
    }
}
