/// What the search status line shows: matches out of the indexed total, how many are marked,
/// and how long the latest search took.
public struct SearchStatus: Sendable, Equatable {
    /// Matches of the current results.
    public let matches: Int
    /// Paths indexed so far.
    public let total: Int
    /// Marked paths.
    public let marked: Int
    /// How long the latest search took; `nil` before the first one.
    public let latency: Duration?

    /// A status of `matches` out of `total`, `marked` marks and `latency`.
    public init(matches: Int, total: Int, marked: Int, latency: Duration?) {
        self.matches = matches
        self.total = total
        self.marked = marked
        self.latency = latency
    }
}
