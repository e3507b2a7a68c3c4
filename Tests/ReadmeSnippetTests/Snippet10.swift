// Generated from README.md line 489 by scripts/readme_snippets.py. Do not edit.
import Fluxer
import Observation

func redrawWhenTheCountChanges() {
    let counter = CounterFluxer()
    withObservationTracking {
        _ = counter.store.count.value  // what a SwiftUI body reads
    } onChange: {
        print("count will be redrawn")
    }
    counter.action.onNext(.increase)  // prints "count will be redrawn" once
}
