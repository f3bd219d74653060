/// How the sanitiser renames a logo's ids so that none can collide with the page's:
/// the root always gets `logo` (the anchor its stylesheets are scoped to), every other
/// element `logo-` and its own id. No renamed id can be `logo`, so the root's is unique.
struct IDRenaming: Sendable {
    static let rootID = "logo"
    static let prefix = "logo-"

    /// The source root's own id: references to it now point at `rootID`.
    var sourceRootID: String?

    /// The id written for a non-root element whose id was `id`.
    func renamed(_ id: String) -> String { Self.prefix + id }

    /// What a reference to `id` (`#id`, `url(#id)`, a `#id` selector) points at now.
    func target(of id: String) -> String { id == sourceRootID ? Self.rootID : renamed(id) }
}
