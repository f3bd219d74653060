import ArgumentParser
import InvoiDocument

extension OutputFormat: ExpressibleByArgument {}
extension PaperSize: ExpressibleByArgument {}
extension ColorMode: ExpressibleByArgument {}
