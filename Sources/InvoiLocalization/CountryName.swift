import Foundation

/// A country's name in a language, as CLDR has it ("Deutschland", "גרמניה").
public enum CountryName {
    /// The name of the ISO 3166-1 `code` in `language`; the code itself when CLDR has none.
    public static func of(_ code: String, in language: String) -> String {
        Locale(identifier: language).localizedString(forRegionCode: code) ?? code
    }
}
