import Dispatch
import Foundation
import StatefulContent

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The reader's connectivity source: whether the feed's server accepts a TCP connection,
/// probed at once and then on an interval, each result reported.
///
/// The model follows it (`followConnectivity(_:)`), so that a page that cannot be loaded for
/// want of the server waits for it — the waiting state, or the items marked offline — and is
/// loaded once more when the server accepts connections again. Every probe's result is
/// reported, also the same one again: a load that failed with a connection error is tried
/// again on the next `reachable` report, not only on a change.
///
/// The default probe opens a TCP connection to the host and port and closes it at once: it
/// asks exactly whether the server is there, sends no HTTP request (nothing in the server's
/// log, no load on its handlers, no slow page to wait for) and gives up after a timeout
/// counted in milliseconds. A timeout or a refusal is unreachable. A server that accepts
/// connections and answers badly is reachable: its answers are errors, not a missing network.
///
/// ```swift
/// let reachability = HostReachability(url: URL(string: "http://127.0.0.1:8000/feed.json")!)
/// for await report in reachability { print(report) }  // reachable, reachable, unreachable, …
/// ```
public struct HostReachability: AsyncSequence, Sendable {
  /// Each probe's result.
  public typealias Element = Reachability
  /// Probing never fails: a failure is ``Reachability/unreachable``.
  public typealias Failure = Never

  /// Where a probe connects: a host name or address and a TCP port.
  public struct Endpoint: Hashable, Sendable, CustomStringConvertible {
    /// The host's name or address, such as `127.0.0.1` or `example.org`.
    public var host: String
    /// The TCP port, such as 8000.
    public var port: Int

    /// Creates an endpoint.
    ///
    /// - Parameters:
    ///   - host: The host's name or address.
    ///   - port: The TCP port.
    public init(host: String, port: Int) {
      self.host = host
      self.port = port
    }

    /// The endpoint of an address: its host, and its port or the scheme's (443 for https,
    /// else 80); `nil` for an address without a host.
    ///
    /// - Parameter url: An address, such as `http://127.0.0.1:8000/feed.json`.
    public init?(url: URL) {
      guard let host = url.host, !host.isEmpty else { return nil }
      // A literal IPv6 address comes in brackets, which getaddrinfo does not take.
      self.host = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
      port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
    }

    /// `host:port`.
    public var description: String { "\(host):\(port)" }
  }

  /// Where the probes connect.
  public let endpoint: Endpoint
  /// The time between the end of a probe and the start of the next.
  public let interval: Duration
  private let clock: any Clock<Duration>
  private let probe: @Sendable (Endpoint) async -> Bool

  /// Creates a source that probes an endpoint.
  ///
  /// - Parameters:
  ///   - endpoint: Where the probes connect.
  ///   - interval: The time between probes. Defaults to 1 second; negative counts as zero.
  ///   - clock: The clock of the interval. Tests pass a `ManualClock`. Defaults to the
  ///     continuous clock.
  ///   - probe: Whether the endpoint can be reached now. Defaults to
  ///     ``acceptsConnection(to:timeout:)`` with a timeout of 1 second.
  public init(
    endpoint: Endpoint, interval: Duration = .seconds(1),
    clock: any Clock<Duration> = ContinuousClock(),
    probe: @escaping @Sendable (Endpoint) async -> Bool = {
      await HostReachability.acceptsConnection(to: $0, timeout: .seconds(1))
    }
  ) {
    self.endpoint = endpoint
    self.interval = Swift.max(interval, .zero)
    self.clock = clock
    self.probe = probe
  }

  /// Creates a source that probes the server of an address, with the default probe.
  ///
  /// - Parameters:
  ///   - url: The feed's address; its host and port (or the scheme's) are probed.
  ///   - interval: The time between probes. Defaults to 1 second.
  /// - Returns: `nil` for an address without a host.
  public init?(url: URL, interval: Duration = .seconds(1)) {
    guard let endpoint = Endpoint(url: url) else { return nil }
    self.init(endpoint: endpoint, interval: interval)
  }

  /// Makes an iterator that probes at once, then after each interval, until its task is
  /// cancelled.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(source: self)
  }

  /// Probes the endpoint: at once the first time, after the interval from then on.
  public struct AsyncIterator: AsyncIteratorProtocol {
    let source: HostReachability
    var hasProbed = false

    /// The next probe's result, or `nil` once the task is cancelled.
    public mutating func next() async -> Reachability? {
      if hasProbed {
        do { try await source.clock.sleep(for: source.interval) } catch { return nil }
      }
      guard !Task.isCancelled else { return nil }
      hasProbed = true
      return await source.probe(source.endpoint) ? .reachable : .unreachable
    }
  }

  // MARK: The probe

  /// Whether an endpoint accepts a TCP connection within a timeout: the host's addresses are
  /// looked up and tried in turn, each connection closed at once.
  ///
  /// The lookup and the connection block a thread, so they run on a dispatch queue, not on
  /// the tasks' threads.
  ///
  /// - Parameters:
  ///   - endpoint: The host and port.
  ///   - timeout: How long each address may take to accept; negative counts as zero.
  /// - Returns: `true` when an address accepted the connection.
  public static func acceptsConnection(to endpoint: Endpoint, timeout: Duration) async -> Bool {
    let (seconds, attoseconds) = Swift.max(timeout, .zero).components
    let milliseconds = Int32(
      clamping: Swift.min(seconds, 1_000_000) * 1000 + attoseconds / 1_000_000_000_000_000)
    return await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(
          returning: connects(to: endpoint, timeoutMilliseconds: milliseconds))
      }
    }
  }

  /// Looks the host up and connects to its addresses in turn, blocking.
  private static func connects(to endpoint: Endpoint, timeoutMilliseconds: Int32) -> Bool {
    guard (1...65_535).contains(endpoint.port) else { return false }
    var hints = addrinfo()
    hints.ai_socktype = streamSocket
    var found: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(endpoint.host, String(endpoint.port), &hints, &found) == 0 else {
      return false
    }
    defer { freeaddrinfo(found) }
    var next = found
    while let address = next?.pointee {
      if connects(to: address, timeoutMilliseconds: timeoutMilliseconds) { return true }
      next = address.ai_next
    }
    return false
  }

  /// Connects to one address without blocking, waits for the connection up to the timeout,
  /// and closes it.
  private static func connects(to address: addrinfo, timeoutMilliseconds: Int32) -> Bool {
    let descriptor = socket(address.ai_family, streamSocket, 0)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    guard fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK) == 0 else {
      return false
    }
    if connect(descriptor, address.ai_addr, address.ai_addrlen) == 0 { return true }
    guard errno == EINPROGRESS else { return false }
    var waiting = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
    var ready: Int32
    repeat {
      ready = poll(&waiting, 1, timeoutMilliseconds)
    } while ready < 0 && errno == EINTR
    guard ready == 1 else { return false }
    var failure: Int32 = 0
    var length = socklen_t(MemoryLayout<Int32>.size)
    guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &failure, &length) == 0 else {
      return false
    }
    return failure == 0
  }

  /// `SOCK_STREAM`, an enumeration's case on Glibc and a number on Darwin.
  #if canImport(Glibc)
    private static let streamSocket = Int32(SOCK_STREAM.rawValue)
  #else
    private static let streamSocket = SOCK_STREAM
  #endif
}
