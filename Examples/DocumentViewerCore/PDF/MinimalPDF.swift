/// Writes small, valid PDFs by hand: one Helvetica text stream per page, no outside tool.
///
/// The sample tour and the tests need real PDFs, and the viewer must not depend on a PDF
/// writer. A document has a catalog, a page tree, one font and, per page, a page object and a
/// content stream; the cross-reference table records each object's byte offset, so `qpdf
/// --check` and poppler read it without repairing anything.
///
/// A page without lines gets a content stream that paints a grey rectangle and no text, like a
/// scanned page: `pdftotext` finds nothing on it.
///
/// ```swift
/// let bytes = MinimalPDF.document(pages: [["Hello, PDF."], []])   // a text page, a "scan"
/// ```
public enum MinimalPDF {
  /// The font size of the text, in points.
  public static let fontSize = 12
  /// The distance between two lines' baselines, in points.
  public static let leading = 16

  /// The bytes of a PDF with the given pages.
  ///
  /// Text is written in the PDF's standard Latin encoding: printable ASCII is kept (with `\`,
  /// `(` and `)` escaped); any other character becomes `?`.
  ///
  /// - Parameter pages: The lines of text of each page, top to bottom; a page with no lines
  ///   has no text. No pages makes one empty page, since a PDF needs one.
  /// - Returns: The PDF file's bytes.
  public static func document(pages: [[String]]) -> [UInt8] {
    let pages = pages.isEmpty ? [[]] : pages
    // Objects: 1 catalog, 2 page tree, 3 font, then a page and its contents per page.
    let pageNumbers = pages.indices.map { 4 + 2 * $0 }
    var objects: [String] = [
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [\(pageNumbers.map { "\($0) 0 R" }.joined(separator: " "))] "
        + "/Count \(pages.count) >>",
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    ]
    for (index, lines) in pages.enumerated() {
      let contents = pageNumbers[index] + 1
      objects.append(
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
          + "/Resources << /Font << /F1 3 0 R >> >> /Contents \(contents) 0 R >>")
      let stream = contentStream(lines)
      objects.append("<< /Length \(stream.utf8.count) >>\nstream\n\(stream)\nendstream")
    }

    var bytes = Array("%PDF-1.4\n".utf8) + [0x25, 0xE2, 0xE3, 0xCF, 0xD3, 0x0A]
    var offsets: [Int] = []
    for (index, object) in objects.enumerated() {
      offsets.append(bytes.count)
      bytes += "\(index + 1) 0 obj\n\(object)\nendobj\n".utf8
    }
    let xrefOffset = bytes.count
    bytes += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n".utf8
    for offset in offsets { bytes += "\(padded(offset)) 00000 n \n".utf8 }
    bytes += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\n".utf8
    bytes += "startxref\n\(xrefOffset)\n%%EOF\n".utf8
    return bytes
  }

  /// A page's content stream: its lines as text, or a grey rectangle when it has none.
  ///
  /// - Parameter lines: The page's lines, top to bottom.
  /// - Returns: The stream's operators, such as `BT /F1 12 Tf 16 TL 72 720 Td (Hi) Tj T* ET`.
  public static func contentStream(_ lines: [String]) -> String {
    guard !lines.isEmpty else { return "0.8 g 72 520 468 200 re f" }
    let shown = lines.map { "(\(escaped($0))) Tj T*" }.joined(separator: " ")
    return "BT /F1 \(fontSize) Tf \(leading) TL 72 720 Td \(shown) ET"
  }

  /// Text as the inside of a PDF literal string: `\`, `(` and `)` escaped, printable ASCII
  /// kept, anything else replaced by `?`.
  ///
  /// - Parameter text: The text.
  /// - Returns: The escaped text, without the parentheses around it.
  public static func escaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\", "(", ")": result += "\\\(scalar)"
      case " "..."~": result.unicodeScalars.append(scalar)
      default: result += "?"
      }
    }
    return result
  }

  /// A byte offset as the ten digits of a cross-reference entry.
  private static func padded(_ offset: Int) -> String {
    let digits = String(offset)
    return String(repeating: "0", count: max(10 - digits.count, 0)) + digits
  }
}
