#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value guarded by a POSIX mutex, for the few places where the library and its test doubles
/// share state across threads.
///
/// It exists instead of `Synchronization.Mutex` because the thread sanitizer does not see the
/// futex that `Mutex` uses on Linux and reports false data races inside it; a pthread mutex is
/// understood by the sanitizer, so CI's sanitizer run stays meaningful; and `Mutex` needs
/// macOS 15 and iOS 18, above the package's floor. Visible to the package only: it is not
/// public API.
package final class LockedState<State> {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var state: State

  /// Creates the lock around an initial value.
  package init(_ state: State) {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    self.state = state
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` with exclusive access to the value.
  package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&state)
  }
}

// @unchecked Sendable: `state` is read and written only inside `withLock`, between
// pthread_mutex_lock and pthread_mutex_unlock, and the mutex itself never moves.
extension LockedState: @unchecked Sendable where State: Sendable {}
