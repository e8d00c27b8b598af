/// Why the load runs.
enum LoadMode {
  /// A new load: a lock, a kept credential and counted attempts of before are forgotten.
  case load
  /// The last load again, with the credential that unlocked it.
  case reload
  /// An unlock: the operation runs with a credential to try while the lock stays.
  case unlock
}
