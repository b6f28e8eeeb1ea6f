import Domain
import Foundation

extension PaymentMethodsViewModel {
  /// A source that failed, as its notice says it (presented and logged once, here). Where
  /// copied rows are shown in its place, the notice says as of when: the time of day in its
  /// title, how long ago in its message; its hint and recovery are the failure's own.
  func notice(for failure: SourceFailure) -> SourceNotice {
    let error = loader.presenter.presentSourceFailure(failure)
    guard let asOf = copiedAsOf[failure.source] else {
      return SourceNotice(source: failure.source, error: error)
    }
    let time = AsOfTime(locale: locale, timeZone: timeZone, words: words)
    let now = now()
    let (object, at) = (words[failure.source.objectKey], time.absolute(asOf, now: now))
    let message = words["localCopy.notice.message", error.message, time.relative(asOf, now: now)]
    let spoken = words.spoken(
      title: words["a11y.localCopy.notice.title", error.title, object, at], message: message,
      hint: error.hint, traceID: error.traceID)
    let dated = PresentationError(
      title: words["localCopy.notice.title", error.title, object, at], message: message,
      hint: error.hint, category: error.category, recovery: error.recovery,
      traceID: error.traceID, accessibilityLabel: spoken)
    return SourceNotice(source: failure.source, error: dated, asOf: asOf)
  }
}
