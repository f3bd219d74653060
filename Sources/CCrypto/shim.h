// libcrypto's declarations and a pointer type per function invoi calls: no `link`, the library is
// opened with dlopen on the first signature (LibCrypto.swift), so that a run that signs nothing
// does not load it.
// RSA keys are read with d2i_RSAPrivateKey, which OpenSSL 3 marks deprecated: its generic
// decoder costs a millisecond a key (LibCrypto.privateKey(from:)).
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/bio.h>
#include <openssl/cms.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/pem.h>
#include <openssl/pkcs12.h>
#include <openssl/pkcs7.h>
#include <openssl/provider.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

typedef __typeof__(BIO_new_mem_buf) *invoi_BIO_new_mem_buf_t;
typedef __typeof__(BIO_free) *invoi_BIO_free_t;
typedef __typeof__(d2i_PKCS12) *invoi_d2i_PKCS12_t;
typedef __typeof__(PKCS12_free) *invoi_PKCS12_free_t;
typedef __typeof__(PKCS12_mac_present) *invoi_PKCS12_mac_present_t;
typedef __typeof__(PKCS12_verify_mac) *invoi_PKCS12_verify_mac_t;
typedef __typeof__(PKCS12_unpack_authsafes) *invoi_PKCS12_unpack_authsafes_t;
typedef __typeof__(PKCS12_unpack_p7data) *invoi_PKCS12_unpack_p7data_t;
typedef __typeof__(PKCS12_unpack_p7encdata) *invoi_PKCS12_unpack_p7encdata_t;
typedef __typeof__(PKCS12_SAFEBAG_get_nid) *invoi_PKCS12_SAFEBAG_get_nid_t;
typedef __typeof__(PKCS12_SAFEBAG_free) *invoi_PKCS12_SAFEBAG_free_t;
typedef __typeof__(PKCS7_free) *invoi_PKCS7_free_t;
typedef __typeof__(OBJ_nid2obj) *invoi_OBJ_nid2obj_t;
typedef __typeof__(OPENSSL_sk_num) *invoi_OPENSSL_sk_num_t;
typedef __typeof__(OPENSSL_sk_value) *invoi_OPENSSL_sk_value_t;
typedef __typeof__(OPENSSL_sk_new_null) *invoi_OPENSSL_sk_new_null_t;
typedef __typeof__(OPENSSL_sk_push) *invoi_OPENSSL_sk_push_t;
typedef __typeof__(OPENSSL_sk_free) *invoi_OPENSSL_sk_free_t;
typedef __typeof__(OPENSSL_sk_pop_free) *invoi_OPENSSL_sk_pop_free_t;
typedef __typeof__(PEM_read_bio_PrivateKey) *invoi_PEM_read_bio_PrivateKey_t;
typedef __typeof__(PEM_read_bio_X509) *invoi_PEM_read_bio_X509_t;
typedef __typeof__(X509_free) *invoi_X509_free_t;
typedef __typeof__(EVP_PKEY_free) *invoi_EVP_PKEY_free_t;
typedef __typeof__(X509_check_private_key) *invoi_X509_check_private_key_t;
typedef __typeof__(X509_get0_notBefore) *invoi_X509_get0_notBefore_t;
typedef __typeof__(X509_get0_notAfter) *invoi_X509_get0_notAfter_t;
typedef __typeof__(X509_check_issued) *invoi_X509_check_issued_t;
typedef __typeof__(X509_get0_pubkey) *invoi_X509_get0_pubkey_t;
typedef __typeof__(X509_verify) *invoi_X509_verify_t;
typedef __typeof__(ASN1_TIME_to_tm) *invoi_ASN1_TIME_to_tm_t;
typedef __typeof__(X509_get_key_usage) *invoi_X509_get_key_usage_t;
typedef __typeof__(i2d_X509) *invoi_i2d_X509_t;
typedef __typeof__(X509_get_subject_name) *invoi_X509_get_subject_name_t;
typedef __typeof__(X509_NAME_oneline) *invoi_X509_NAME_oneline_t;
typedef __typeof__(EVP_PKEY_get_base_id) *invoi_EVP_PKEY_get_base_id_t;
typedef __typeof__(EVP_PKEY_get_bits) *invoi_EVP_PKEY_get_bits_t;
typedef __typeof__(EVP_PKEY_get_size) *invoi_EVP_PKEY_get_size_t;
typedef __typeof__(EVP_PKEY_get_group_name) *invoi_EVP_PKEY_get_group_name_t;
typedef __typeof__(EVP_sha256) *invoi_EVP_sha256_t;
typedef __typeof__(EVP_MD_CTX_new) *invoi_EVP_MD_CTX_new_t;
typedef __typeof__(EVP_MD_CTX_free) *invoi_EVP_MD_CTX_free_t;
typedef __typeof__(EVP_DigestInit_ex) *invoi_EVP_DigestInit_ex_t;
typedef __typeof__(EVP_DigestUpdate) *invoi_EVP_DigestUpdate_t;
typedef __typeof__(EVP_DigestFinal_ex) *invoi_EVP_DigestFinal_ex_t;
typedef __typeof__(EVP_DigestSignInit) *invoi_EVP_DigestSignInit_t;
typedef __typeof__(EVP_DigestSign) *invoi_EVP_DigestSign_t;
typedef __typeof__(CMS_sign) *invoi_CMS_sign_t;
typedef __typeof__(CMS_add1_signer) *invoi_CMS_add1_signer_t;
typedef __typeof__(CMS_add1_cert) *invoi_CMS_add1_cert_t;
typedef __typeof__(CMS_signed_add1_attr_by_NID) *invoi_CMS_signed_add1_attr_by_NID_t;
typedef __typeof__(CMS_signed_get_attr_count) *invoi_CMS_signed_get_attr_count_t;
typedef __typeof__(CMS_signed_get_attr) *invoi_CMS_signed_get_attr_t;
typedef __typeof__(CMS_SignerInfo_get0_signature) *invoi_CMS_SignerInfo_get0_signature_t;
typedef __typeof__(ASN1_STRING_set) *invoi_ASN1_STRING_set_t;
typedef __typeof__(ASN1_item_i2d) *invoi_ASN1_item_i2d_t;
typedef __typeof__(PKCS7_ATTR_SIGN_it) *invoi_PKCS7_ATTR_SIGN_it_t;
typedef __typeof__(i2d_CMS_ContentInfo) *invoi_i2d_CMS_ContentInfo_t;
typedef __typeof__(CMS_ContentInfo_free) *invoi_CMS_ContentInfo_free_t;
typedef __typeof__(CRYPTO_free) *invoi_CRYPTO_free_t;
typedef __typeof__(ERR_get_error) *invoi_ERR_get_error_t;
typedef __typeof__(ERR_error_string_n) *invoi_ERR_error_string_n_t;
typedef __typeof__(ERR_clear_error) *invoi_ERR_clear_error_t;
typedef __typeof__(OSSL_PROVIDER_try_load) *invoi_OSSL_PROVIDER_try_load_t;
typedef __typeof__(PKCS12_SAFEBAG_get0_p8inf) *invoi_PKCS12_SAFEBAG_get0_p8inf_t;
typedef __typeof__(EVP_PKCS82PKEY) *invoi_EVP_PKCS82PKEY_t;
typedef __typeof__(PKCS12_decrypt_skey) *invoi_PKCS12_decrypt_skey_t;
typedef __typeof__(PKCS8_PRIV_KEY_INFO_free) *invoi_PKCS8_PRIV_KEY_INFO_free_t;
typedef __typeof__(PKCS12_SAFEBAG_get_bag_nid) *invoi_PKCS12_SAFEBAG_get_bag_nid_t;
typedef __typeof__(PKCS12_SAFEBAG_get1_cert) *invoi_PKCS12_SAFEBAG_get1_cert_t;
typedef __typeof__(OPENSSL_init_crypto) *invoi_OPENSSL_init_crypto_t;
typedef __typeof__(PKCS8_pkey_get0) *invoi_PKCS8_pkey_get0_t;
typedef __typeof__(OBJ_obj2nid) *invoi_OBJ_obj2nid_t;
typedef __typeof__(d2i_RSAPrivateKey) *invoi_d2i_RSAPrivateKey_t;
typedef __typeof__(RSA_free) *invoi_RSA_free_t;
typedef __typeof__(EVP_PKEY_new) *invoi_EVP_PKEY_new_t;
typedef __typeof__(EVP_PKEY_assign) *invoi_EVP_PKEY_assign_t;
typedef __typeof__(PEM_read_bio_PKCS8_PRIV_KEY_INFO) *invoi_PEM_read_bio_PKCS8_PRIV_KEY_INFO_t;
