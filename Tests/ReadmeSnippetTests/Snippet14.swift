// Generated from README.md line 673 by scripts/readme_snippets.py. Do not edit.
import Fluxer
import FluxerTesting

func testCounterStepByStep() {
    let store = FluxerTestStore(CounterFluxer())
    store.send(.increase) { $0.count = 1 }
    store.send(.increase) { $0.count += 1 }  // reads the value before the step
    store.send(.decrease) { $0.count = 1 }
    store.finish()
}
