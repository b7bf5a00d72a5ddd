//! Judge tests for the puzzle binaries.
