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
/// - `expired.key`/`expired.pem` (2020 to 2021), `future.key`/`future.pem` (2099 to 2100)
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
            req() { openssl req -x509 -days 30 -nodes -subj "$(subject "$1")" "${@:2}" 2>/dev/null; }
            req 'Test Signer RSA' -newkey rsa:2048 -keyout rsa.key -out rsa.pem \\
              -addext 'keyUsage=critical,digitalSignature,nonRepudiation'
            openssl pkcs12 -export -inkey rsa.key -in rsa.pem -out rsa.p12 -passout pass:secret
            openssl pkcs12 -export -inkey rsa.key -in rsa.pem -out rsa-plain.p12 -passout pass:
            openssl pkcs12 -export -legacy -inkey rsa.key -in rsa.pem -out legacy.p12 -passout pass:secret
            req 'Test Signer P-256' -newkey ec -pkeyopt ec_paramgen_curve:P-256 -keyout ec256.key -out ec256.pem
            req 'Test Signer P-384' -newkey ec -pkeyopt ec_paramgen_curve:P-384 -keyout ec384.key -out ec384.pem
            req 'Test Signer RSA-4096' -newkey rsa:4096 -keyout rsa4096.key -out rsa4096.pem
            req 'Test Signer RSA-1024' -newkey rsa:1024 -keyout rsa1024.key -out rsa1024.pem
            req 'Test CA' -newkey rsa:2048 -keyout ca.key -out ca.pem \\
              -addext 'keyUsage=critical,keyCertSign,cRLSign' -addext 'basicConstraints=critical,CA:true'
            openssl req -new -newkey rsa:2048 -nodes -keyout leaf.key -out leaf.csr -subj "$(subject 'Test Leaf')" 2>/dev/null
            printf 'keyUsage=critical,digitalSignature,nonRepudiation\\n' > leaf.ext
            openssl x509 -req -in leaf.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 30 -extfile leaf.ext \\
              -out leaf.pem 2>/dev/null
            openssl pkey -in rsa.key -aes256 -passout pass:secret -out encrypted.key
            openssl rsa -in rsa.key -traditional -out rsa-traditional.key 2>/dev/null
            # Certificates outside their validity: openssl ca sets any start and end date.
            printf '[ca]\\ndefault_ca=d\\n[d]\\ndatabase=index.txt\\nnew_certs_dir=.\\nserial=serial\\n'\\
            'default_md=sha256\\npolicy=p\\n[p]\\ncommonName=supplied\\n' > dated.cnf
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
