//! The bytes the module has allocated, counted as it runs: on wasm the page's global allocator is
//! the system's wrapped in a counter of the bytes live and their peak, so that the page can say
//! what a data structure costs from its own run (the seen sets' bytes per board, in
//! [`crate::compare::seen`]) rather than from a sum on paper.
//!
//! Natively (the unit tests, which run on several threads at once and would count each other's
//! allocations) nothing is counted and [`measure`] reports no figures.
//!
//! **Equals:** the sizes of the live allocations, as each `Layout` asked for them (not the
//! allocator's own headers or rounding): a `vec![false; n]` counts exactly `n`.
//! **Proved by:** page/test_page.py's `#eight&dedup` check (the flag array's figure is exactly its
//! 9! flags over 9!/2 boards; the two sets' figures at least their 9-byte elements).

/// What a piece of work allocated: the bytes it still held when it returned, and the most it held
/// at once while it ran (both beyond what was live before it began).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Allocated {
    /// Held by the result when the work returned.
    pub held: usize,
    /// The peak while it ran.
    pub peak: usize,
}

/// Runs `work`, counting what it allocates; the counts are `None` where nothing is counted
/// (natively). The module is single-threaded in the browser, so nothing else allocates meanwhile.
pub fn measure<T>(work: impl FnOnce() -> T) -> (T, Option<Allocated>) {
    #[cfg(target_arch = "wasm32")]
    {
        let before = counting::restart_peak();
        let result = work();
        let allocated = Allocated {
            held: counting::live().saturating_sub(before),
            peak: counting::peak().saturating_sub(before),
        };
        (result, Some(allocated))
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        (work(), None)
    }
}

/// The counting allocator itself: `unsafe` because `GlobalAlloc` is; each method only forwards to
/// `System` and counts what `System` granted.
#[cfg(target_arch = "wasm32")]
#[allow(unsafe_code)]
mod counting {
    use std::alloc::{GlobalAlloc, Layout, System};
    use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

    static LIVE: AtomicUsize = AtomicUsize::new(0);
    static PEAK: AtomicUsize = AtomicUsize::new(0);

    struct Counting;

    #[global_allocator]
    static ALLOCATOR: Counting = Counting;

    fn grew(bytes: usize) {
        let now = LIVE.fetch_add(bytes, Relaxed) + bytes;
        PEAK.fetch_max(now, Relaxed);
    }

    fn shrank(bytes: usize) {
        LIVE.fetch_sub(bytes, Relaxed);
    }

    // SAFETY: every method hands the caller's arguments to `System` unchanged and returns what
    // it returned; the counters are only read for the figures.
    unsafe impl GlobalAlloc for Counting {
        unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
            let ptr = System.alloc(layout);
            if !ptr.is_null() {
                grew(layout.size());
            }
            ptr
        }

        unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
            let ptr = System.alloc_zeroed(layout);
            if !ptr.is_null() {
                grew(layout.size());
            }
            ptr
        }

        unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
            System.dealloc(ptr, layout);
            shrank(layout.size());
        }

        unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
            let moved = System.realloc(ptr, layout, new_size);
            if !moved.is_null() {
                // Counted as the new block before the old one goes: realloc may copy, so both
                // are live for a moment.
                grew(new_size);
                shrank(layout.size());
            }
            moved
        }
    }

    /// The bytes live now.
    pub fn live() -> usize {
        LIVE.load(Relaxed)
    }

    /// The peak since the last [`restart_peak`].
    pub fn peak() -> usize {
        PEAK.load(Relaxed)
    }

    /// Starts a new peak at the bytes live now, and returns them.
    pub fn restart_peak() -> usize {
        let now = live();
        PEAK.store(now, Relaxed);
        now
    }
}
