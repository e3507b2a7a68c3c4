import Foundation

/// A plain-text table: median, min–max and the ratio to the minimal subject.
func report(_ results: [Result], quick: Bool) -> String {
    var lines: [String] = []
    if quick { lines.append("(--quick: 100x fewer operations; numbers are indicative only)") }
    lines.append(
        pad("workload", 24) + pad("variant", 17) + pad("median", 11, right: true) + "  "
            + pad("min–max", 21) + pad("unit", 19) + pad("vs minimal", 12) + "allocs/op")
    let floors = Dictionary(
        results.filter { $0.variant == "minimal-subject" }.map { ($0.workload, $0.median) },
        uniquingKeysWith: { first, _ in first })
    for result in results {
        let ratio = floors[result.workload].map { result.median / $0 }
        lines.append(
            pad(result.workload, 24) + pad(result.variant, 17) + pad(format(result.median), 11, right: true)
                + "  " + pad("\(format(result.min))–\(format(result.max))", 21) + pad(result.unit, 19)
                + pad(ratio.map { String(format: "%.2fx", $0) } ?? "-", 12)
                + String(format: "%.2f", result.allocationsPerOperation))
    }
    return lines.joined(separator: "\n")
}

private func format(_ value: Double) -> String {
    value >= 100 ? String(format: "%.0f", value) : String(format: "%.1f", value)
}

func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let count = text.count
    if count >= width { return text + " " }
    let padding = String(repeating: " ", count: width - count)
    return right ? padding + text : text + padding
}
