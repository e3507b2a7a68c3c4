// Generated from README.md by scripts/readme_snippets.py. Do not edit.
import Testing

/// Runs every README.md block that is a statement list or a parameterless function:
/// a block that compiles but traps (a failed `assert`) fails here.
@Suite struct ReadmeSnippetTests {
    @MainActor @Test func readmeBlockAtLine66Runs() throws { tourOfOperators() }
    @MainActor @Test func readmeBlockAtLine106Runs() throws { try tourOfSubjects() }
    @MainActor @Test func readmeBlockAtLine185Runs() throws { tourOfTraits() }
    @MainActor @Test func readmeBlockAtLine380Runs() throws { signUpEnablesSubmit() }
    @MainActor @Test func readmeBlockAtLine429Runs() throws { redrawWhenTheCountChanges() }
    @MainActor @Test func readmeBlockAtLine538Runs() throws { testDebounceOnVirtualTime() }
    @MainActor @Test func readmeBlockAtLine567Runs() throws { testCounterViewWithStub() }
}
