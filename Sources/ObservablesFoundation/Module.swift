// ObservablesFoundation: the parts of RxSwift's API that need Foundation, in a module of their
// own so that `Observables` and `Fluxer` never load it (a process that links Foundation grows by
// about 8 MB, see the IdleMemory benchmark):
// - `toBlocking(timeout:)` (RxBlocking's API; on the main thread it runs Foundation's run loop),
// - `decode(type:decoder:)` and `DataDecoder` (`Data`, `JSONDecoder`, `PropertyListDecoder`),
// - `Date` <-> `RxTime` conversions.
// It re-exports Observables, so `import ObservablesFoundation` alone is enough in a test file.
@_exported import Observables
