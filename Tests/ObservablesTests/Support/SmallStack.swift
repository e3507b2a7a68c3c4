import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The stack of an iOS secondary thread.
let smallStackSize = 512 << 10

/// Runs `body` on a new thread with a stack of `size` bytes that was filled with a pattern first,
/// waits for it, and returns the most stack the thread used (the bytes of the pattern it
/// overwrote, counted from the top: the thread's own start-up included, so compare two runs).
/// A body that needs more than `size` crashes the test program (there is no recovering from a
/// stack overflow), which is the failure these tests exist to catch.
@discardableResult
func runOnPaintedStack(size: Int = smallStackSize, _ body: @escaping () -> Void) -> Int {
    final class Box: @unchecked Sendable {
        // @unchecked: handed to one thread, which runs `body` once; joined before it is read.
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }
    let pattern: UInt8 = 0xA5
    // A guard page below the stack: an overflow crashes at once instead of writing over memory.
    let guardSize = Int(sysconf(Int32(_SC_PAGESIZE)))
    guard let mapping = mmap(nil, guardSize + size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
        mapping != MAP_FAILED
    else { fatalError("mmap failed") }
    defer { munmap(mapping, guardSize + size) }
    precondition(mprotect(mapping, guardSize, PROT_NONE) == 0, "mprotect failed")
    let stack = mapping + guardSize
    stack.initializeMemory(as: UInt8.self, repeating: pattern, count: size)
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstack(&attributes, stack, size)
    var thread = pthread_t()
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
    let created = pthread_create(
        &thread, &attributes,
        { context in
            Unmanaged<Box>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, box)
    precondition(created == 0, "pthread_create failed with \(created)")
    pthread_join(thread, nil)
    let bytes = stack.assumingMemoryBound(to: UInt8.self)
    var untouched = 0
    while untouched < size && bytes[untouched] == pattern { untouched += 1 }
    return size - untouched
}

/// The stack `body` uses, measured as by ``runOnPaintedStack(size:_:)`` on a second run (the first
/// one pays for one-time work such as the runtime instantiating generic types).
func stackUsed(by body: @escaping () -> Void) -> Int {
    runOnPaintedStack(body)
    return runOnPaintedStack(body)
}

/// `true` in a build with AddressSanitizer, which puts redzones around every frame's locals and
/// may move them to a separate "fake stack": stack sizes measured or budgeted for an ordinary
/// build mean nothing there.
let isAddressSanitized: Bool = dlsym(nil, "__asan_init") != nil

/// The trait for tests that measure or budget stack bytes.
let skippedUnderAddressSanitizer = ConditionTrait.disabled(
    if: isAddressSanitized,
    "AddressSanitizer pads every stack frame and may move locals to a fake stack, so the stack bytes this test measures or budgets are not those of an ordinary build"
)
