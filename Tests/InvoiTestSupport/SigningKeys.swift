import Foundation

/// Keys and certificates for the signing tests, made at test time with the openssl command
/// (no private key is ever committed), in a directory of their own:
///
/// - `rsa.key`, `rsa.pem`, `rsa.p12` (password `secret`): RSA-2048, digitalSignature and
///   nonRepudiation; `rsa-plain.p12` with an empty password; `legacy.p12` encrypted as older
///   tools do (RC2, 3DES)
/// - `ec256.key`/`ec256.pem`, `ec384.key`/`ec384.pem`: EC P-256 and P-384, no key usage
/// - `rsa4096.key`/`rsa4096.pem`; `rsa1024.key`/`rsa1024.pem` (too small to sign with)
/// - `ca.key`/`ca.pem` (keyCertSign and cRLSign only) and `leaf.key`/`leaf.pem`, signed by it
/// - `expired.key`/`expired.pem` (2020 to 2021), `future.key`/`future.pem` (2099 to 2100);
///   `new.key`/`new.pem` valid from the clock's now for 30 days; the others from 2026-01-01 to
///   2036-01-01, so that the tests' SOURCE_DATE_EPOCH (2026-03-12, the signing time) is inside
/// - `encrypted.key`: `rsa.key` encrypted with the password `secret` (PKCS#8);
///   `rsa-traditional.key`: `rsa.key` in the older `BEGIN RSA PRIVATE KEY` form
public struct SigningKeys: Sendable {
    public let directory: URL
    public static let password = "secret"

    public func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    /// Makes every file; throws with openssl's messages when a step fails.
    public init() throws {
        directory = try Tools.temporaryDirectory()
        let script = """
            set -e
            subject() { printf '/CN=%s/O=invoi tests' "$1"; }
            # openssl ca sets any start and end date (req -x509 starts at the clock's now, later
            # than the tests' SOURCE_DATE_EPOCH, the signing time).
            printf '[ca]\\ndefault_ca=d\\n[d]\\ndatabase=index.txt\\nnew_certs_dir=.\\nserial=serial\\n'\\
            'default_md=sha256\\npolicy=p\\n[p]\\ncommonName=supplied\\norganizationName=optional\\n' > dated.cnf
            # NAME START END SUBJECT EXTENSION... -- KEY OPTIONS...: a self-signed certificate with
            # req -x509's extensions and the given ones.
            selfsigned() {
              local name="$1" start="$2" end="$3" subject="$4"; shift 4
              printf 'subjectKeyIdentifier=hash\\nauthorityKeyIdentifier=keyid:always,issuer\\n' > "$name.ext"
              printf 'basicConstraints=critical,CA:true\\n' >> "$name.ext"
              while [ "$1" != -- ]; do printf '%s\\n' "$1" >> "$name.ext"; shift; done; shift
              : > index.txt; echo 01 > serial
              openssl req -new -nodes -subj "$subject" -keyout "$name.key" -out "$name.csr" "$@" 2>/dev/null
              openssl ca -config dated.cnf -selfsign -keyfile "$name.key" -in "$name.csr" -startdate "$start" \\
                -enddate "$end" -extfile "$name.ext" -batch -notext -out "$name.pem" 2>/dev/null
            }
            req() { selfsigned "$1" 20260101000000Z 20360101000000Z "$(subject "$2")" "${@:3}"; }
            req rsa 'Test Signer RSA' 'keyUsage=critical,digitalSignature,nonRepudiation' -- -newkey rsa:2048
            openssl pkcs12 -export -inkey rsa.key -in rsa.pem -out rsa.p12 -passout pass:secret
            openssl pkcs12 -export -inkey rsa.key -in rsa.pem -out rsa-plain.p12 -passout pass:
            openssl pkcs12 -export -legacy -inkey rsa.key -in rsa.pem -out legacy.p12 -passout pass:secret
            req ec256 'Test Signer P-256' -- -newkey ec -pkeyopt ec_paramgen_curve:P-256
            req ec384 'Test Signer P-384' -- -newkey ec -pkeyopt ec_paramgen_curve:P-384
            req rsa4096 'Test Signer RSA-4096' -- -newkey rsa:4096
            req rsa1024 'Test Signer RSA-1024' -- -newkey rsa:1024
            req ca 'Test CA' 'keyUsage=critical,keyCertSign,cRLSign' -- -newkey rsa:2048
            openssl req -new -newkey rsa:2048 -nodes -keyout leaf.key -out leaf.csr -subj "$(subject 'Test Leaf')" 2>/dev/null
            printf 'keyUsage=critical,digitalSignature,nonRepudiation\\n' > leaf.ext
            : > index.txt; echo 02 > serial
            openssl ca -config dated.cnf -cert ca.pem -keyfile ca.key -in leaf.csr -startdate 20260101000000Z \\
              -enddate 20360101000000Z -extfile leaf.ext -batch -notext -out leaf.pem 2>/dev/null
            # Valid from the clock's now for 30 days, as a certificate just issued.
            openssl req -x509 -days 30 -nodes -subj "$(subject 'Test Signer New')" -newkey rsa:2048 \\
              -keyout new.key -out new.pem -addext 'keyUsage=critical,digitalSignature' 2>/dev/null
            openssl pkey -in rsa.key -aes256 -passout pass:secret -out encrypted.key
            openssl rsa -in rsa.key -traditional -out rsa-traditional.key 2>/dev/null
            # Certificates outside their validity.
            dated() {
              : > index.txt; echo 01 > serial
              openssl req -new -newkey rsa:2048 -nodes -keyout "$1.key" -out "$1.csr" -subj "/CN=$1" 2>/dev/null
              openssl ca -config dated.cnf -selfsign -keyfile "$1.key" -in "$1.csr" -startdate "$2" -enddate "$3" \\
                -batch -notext -out "$1.pem" 2>/dev/null
            }
            dated expired 20200101000000Z 20210101000000Z
            dated future 20990101000000Z 21000101000000Z
            """
        let run = try Tools.execute(
            URL(fileURLWithPath: "/bin/bash"), ["-c", script], in: directory)
        guard run.status == 0 else {
            try? FileManager.default.removeItem(at: directory)
            throw SigningKeysError(
                description: "openssl could not make the test keys: "
                    + String(decoding: run.standardError, as: UTF8.self))
        }
    }

    /// Removes the keys.
    public func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// `two.p12`: a keystore holding the RSA and the P-256 key, with no password. openssl's
    /// command puts one key in a keystore, so two plain keystores are joined with asn1crypto
    /// (through `python`, an interpreter that has it: the PDF checker's).
    public func makeKeystoreWithTwoKeys(python: String) throws -> String {
        let script = """
            set -e
            openssl pkcs12 -export -inkey rsa.key -in rsa.pem -out a.p12 -keypbe NONE -certpbe NONE -nomac -passout pass:
            openssl pkcs12 -export -inkey ec256.key -in ec256.pem -out b.p12 -keypbe NONE -certpbe NONE -nomac -passout pass:
            "$PYTHON" - <<'PY'
            from asn1crypto import cms, core, pkcs12
            def safes(path):
                return list(pkcs12.Pfx.load(open(path, 'rb').read()).authenticated_safe)
            both = pkcs12.AuthenticatedSafe(safes('a.p12') + safes('b.p12'))
            content = cms.ContentInfo({'content_type': 'data', 'content': core.OctetString(both.dump())})
            open('two.p12', 'wb').write(pkcs12.Pfx({'version': 'v3', 'auth_safe': content}).dump())
            PY
            """
        var environment = ProcessInfo.processInfo.environment
        environment["PYTHON"] = python
        let run = try Tools.execute(
            URL(fileURLWithPath: "/bin/bash"), ["-c", script], in: directory, environment: environment)
        guard run.status == 0 else {
            throw SigningKeysError(
                description: "could not join two keystores: " + String(decoding: run.standardError, as: UTF8.self))
        }
        return path("two.p12")
    }
}

public struct SigningKeysError: Error, CustomStringConvertible {
    public var description: String

    public init(description: String) {
        self.description = description
    }
}
