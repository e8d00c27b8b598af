/// A value on the heap, for state most machines never use: a machine keeps a `nil` reference
/// (8 bytes) until the first time it needs the value, instead of carrying it inline.
final class Box<Value> {
  var value: Value

  init(_ value: Value) {
    self.value = value
  }
}
