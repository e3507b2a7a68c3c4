import Observables
import Testing

/// What a subject keeps (a `BehaviorSubject`'s value, a `ReplaySubject`'s buffer, an
/// `AsyncSubject`'s last element) is released when the subject is disposed or deallocated,
/// also while subscriptions to it are still held, as RxSwift's subscriptions hold their subject
/// weakly.
@Suite struct SubjectValueReleaseTests {
    /// Holds the subscription to a subject whose value is this object: the bag → subscription
    /// → subject's value → object cycle must not keep it alive once the subject is gone.
    final class Owner {
        let bag = DisposeBag()
    }

    /// Subscribes an observer with no stop signal (a subject), the subscription kept in the
    /// bag of the object the subject's value holds; returns a weak check on that object.
    func ownerOutlives<Subject: ObservableType & ObserverType>(
        _ make: (Owner) -> Subject, ending: (Subject) -> Void = { _ in }
    ) -> Bool where Subject.Element == Owner? {
        weak var weakOwner: Owner?
        do {
            let owner = Owner()
            weakOwner = owner
            let subject = make(owner)
            subject.subscribe(PublishSubject<Owner?>()).disposed(by: owner.bag)
            ending(subject)
        }
        return weakOwner != nil
    }

    @Test func aHeldSubscriptionDoesNotKeepADeadSubjectsValue() {
        #expect(!ownerOutlives { BehaviorSubject<Owner?>(value: $0) }, "BehaviorSubject's value")
        #expect(
            !ownerOutlives { owner in
                let subject = ReplaySubject<Owner?>.create(bufferSize: 2)
                subject.onNext(owner)
                return subject
            }, "ReplaySubject's buffer")
        #expect(
            !ownerOutlives { owner in
                let subject = AsyncSubject<Owner?>()
                subject.onNext(owner)
                return subject
            }, "AsyncSubject's last element")
        // Ended first: the subscription is over, but the bag still holds it.
        #expect(
            !ownerOutlives({ BehaviorSubject<Owner?>(value: $0) }, ending: { $0.onCompleted() }),
            "BehaviorSubject's value after completion")
    }

    @Test func disposingAReplaySubjectReleasesItsBuffer() {
        final class Big {}
        weak var weakBig: Big?
        let subject = ReplaySubject<Big>.createUnbounded()
        do {
            let big = Big()
            weakBig = big
            subject.onNext(big)
        }
        #expect(weakBig != nil, "kept for replay")
        subject.dispose()
        #expect(weakBig == nil)
        // Disposed: subscribers are refused, as before.
        var refused = false
        _ = subject.subscribe(onError: { if case RxError.disposed = $0 { refused = true } })
        #expect(refused)
    }

    /// A value sent during a delivery waits in the queue; the subject disposed before it is
    /// taken must not record it when the delivery goes on.
    @Test func aValueQueuedWhenTheSubjectIsDisposedIsNotKept() {
        final class Big {}
        weak var weakQueued: Big?
        let subject = ReplaySubject<Big>.create(bufferSize: 1)
        var first = true
        _ = subject.subscribe(onNext: { _ in
            guard first else { return }
            first = false
            do {
                let queued = Big()
                weakQueued = queued
                subject.onNext(queued)  // re-entrant: queued behind this delivery
            }
            subject.dispose()
        })
        subject.onNext(Big())
        #expect(weakQueued == nil)
    }

    @Test func disposingABehaviorSubjectReleasesItsValue() {
        final class Big {}
        weak var weakBig: Big?
        let subject: BehaviorSubject<Big>
        do {
            let big = Big()
            weakBig = big
            subject = BehaviorSubject(value: big)
        }
        subject.dispose()
        #expect(weakBig == nil)
        #expect(throws: RxError.self) { try subject.value() }
    }
}
