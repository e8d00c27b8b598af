import StatefulContent

/// A placeholder small enough to be stored inline, with padding bytes between its fields.
struct PaddedPlaceholder: Placeholder {
  var byte: UInt8
  var word: Int32
}
