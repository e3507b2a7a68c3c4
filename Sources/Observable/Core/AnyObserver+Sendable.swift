// `AnyObserver` is `Sendable`, so that the observer `Observable.create` hands out can be captured
// by a `@Sendable` completion handler (a `DispatchQueue` callback, a URLSession handler, a `Task`),
// the most common RxSwift pattern, without `nonisolated(unsafe)` in user code:
//
//     Observable<Data>.create { observer in
//         let task = session.dataTask(with: url) { data, _, error in   // @Sendable
//             if let data { observer.onNext(data); observer.onCompleted() }
//             else { observer.onError(error ?? URLError(.unknown)) }
//         }
//         task.resume()
//         return Disposables.create { task.cancel() }
//     }
//
// @unchecked, and why that holds: the observers the library hands to user code (`create`'s, a
// subject's or relay's `asObserver()`, `Observable.run`'s sender) forward to a sink or hub that
// serializes concurrent callers with its own lock and atomics: events from several threads are
// delivered one at a time, nothing after a terminal event or after dispose. An `AnyObserver` you
// build from your own closure (`AnyObserver { event in ... }`) is called the way the library calls
// every observer, one event at a time from whichever thread emits (which is why subscribe
// closures need not be `@Sendable`, as in RxSwift); calling such an observer yourself from two
// threads at once is as safe as its closure is.
extension AnyObserver: @unchecked Sendable {}
