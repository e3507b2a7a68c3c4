// Generated from README.md by scripts/readme_snippets.py. Do not edit.
import Testing

/// Runs every README.md block that is a statement list or a parameterless function:
/// a block that compiles but traps (a failed `assert`) fails here.
@Suite struct ReadmeSnippetTests {
    @MainActor @Test func readmeBlockAtLine94Runs() throws { tourOfOperators() }
    @MainActor @Test func readmeBlockAtLine135Runs() throws { try tourOfSubjects() }
    @MainActor @Test func readmeBlockAtLine214Runs() throws { tourOfTraits() }
    @MainActor @Test func readmeBlockAtLine412Runs() throws { signUpEnablesSubmit() }
    @MainActor @Test func readmeBlockAtLine461Runs() throws { redrawWhenTheCountChanges() }
    @MainActor @Test func readmeBlockAtLine571Runs() throws { testDebounceOnVirtualTime() }
    @MainActor @Test func readmeBlockAtLine608Runs() throws { testCounterViewWithStub() }
    @MainActor @Test func readmeBlockAtLine631Runs() throws { testCounterStepByStep() }
}
