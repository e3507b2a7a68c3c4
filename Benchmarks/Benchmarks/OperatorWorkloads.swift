import Observables

/// Workloads that need operators beyond map/filter (W5-W8); filled in as they land.
var operatorWorkloads: [Workload] { [] }
