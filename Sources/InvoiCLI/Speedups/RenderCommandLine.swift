import ArgumentParser
import InvoiDocument
import InvoiEInvoice
import InvoiRender

/// `invoi render …` read without ArgumentParser, when the command line is one this reader
/// understands completely: ArgumentParser reflects every option of `render` at each parse
/// (a Mirror over its property wrappers, their decoding, and the first-time protocol
/// conformance look-ups these cause, each a scan of the binary's conformance records),
/// about a quarter of a one-invoice render's instructions.
///
/// It reads only what ArgumentParser reads the same way: long options as `--name value` or
/// `--name=value`, `-o value`, the three flags, and inputs (any argument not starting with
/// `-`, or `-` itself). A value is converted by the initializer ArgumentParser calls
/// (`init(argument:)`), and the request must pass `RenderCommand`'s own checks. Anything
/// else — help, completions, `--`, an unknown or repeated option, a value that starts with
/// `-` or is empty, a value that does not convert, a request that fails the checks — gives
/// nil, and the command line goes to ArgumentParser, which prints the message and exits
/// as it always has. RenderCommandLineTests reads every option both ways and compares.
struct RenderCommandLine {
    let request: RenderRequest
    let inputs: InputList

    /// The arguments of `vector` from `start` on (after the subcommand's name).
    init?(_ vector: ArgumentVector, from start: Int) {
        var request = RenderRequest()
        var inputs = InputList(arguments: vector)
        var given = Set<Name>()
        var index = start
        while index < vector.count {
            if !vector.startsWithDash(at: index) {
                // A run of inputs, left in the vector.
                var end = index
                while end < vector.count, !vector.startsWithDash(at: end) {
                    guard !vector.isEmpty(at: end) else { return nil }
                    end += 1
                }
                inputs.append(argumentsAt: index..<end)
                index = end
                continue
            }
            if vector.isLoneDash(at: index) {
                inputs.append("-")
                index += 1
                continue
            }
            let argument = vector[index]
            index += 1
            var written = Substring(argument)
            var attached: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                written = argument[..<equals]
                attached = String(argument[argument.index(after: equals)...])
            }
            guard let name = Name(written), given.insert(name).inserted else { return nil }
            if name.isFlag {
                guard attached == nil else { return nil }
                request.setFlag(name)
                continue
            }
            let value: String
            if let attached {
                value = attached
            } else {
                guard index < vector.count, !vector.startsWithDash(at: index) || vector.isLoneDash(at: index) else {
                    return nil
                }
                value = vector[index]
                index += 1
            }
            guard !value.isEmpty, request.set(name, to: value) else { return nil }
        }
        guard (try? request.validate(hasInputs: !inputs.isEmpty)) != nil else { return nil }
        self.request = request
        self.inputs = inputs
    }

    /// The options of `render`, by the name ArgumentParser gives each (RenderCommand).
    enum Name: String, CaseIterable {
        case sample = "--sample", format = "--format", profile = "--profile", output = "--output"
        case outDirectory = "--out-dir", naming = "--name-by", paper = "--paper", dpi = "--dpi", width = "--width"
        case color = "--color", accent = "--accent", language = "--language", locale = "--locale"
        case digits = "--digits", bidi = "--bidi", copyMark = "--copy-mark", font = "--font"
        case jobs = "--jobs", jsonl = "--jsonl", signKeystore = "--sign", signKey = "--sign-key"
        case signCertificate = "--sign-cert", signChain = "--sign-chain"
        case signPasswordFile = "--sign-password-file", pdfStandard = "--pdf-standard", untagged = "--untagged"
        case paymentQR = "--payment-qr", theme = "--theme", design = "--design"
        case extractAttachments = "--extract-attachments"

        /// `-o` is `--output`'s short name.
        init?(_ written: Substring) {
            if written == "-o" {
                self = .output
            } else {
                self.init(rawValue: String(written))
            }
        }

        var isFlag: Bool { self == .sample || self == .jsonl || self == .untagged }
    }
}

extension RenderRequest {
    fileprivate mutating func setFlag(_ name: RenderCommandLine.Name) {
        switch name {
        case .sample: sample = true
        case .jsonl: jsonl = true
        case .untagged: untagged = true
        default: preconditionFailure("\(name) takes a value")
        }
    }

    /// Sets the option to `value` as ArgumentParser converts it; false when it does not convert.
    fileprivate mutating func set(_ name: RenderCommandLine.Name, to value: String) -> Bool {
        switch name {
        case .format: return Self.convert(value, into: &format)
        case .profile: return Self.convert(value, into: &profile)
        case .paper: return Self.convert(value, into: &paper)
        case .naming: return Self.convert(value, into: &naming)
        case .dpi: return Self.convert(value, into: &dpi)
        case .width: return Self.convert(value, into: &width)
        case .color: return Self.convert(value, into: &color)
        case .bidi: return Self.convert(value, into: &bidi)
        case .jobs: return Self.convert(value, into: &jobs)
        case .paymentQR: return Self.convert(value, into: &paymentQR)
        case .output: output = value
        case .outDirectory: outDirectory = value
        case .accent: accent = value
        case .language: language = value
        case .locale: locale = value
        case .digits: digits = value
        case .copyMark: copyMark = value
        case .font: font = value
        case .signKeystore: signKeystore = value
        case .signKey: signKey = value
        case .signCertificate: signCertificate = value
        case .signChain: signChain = value
        case .signPasswordFile: signPasswordFile = value
        case .pdfStandard: pdfStandard = value
        case .theme: theme = value
        case .design: design = value
        case .extractAttachments: extractAttachments = value
        case .sample, .jsonl, .untagged: preconditionFailure("\(name) is a flag")
        }
        return true
    }

    private static func convert<Value: ExpressibleByArgument>(_ text: String, into value: inout Value) -> Bool {
        guard let converted = Value(argument: text) else { return false }
        value = converted
        return true
    }

    private static func convert<Value: ExpressibleByArgument>(_ text: String, into value: inout Value?) -> Bool {
        guard let converted = Value(argument: text) else { return false }
        value = converted
        return true
    }
}
