//! How a run answers its boards: by IDA* while that is cheaper than building the table, then
//! walked from the table; both give [`plain`](crate::plain)'s answer, byte for byte.
//!
//! **Equals:** [`plain::Table::answer`](crate::plain::Table::answer) for every board, whichever
//! method answers it.
//! **Proved by:** `published_and_hand_checked_answers`,
//! `auto_searches_until_the_budget_runs_out_then_walks_the_table` (below), and the pieces' own
//! proofs named in each file listed here.
//!
//! The fast tier, one idea a file, each opening with the plain thing it equals and the test
//! that proves it:
//! - `search/word.rs`: [`Board::step`] with its rule folded into constants, the word tricks the
//!   other pieces move boards with;
//! - `search/build.rs`: the distance table, plain's breadth-first search split into classes by
//!   the blank's cell and the move back, with the first move of every answer beside its distance;
//! - `search/walk.rs`: [`Solver`], every answer read from that table one probe a move;
//! - [`ida`]: one board's answer by IDA*, for runs too short to pay for the table.
//!
//! [`Answerer`] (here) chooses between them per board, as [`Method`] says.

pub mod ida;

mod build;
mod walk;
mod word;

pub use self::walk::Solver;

use common::cli::Failure;

use crate::state::Board;

/// How the solvable boards other than the goal are answered (parity answers the others). Every
/// method gives the same answers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Method {
    /// Each board by IDA* while the run's search budget (64 Ki expansions) lasts, then the
    /// table for that board and every later one: a short run never pays for the table, a long
    /// one spends at most a fraction of its cost first.
    #[default]
    Auto,
    /// Every board by IDA*, however long the run.
    Search,
    /// Every board walked from the table, built at the first board that needs it.
    Table,
}

/// The IDA* expansions a run may spend before [`Method::Auto`] builds the table: 64 Ki. An
/// expansion, with the children it prices, is a few dozen instructions and the table build is
/// O(9!/2 · 4) moves of about as many, so the table is worth a few hundred thousand
/// expansions; the budget is a fraction of that, and more than any single board needs (the
/// most is some tens of thousands, `examples/ida_one.rs --all` counts them), so a run of one
/// board never builds the table and a long run loses little before it does.
pub(crate) const SEARCH_BUDGET: u64 = 1 << 16;

/// Answers boards one at a time: unsolvable ones by parity and the goal at once, the others by
/// IDA* ([`ida`]) while the run's budget lasts and then from the [`Solver`], built at the first
/// board that needs it (see [`Method`]). Both give the same string: the smallest shortest one.
#[derive(Debug)]
pub(crate) struct Answerer {
    solver: Option<Solver>,
    /// IDA* expansions left to this run; 0 once the table is the way (or always, for
    /// [`Method::Table`]).
    budget: u64,
}

impl Answerer {
    /// An answerer that answers by `method`.
    pub(crate) fn new(method: Method) -> Self {
        Answerer {
            solver: None,
            budget: match method {
                Method::Auto => SEARCH_BUDGET,
                Method::Search => u64::MAX,
                Method::Table => 0,
            },
        }
    }
}

impl Answerer {
    /// Appends to `out` the answer to `board`, whose parity `solvable` the reader has computed:
    /// the move letters, nothing for the goal; returns whether the board is solvable, appending
    /// nothing when it is not. The answer is IDA*'s while the budget lasts, else the table's,
    /// built here the first time.
    ///
    /// # Errors
    /// [`Failure::OutOfMemory`] if the table cannot be allocated.
    ///
    /// # Complexity
    /// O(answer length) from the table; an IDA* search, at most the budget left, before it;
    /// plus [`Solver::new`] the first time a board needs the table.
    #[inline]
    pub(crate) fn answer_into(
        &mut self,
        board: &Board,
        solvable: bool,
        out: &mut Vec<u8>,
    ) -> Result<bool, Box<Failure>> {
        if !solvable {
            return Ok(false);
        }
        if *board == Board::GOAL {
            return Ok(true);
        }
        if self.budget > 0 {
            // An exhausted budget is left at 0, so every later board goes to the table.
            if let Ok(moves) = ida::solve_within(&board.cells(), &mut self.budget) {
                out.extend_from_slice(&moves);
                return Ok(true);
            }
        }
        let solver = match &mut self.solver {
            Some(solver) => solver,
            empty => empty.insert(Solver::try_new()?),
        };
        let solved = solver.walk_into(board, out);
        debug_assert!(solved, "even boards are reachable: {board}");
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::{answer, board};

    #[test]
    fn published_and_hand_checked_answers() {
        for method in [Method::Auto, Method::Search, Method::Table] {
            published_answers(Answerer::new(method));
        }
    }

    fn published_answers(mut answerer: Answerer) {
        let mut answer = |text: &str| answer(&mut answerer, &board(text));
        assert_eq!(answer("2 3 4 1 5 x 7 6 8").unwrap(), "ullddrurdllurdruldr");
        assert_eq!(answer("1 2 3 4 5 6 7 8 x").unwrap(), "");
        assert_eq!(answer("1 2 3 4 5 6 8 7 x"), None);
        // One move each way into the goal, and the two farthest boards.
        assert_eq!(answer("1 2 3 4 5 6 7 x 8").unwrap(), "r");
        assert_eq!(answer("1 2 3 4 5 x 7 8 6").unwrap(), "d");
        assert_eq!(answer("8 6 7 2 5 4 3 x 1").unwrap(), "uulddrruuldldrruuldldrruullddrr");
        assert_eq!(answer("6 4 7 8 5 x 3 2 1").unwrap(), "uldldrurdluulddrurulldrrulldrdr");
    }

    #[test]
    fn the_answerer_needs_no_table_for_the_goal_or_an_odd_board() {
        let mut answerer = Answerer::new(Method::Table);
        assert_eq!(answer(&mut answerer, &board("1 2 3 4 5 6 8 7 x")), None);
        assert_eq!(answer(&mut answerer, &Board::GOAL).as_deref(), Some(""));
        assert!(answerer.solver.is_none());
        assert_eq!(answer(&mut answerer, &board("1 2 3 4 5 6 7 x 8")).as_deref(), Some("r"));
        assert!(answerer.solver.is_some());
    }

    #[test]
    fn auto_searches_until_the_budget_runs_out_then_walks_the_table() {
        let mut answerer = Answerer::new(Method::Auto);
        let far = board("8 6 7 2 5 4 3 x 1");
        let want = "uulddrruuldldrruuldldrruullddrr";
        // A 31-move board takes some thousands of expansions: well within the budget.
        assert_eq!(answer(&mut answerer, &far).as_deref(), Some(want));
        assert!(answerer.solver.is_none());
        assert!(answerer.budget < SEARCH_BUDGET);
        // Repeated, it spends the budget; the board that exhausts it is walked instead.
        let mut boards = 1;
        while answerer.solver.is_none() {
            assert_eq!(answer(&mut answerer, &far).as_deref(), Some(want));
            boards += 1;
        }
        assert_eq!(answerer.budget, 0);
        assert!(boards > 2 && boards < 20, "{boards}");
        assert_eq!(answer(&mut answerer, &far).as_deref(), Some(want));
        // Forced search never builds the table.
        let mut searcher = Answerer::new(Method::Search);
        for _ in 0..boards + 1 {
            assert_eq!(answer(&mut searcher, &far).as_deref(), Some(want));
        }
        assert!(searcher.solver.is_none());
    }
}
