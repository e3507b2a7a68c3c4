/// A subject: both an observable sequence and an observer that feeds it.
///
/// Sharing operators (``ObservableType/multicast(_:)``) take any subject.
public protocol SubjectType: ObservableType {
    /// The observer side's type (`AnyObserver<Element>` for the library's subjects).
    associatedtype Observer: ObserverType

    /// The observer that sends events into the subject.
    func asObserver() -> Observer
}

extension PublishSubject: SubjectType {}
extension BehaviorSubject: SubjectType {}
extension ReplaySubject: SubjectType {}
extension AsyncSubject: SubjectType {}
