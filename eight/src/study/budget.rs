//! The run's IDA* budget, as a value for the study page's "which method answered" text.
//!
//! **Equals:** `search::SEARCH_BUDGET`, the expansions [`crate::Method::Auto`] lets IDA* spend
//! before it builds the table.
//! **Proved by:** `study::budget::tests::the_budget_is_the_searchs`.

/// The IDA* expansions a run may spend before it builds the table.
pub const SEARCH_BUDGET: u64 = crate::search::SEARCH_BUDGET;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_budget_is_the_searchs() {
        assert_eq!(SEARCH_BUDGET, crate::search::SEARCH_BUDGET);
        assert!(SEARCH_BUDGET > 0);
    }
}
