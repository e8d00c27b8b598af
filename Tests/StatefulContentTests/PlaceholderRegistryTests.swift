import XCTest

@testable import StatefulContent

final class PlaceholderRegistryTests: XCTestCase {
  private let offline = CustomStateKey("offline")
  private let banner = BannerPlaceholder(text: "Nothing here")

  private let english = BuiltInPlaceholders(.english)

  /// The placeholder `configureBuiltIn` lends the hook for a state.
  private func builtIn(
    _ state: ContentState, attempt: Int = 1, key: LoadKey? = nil,
    builtIns: BuiltInPlaceholders = .current
  ) -> (any Placeholder)? {
    var lent: (any Placeholder)?
    _ = PlaceholderRegistry.configureBuiltIn(
      for: state, attempt: attempt, key: key, builtIns: builtIns
    ) {
      lent = $0
      return ($0, .zero)
    }
    return lent
  }

  /// The placeholder `configure` lends the hook for `base` in a state.
  private func configured(
    _ base: any Placeholder, _ state: ContentState, attempt: Int = 1,
    builtIns: BuiltInPlaceholders = .current
  ) -> (any Placeholder)? {
    var lent: (any Placeholder)?
    _ = PlaceholderRegistry.configure(base, for: state, attempt: attempt, builtIns: builtIns) {
      lent = $0
      return ($0, .zero)
    }
    return lent
  }

  // MARK: Registering

  func test_register_forIdleOrContent_throws_andRegistersNothing() {
    var registry = PlaceholderRegistry()
    for kind in [ContentState.Kind.idle, .content] {
      XCTAssertThrowsError(try registry.register(banner, for: kind, requestedKind: kind)) {
        XCTAssertEqual($0 as? StateMachineError, .stateHasNoPlaceholder(kind))
      }
      XCTAssertNil(registry.registeredPlaceholder(for: kind))
    }
    XCTAssertEqual(registry.generation, 0)
  }

  func test_register_forTheRequestedKind_asksToPresentItAgain() throws {
    var registry = PlaceholderRegistry()
    XCTAssertTrue(try registry.register(banner, for: .empty, requestedKind: .empty))
    XCTAssertEqual(
      (registry.registeredPlaceholder(for: .empty) as? BannerPlaceholder)?.text, "Nothing here")
    XCTAssertTrue(
      try registry.register(nil, for: .empty, requestedKind: .empty),
      "going back to the built-in one replaces the old placeholder on screen too")
    XCTAssertNil(registry.registeredPlaceholder(for: .empty))
  }

  func test_register_forAnotherKind_doesNotPresentAgain() throws {
    var registry = PlaceholderRegistry()
    XCTAssertFalse(try registry.register(banner, for: .error, requestedKind: .loading))
    XCTAssertFalse(try registry.register(banner, for: .custom(offline), requestedKind: .empty))
    XCTAssertNotNil(registry.registeredPlaceholder(for: .error))
    XCTAssertNil(registry.registeredPlaceholder(for: .loading))
  }

  func test_register_forTheRequestedCustomState_presentsAgain_unlessItLostItsPlaceholder()
    throws
  {
    var registry = PlaceholderRegistry()
    let kind = ContentState.Kind.custom(offline)
    XCTAssertTrue(try registry.register(banner, for: kind, requestedKind: kind))
    XCTAssertFalse(try registry.register(nil, for: kind, requestedKind: kind))
    XCTAssertNil(registry.registeredPlaceholder(for: kind))
    XCTAssertFalse(
      try registry.register(banner, for: .custom(CustomStateKey("other")), requestedKind: kind))
  }

  func test_generation_countsEverySuccessfulRegistration_removalsIncluded() throws {
    var registry = PlaceholderRegistry()
    _ = try registry.register(banner, for: .empty, requestedKind: .idle)
    _ = try registry.register(banner, for: .empty, requestedKind: .idle)
    _ = try registry.register(nil, for: .error, requestedKind: .idle)
    _ = try? registry.register(banner, for: .content, requestedKind: .idle)
    XCTAssertEqual(registry.generation, 3)
  }

  // MARK: Built-in placeholders

  func test_configureBuiltIn_forEachState_lendsStandardPlaceholders() {
    XCTAssertEqual(builtIn(.loading) as? StandardPlaceholder, .loading)
    XCTAssertEqual(builtIn(.empty) as? StandardPlaceholder, .empty)
    XCTAssertEqual(builtIn(.locked(.credentialRequired)) as? StandardPlaceholder, .locked)
    XCTAssertEqual(builtIn(.locked(.custom("licence"))) as? StandardPlaceholder, .locked)
    XCTAssertEqual(builtIn(.custom(offline)) as? StandardPlaceholder, .loading)
  }

  func test_configureBuiltIn_error_showsTheErrorsDescription() throws {
    let placeholder = try XCTUnwrap(
      builtIn(.error(TestError("disk full"))) as? StandardPlaceholder)
    XCTAssertEqual(placeholder.title, StandardPlaceholder.error.title)
    XCTAssertEqual(placeholder.message, "disk full")
    XCTAssertEqual(placeholder.actions, [.retry])
  }

  func test_configureBuiltIn_incorrectCredential_showsTheAttempt() throws {
    let placeholder = try XCTUnwrap(
      builtIn(.locked(.incorrectCredential(attempts: 2)), builtIns: english)
        as? StandardPlaceholder)
    XCTAssertEqual(placeholder.title, "Locked")
    XCTAssertEqual(placeholder.message, "Incorrect password (2 attempts).")
    XCTAssertEqual(placeholder.actions, [.unlock(in: .english)])
  }

  func test_configureBuiltIn_loading_carriesTheProgressAndTheRetry() throws {
    let placeholder = try XCTUnwrap(
      builtIn(.loading(progress: 0.3), attempt: 3, builtIns: english) as? StandardPlaceholder)
    XCTAssertEqual(placeholder.title, "Loading…")
    XCTAssertEqual(placeholder.progress, 0.3)
    XCTAssertEqual(placeholder.message, "Retrying (attempt 3)…")
  }

  func test_configureBuiltIn_returnsWhatTheHookReturns() {
    let insets = EdgeInsets(all: 8)
    var calls = 0
    let (placeholder, returnedInsets) = PlaceholderRegistry.configureBuiltIn(
      for: .empty, attempt: 1
    ) { _ in
      calls += 1
      return (BannerPlaceholder(text: "hooked"), insets)
    }
    XCTAssertEqual(calls, 1)
    XCTAssertEqual((placeholder as? BannerPlaceholder)?.text, "hooked")
    XCTAssertEqual(returnedInsets, insets)
  }

  // MARK: Registered placeholders

  func test_configure_loadingOnTheFirstAttempt_carriesTheProgress_withoutAMessage() throws {
    let placeholder = try XCTUnwrap(
      configured(StandardPlaceholder(title: "Fetching"), .loading(progress: 0.6))
        as? StandardPlaceholder)
    XCTAssertEqual(placeholder.title, "Fetching")
    XCTAssertEqual(placeholder.progress, 0.6)
    XCTAssertNil(placeholder.message)
  }

  func test_configure_loadingOnARetry_keepsAMessageOfItsOwn() throws {
    let own = StandardPlaceholder(title: "Fetching", message: "Hold on")
    let placeholder = try XCTUnwrap(
      configured(own, .loading(progress: nil), attempt: 2) as? StandardPlaceholder)
    XCTAssertEqual(placeholder.message, "Hold on")
    XCTAssertNil(placeholder.progress)
  }

  func test_configure_loadingWithoutProgressOnTheFirstAttempt_isUntouched() {
    let own = StandardPlaceholder(title: "Fetching", progress: 0.9)
    XCTAssertEqual(configured(own, .loading(progress: nil)) as? StandardPlaceholder, own)
  }

  func test_configure_otherStates_areUntouched() {
    let own = StandardPlaceholder(title: "Oops", message: "Mine")
    XCTAssertEqual(configured(own, .error(TestError("ignored"))) as? StandardPlaceholder, own)
    XCTAssertEqual(
      configured(own, .locked(.incorrectCredential(attempts: 4)), attempt: 3)
        as? StandardPlaceholder, own)
  }

  func test_configure_aPlaceholderOfAnotherType_passesThroughUntouched() {
    let lent = configured(banner, .loading(progress: 0.5), attempt: 3)
    XCTAssertEqual((lent as? BannerPlaceholder)?.text, "Nothing here")
  }

  // MARK: The machine's texts

  func test_configureBuiltIn_withTheTextsOfALanguage_speaksIt() throws {
    let german = BuiltInPlaceholders(.german)
    let loading = try XCTUnwrap(
      builtIn(.loading(progress: nil), attempt: 2, builtIns: german) as? StandardPlaceholder)
    XCTAssertEqual(loading.title, "Wird geladen…")
    XCTAssertEqual(loading.message, "Neuer Versuch (Versuch 2)…")
    let empty = try XCTUnwrap(
      builtIn(.empty, key: LoadKey("swi"), builtIns: german) as? StandardPlaceholder)
    XCTAssertEqual(empty.title, "Keine Ergebnisse", "a keyed empty is titled for a search")
    XCTAssertEqual(empty.message, "Keine Ergebnisse für „swi“.")
    let unkeyed = try XCTUnwrap(builtIn(.empty, builtIns: german) as? StandardPlaceholder)
    XCTAssertEqual(unkeyed.title, "Kein Inhalt")
    let error = try XCTUnwrap(
      builtIn(.error(TestError("disk full")), builtIns: german) as? StandardPlaceholder)
    XCTAssertEqual(error.title, "Etwas ist schiefgelaufen")
    XCTAssertEqual(error.actions.map(\.title), ["Erneut versuchen"])
    let locked = try XCTUnwrap(
      builtIn(.locked(.incorrectCredential(attempts: 1)), builtIns: german)
        as? StandardPlaceholder)
    XCTAssertEqual(locked.title, "Gesperrt")
    XCTAssertEqual(locked.message, "Falsches Passwort (1 Versuch).")
    XCTAssertEqual(locked.actions.map(\.title), ["Entsperren"])
    XCTAssertEqual(locked.actions.map(\.role), [.unlock])
  }

  func test_configureBuiltIn_lendsTheSameBoxEveryTime_forEachSetOfTexts() throws {
    let french = BuiltInPlaceholders(.french)
    for state in [ContentState.loading, .empty, .locked(.credentialRequired)] {
      let first = try XCTUnwrap(builtIn(state, builtIns: french))
      let second = try XCTUnwrap(builtIn(state, builtIns: french))
      XCTAssertTrue(PlaceholderIdentity(first).isIdentity(of: second), "\(state)")
      XCTAssertEqual((first as? StandardPlaceholder)?.symbolName != nil, true)
    }
  }

  func test_configure_aRegisteredLoadingPlaceholder_retriesInTheMachinesLanguage() throws {
    let placeholder = try XCTUnwrap(
      configured(
        StandardPlaceholder(title: "Recherche"), .loading(progress: nil), attempt: 3,
        builtIns: BuiltInPlaceholders(.french)) as? StandardPlaceholder)
    XCTAssertEqual(placeholder.title, "Recherche")
    XCTAssertEqual(placeholder.message, "Nouvelle tentative (essai 3)…")
  }

  func test_configure_aRegisteredErrorPlaceholderAtItsDefaults_takesWhatALocalizedErrorSays()
    throws
  {
    let registered = StandardPlaceholder(
      title: PlaceholderStrings.english.error, symbolName: "bolt", actions: [.retry])
    let placeholder = try XCTUnwrap(
      configured(registered, .error(DescribedError.full), builtIns: english)
        as? StandardPlaceholder)
    XCTAssertEqual(placeholder.title, "The file could not be saved.")
    XCTAssertEqual(placeholder.message, "The disk is full.")
    XCTAssertEqual(placeholder.recoverySuggestion, "Free some space and try again.")
    XCTAssertEqual(placeholder.symbolName, "bolt")
  }

  func test_configure_aRegisteredErrorPlaceholderWithTextsOfItsOwn_keepsThem() throws {
    let registered = StandardPlaceholder(
      title: "Could Not Save", message: "Mine", recoverySuggestion: "Call us")
    XCTAssertEqual(
      configured(registered, .error(DescribedError.full), builtIns: english)
        as? StandardPlaceholder, registered)
    let titled = try XCTUnwrap(
      configured(
        StandardPlaceholder(title: "Could Not Save"), .error(DescribedError.full),
        builtIns: english) as? StandardPlaceholder)
    XCTAssertEqual(titled.title, "Could Not Save")
    XCTAssertEqual(titled.message, "The disk is full.")
    XCTAssertEqual(titled.recoverySuggestion, "Free some space and try again.")
  }
}
