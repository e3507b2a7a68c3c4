@_exported import Observables
