//! The table that yields every answer: one breadth-first search from the goal records for each
//! board its distance and the first move of its answer ([`Solver`]), and an answer is read from it
//! by following those moves, one table probe a move ([`Solver::solve`]); [`Answerer`] builds the
//! table only when a board first needs it, and answers the first boards of a run by IDA*
//! ([`ida`]) while that is cheaper.

mod ida;

use crate::state::{
    guarded_step, Board, Walker, CELLS, DIAMETER, LANE_GUARDS, MOVE_NAMES, NEIGHBOURS, NO_CELL, RANK_SHIFT, RULES,
    SOLVABLE, STATES,
};

/// The table's entry for a board the search never reaches: the unsolvable half. It is the
/// largest byte, above every real entry (at most `31 << 2 | 3` = 127), so the search's minimum
/// update (see `Build::try_move`) replaces it, and it doubles as the "not yet visited" mark.
pub(crate) const UNREACHED: u8 = u8::MAX;

/// A reached board's table entry: its distance `d` to the goal in the high bits, and in the low
/// two the first move of its answer (0 = u .. 3 = r; 0 for the goal). Ordered as bytes, entries
/// compare by distance first and then by that move, which is what lets the search keep the
/// smallest move among the ones that lead one step closer with a plain minimum.
const fn entry(distance: u8, first_move: usize) -> u8 {
    distance << 2 | first_move as u8
}

/// The distance in an entry other than [`UNREACHED`].
const fn entry_distance(entry: u8) -> u8 {
    entry >> 2
}

/// Solvable boards with the blank in any one cell: for each of the 9 cells, half of the 8!
/// orders of the tiles in the other cells.
const PER_BLANK: usize = SOLVABLE / CELLS;

/// Slots in each region of [`Build::queue`]: a power of two above [`PER_BLANK`], so that a
/// masked index needs no bounds check. Only the slots used are ever touched, so the unused
/// ones cost address space, not memory.
const REGION: usize = (PER_BLANK + 1).next_power_of_two();

// A region holds boards with one blank cell, at most `PER_BLANK`, and one more slot is written
// past its end (see `Build::try_move`).
const _: () = assert!(PER_BLANK < REGION);

/// Region classes: blank cell × move not to try; class `4b + m` for the 24 legal pairs, and
/// [`ROOT_CLASS`] for the goal, which has no parent.
const CLASSES: usize = 4 * CELLS + 1;

/// The goal's class: blank in cell 8, every move tried.
const ROOT_CLASS: usize = 4 * CELLS;

/// The search's table has a slot for every value a rank field can hold (19 bits), so that a
/// rank read from a word indexes it with no bounds check; slots past 9! are never touched.
const RANK_SLOTS: usize = 1 << (64 - RANK_SHIFT);

/// What [`answer_table`] works on.
struct Build {
    /// The queue, one region of [`REGION`] slots per class (see [`answer_table`]), each
    /// filled in discovery order. A queued word is a [`Board`]'s with every guard bit set.
    queue: Box<[u64; CLASSES * REGION]>,
    /// The boards queued so far in each region.
    tails: [usize; CLASSES],
    /// Entries by rank ([`entry`]), [`UNREACHED`] until a board is reached.
    entries: Box<[u8; RANK_SLOTS]>,
}

impl Build {
    /// Tries move `M` on `word`, a queued board with the blank in cell `B`, unless `M` is
    /// `SKIP`, and records the result with `code` (its [`entry`]) and queues it if it is new.
    /// The three are constants, so the move is [`guarded_step`] with its rule folded in, and
    /// there is no edge test.
    ///
    /// # Complexity
    /// O(1): about 30 word operations and no branch.
    #[inline(always)]
    fn try_move<const B: usize, const SKIP: usize, const M: usize>(&mut self, word: u64, code: u8) {
        let target = RULES[B][M].target;
        if target == NO_CELL || M == SKIP {
            return;
        }
        let child = guarded_step::<B, M>(word);
        let rank = (child >> RANK_SHIFT) as usize;
        // The child's move back to this board is the opposite of `M`, and this board is one
        // step closer to the goal: so it is a first move of a shortest answer from the child.
        // The child's smallest such move is the minimum over every board one layer up that
        // reaches it, all expanded in this layer; its entry orders by distance, then by move.
        // No branch on whether the child is new (it is about 3 times in 5, at random): its
        // entry is already at `distance` - 2, at `distance` or unreached, so the minimum is right
        // in all three cases; and it is written past the region's end anyway, where only a new
        // child moves the end over it. Its class is its blank's cell and the move back to `B`.
        let old = self.entries[rank];
        self.entries[rank] = old.min(code);
        let class = 4 * usize::from(target) + (M ^ 2);
        self.queue[class * REGION + self.tails[class] % REGION] = child;
        self.tails[class] += usize::from(old == UNREACHED);
    }

    /// Expands the queued boards `first..end` of class (`B`, `SKIP`), queueing their new
    /// children at `distance`.
    ///
    /// # Complexity
    /// O(end - first).
    fn expand<const B: usize, const SKIP: usize>(&mut self, first: usize, end: usize, distance: u8) {
        let class = if SKIP < 4 { 4 * B + SKIP } else { ROOT_CLASS };
        // The entry each move gives a new child: this layer's distance, and the move back.
        let codes = [0, 1, 2, 3].map(|step| entry(distance, step ^ 2));
        for slot in first..end {
            let word = self.queue[class * REGION + slot % REGION];
            self.try_move::<B, SKIP, 0>(word, codes[0]);
            self.try_move::<B, SKIP, 1>(word, codes[1]);
            self.try_move::<B, SKIP, 2>(word, codes[2]);
            self.try_move::<B, SKIP, 3>(word, codes[3]);
        }
    }
}

/// Expands one layer: every class's boards from `firsts` to `ends`, each class with its own
/// code. The 24 (blank cell, move back) pairs are the legal moves of the table in the README.
macro_rules! expand_classes {
    ($build:expr, $firsts:expr, $ends:expr, $distance:expr; $(($blank:literal, $skip:literal)),*) => {
        $($build.expand::<$blank, $skip>(
            $firsts[4 * $blank + $skip],
            $ends[4 * $blank + $skip],
            $distance,
        );)*
    };
}

/// Every board's [`entry`] (distance to the goal, first move of its answer) by rank,
/// [`UNREACHED`] for the unsolvable half: a breadth-first search from the goal, layer by layer.
///
/// Its distances are what a textbook FIFO breadth-first search over [`Board::step`] gives, and
/// its moves the smallest that lead one step closer (the unit test
/// `the_table_is_the_plain_breadth_first_search` checks both), in well under half the
/// instructions of the textbook search:
/// - The queue is split into classes by the blank's cell and the move that would lead back to
///   the parent, and each layer expands one class at a time with code made for it
///   ([`Build::try_move`]): its moves and their rank rules are constants, so there is no search
///   for the blank, no rule table, no edge test, and the move back, which 1 in 2.67 times
///   leads to the parent (always already seen), is not even generated.
/// - The entry is the visited mark, and neither it nor the queue is bounds-checked
///   (both are indexed within fixed sizes) nor branched on.
///
/// Order within a layer differs from a FIFO's, which changes nothing: a board's distance is the
/// layer in which it is first reached, and its move the minimum over that whole layer.
///
/// # Complexity
/// O(9! / 2 · 4) time; 9! bytes of table and 8 bytes per solvable board of queue touched.
fn answer_table() -> Box<[u8; RANK_SLOTS]> {
    let mut entries = vec![0; RANK_SLOTS];
    entries[..STATES].fill(UNREACHED);
    let mut build = Build {
        queue: vec![0; CLASSES * REGION]
            .into_boxed_slice()
            .try_into()
            .expect("CLASSES · REGION slots"),
        tails: [0; CLASSES],
        entries: entries.into_boxed_slice().try_into().expect("RANK_SLOTS slots"),
    };
    let goal = Board::GOAL;
    build.entries[goal.rank()] = entry(0, 0);
    build.queue[ROOT_CLASS * REGION] = goal.word | LANE_GUARDS;
    build.tails[ROOT_CLASS] = 1;
    debug_assert_eq!(goal.blank(), 8);
    build.expand::<8, 4>(0, 1, 1);
    let mut firsts = [0; CLASSES];
    firsts[ROOT_CLASS] = 1;
    let mut distance = 1;
    while firsts != build.tails {
        distance += 1;
        // The layer is what was queued before it started; what it queues lies past `ends`.
        let ends = build.tails;
        expand_classes!(build, firsts, ends, distance;
            (0, 2), (0, 3), (1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (3, 0), (3, 2), (3, 3),
            (4, 0), (4, 1), (4, 2), (4, 3), (5, 0), (5, 1), (5, 2), (6, 0), (6, 3), (7, 0),
            (7, 1), (7, 3), (8, 0), (8, 1));
        firsts = ends;
    }
    build.entries
}

/// Every board's distance to the goal and the first move of its answer, from one breadth-first
/// search; answers are read from it by following the moves.
#[derive(Clone, Debug)]
pub struct Solver {
    /// Each board's [`entry`] by rank, [`UNREACHED`] for the unsolvable ones; a slot for every
    /// value a rank field can hold, so that the walk's probes need no bounds check (the slots
    /// past 9! hold 0 and are never touched, so they cost address space, not memory).
    entries: Box<[u8; RANK_SLOTS]>,
}

impl Default for Solver {
    fn default() -> Self {
        Self::new()
    }
}

impl Solver {
    /// Searches the whole space from the goal.
    ///
    /// # Complexity
    /// O(9! · 4) time (a move is O(1) word operations); about 2 MB.
    pub fn new() -> Self {
        // Answers are followed move by move, so no search tree is kept: a queue of bare boards
        // touches a third of the memory, and page faults are much of a one-board run.
        Solver {
            entries: answer_table(),
        }
    }

    /// The number of moves from `board` to the goal, or `None` if it is unsolvable.
    ///
    /// # Complexity
    /// O(1).
    pub fn distance(&self, board: &Board) -> Option<u8> {
        match self.entries[board.rank()] {
            UNREACHED => None,
            entry => Some(entry_distance(entry)),
        }
    }

    /// Writes into `moves` (cleared first) the shortest move string from `board` to the goal that
    /// is smallest in u < l < d < r order, as letters; returns `false`, with `moves` empty, if
    /// the board is unsolvable.
    ///
    /// Each board's entry holds the first move of its answer, and by the greedy-walk argument
    /// (crate docs) the rest of the answer is the answer of the board that move leads to: so
    /// the answer is read by following moves, one probe and one rank update per move but the
    /// last two (which need only the blank's cell).
    ///
    /// # Panics
    /// Never: a stored move leads one step closer, so it stays inside the frame (the `expect`
    /// states that invariant).
    ///
    /// # Complexity
    /// O(length of the answer), at most 31 probes and rank updates.
    pub fn solve(&self, board: &Board, moves: &mut Vec<u8>) -> bool {
        moves.clear();
        self.walk_into(board, moves)
    }

    /// [`Solver::solve`] appending to `out` instead, which answers write straight into the
    /// output buffer; `false`, with nothing appended, for an unsolvable board.
    ///
    /// # Complexity
    /// O(length of the answer).
    #[inline]
    pub(crate) fn walk_into(&self, board: &Board, out: &mut Vec<u8>) -> bool {
        let mut entry = self.entries[board.rank()];
        if entry == UNREACHED {
            return false;
        }
        let mut letters = [0u8; DIAMETER as usize + 1];
        let mut length = 0;
        let mut at = Walker::new(board);
        while entry_distance(entry) > 2 {
            let step = entry & 3;
            // Masked so the store needs no bounds check; a distance is at most 31.
            letters[length & 31] = MOVE_NAMES[usize::from(step)];
            length += 1;
            at.follow(step);
            entry = self.entries[at.rank()];
        }
        // The last two moves need no rank: the two boards one move from the goal are the goal
        // with its blank moved up (to cell 5; answer `d`) or left (to cell 7; answer `r`), so
        // where the blank goes is all that is needed of the move before.
        if entry_distance(entry) == 2 {
            let step = entry & 3;
            letters[length & 31] = MOVE_NAMES[usize::from(step)];
            length += 1;
            let blank = NEIGHBOURS[at.blank()][usize::from(step)];
            debug_assert!(blank == 5 || blank == 7, "a board two moves from the goal");
            letters[length & 31] = if blank == 5 { b'd' } else { b'r' };
            length += 1;
        } else if entry_distance(entry) == 1 {
            letters[length & 31] = MOVE_NAMES[usize::from(entry & 3)];
            length += 1;
        }
        // The whole array, a fixed-size copy of two words rather than a call to copy `length`
        // bytes, then cut back to the answer.
        let start = out.len();
        out.extend_from_slice(&letters);
        out.truncate(start + length);
        true
    }

    /// How many boards lie at each distance from the goal: entry `d` counts distance `d`
    /// (OEIS A089473). The unsolvable boards, 9! minus the sum, are not counted.
    ///
    /// # Complexity
    /// O(9!).
    pub fn layer_sizes(&self) -> Vec<usize> {
        let mut sizes = Vec::new();
        for &entry in self.entries[..STATES].iter().filter(|&&entry| entry != UNREACHED) {
            let depth = usize::from(entry_distance(entry));
            if sizes.len() <= depth {
                sizes.resize(depth + 1, 0);
            }
            sizes[depth] += 1;
        }
        sizes
    }

    /// The boards at exactly `distance` moves from the goal, in rank order.
    ///
    /// # Complexity
    /// O(9!) to walk the whole table, O(9) per board yielded.
    pub fn boards_at(&self, distance: u8) -> impl Iterator<Item = Board> + '_ {
        self.entries[..STATES]
            .iter()
            .enumerate()
            .filter(move |&(_, &entry)| entry != UNREACHED && entry_distance(entry) == distance)
            .map(|(rank, _)| Board::from_rank(rank))
    }
}

/// How the solvable boards other than the goal are answered (parity answers the others).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Method {
    /// Each board by IDA* while the run's search budget (64 Ki expansions) lasts, then the
    /// table for that board and every later one: a short run never pays for the table, a long
    /// one spends at most about a third of its cost first.
    #[default]
    Auto,
    /// Every board by IDA*, however long the run.
    Search,
    /// Every board walked from the table, built at the first board that needs it.
    Table,
}

/// The IDA* expansions a run may spend before [`Method::Auto`] builds the table: 64 Ki, about
/// 4 M instructions at about 63 a expansion, against about 12.7 M for the table (some 200,000
/// expansions' worth); more than any single board needs (at most 36,090, `ida.rs`), so a run
/// of one board never builds the table.
pub(crate) const SEARCH_BUDGET: u64 = 1 << 16;

/// Answers boards one at a time: unsolvable ones by parity and the goal at once, the others by
/// IDA* (`ida.rs`) while the run's budget lasts and then from the [`Solver`], built at the first
/// board that needs it (see [`Method`]). Both give the same string: the smallest shortest one.
#[derive(Debug)]
pub(crate) struct Answerer {
    solver: Option<Solver>,
    /// IDA* expansions left to this run; 0 once the table is the way (or always, for
    /// [`Method::Table`]).
    budget: u64,
    /// The last answer, for the tests' [`Answerer::answer`].
    #[cfg(test)]
    moves: Vec<u8>,
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
            #[cfg(test)]
            moves: Vec::new(),
        }
    }

    /// Appends to `out` the answer to `board`, whose solvability the caller knows (parity,
    /// [`Board::is_solvable`]): the move letters, nothing for the goal; returns `solvable`,
    /// appending nothing when it is `false`.
    ///
    /// # Complexity
    /// O(answer length) from the table; an IDA* search, at most the budget left, before it;
    /// plus [`Solver::new`] the first time a board needs the table.
    #[inline]
    pub(crate) fn answer_into(&mut self, board: &Board, solvable: bool, out: &mut Vec<u8>) -> bool {
        if !solvable {
            return false;
        }
        if *board == Board::GOAL {
            return true;
        }
        if self.budget > 0 {
            // An exhausted budget is left at 0, so every later board goes to the table.
            if let Ok(moves) = ida::solve_within(&board.cells(), &mut self.budget) {
                out.extend_from_slice(&moves);
                return true;
            }
        }
        let solver = self.solver.get_or_insert_with(Solver::new);
        let solved = solver.walk_into(board, out);
        debug_assert!(solved, "even boards are reachable: {board}");
        true
    }

    /// The answer to `board`: the move letters (empty for the goal), or `None` if it is unsolvable.
    #[cfg(test)]
    pub(crate) fn answer(&mut self, board: &Board) -> Option<&[u8]> {
        let mut moves = std::mem::take(&mut self.moves);
        moves.clear();
        let solved = self.answer_into(board, board.is_solvable(), &mut moves);
        self.moves = moves;
        solved.then_some(&self.moves[..])
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::state::DIAMETER;
    use std::collections::VecDeque;

    fn board(text: &str) -> Board {
        text.parse().unwrap_or_else(|error| panic!("{text}: {error}"))
    }

    /// Every board of 9!, in rank order.
    fn all_boards() -> impl Iterator<Item = Board> {
        (0..STATES).map(Board::from_rank)
    }

    /// OEIS A089473: the number of 8-puzzle boards at each distance from the goal.
    pub(crate) const A089473: [usize; 32] = [
        1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638, 9529, 10878, 16993, 17110,
        23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2,
    ];

    /// The specification: a textbook breadth-first search from the goal over [`Board::step`],
    /// one FIFO queue, a board's distance set when it is first seen.
    fn textbook_distances() -> Vec<u8> {
        let mut distances = vec![UNREACHED; STATES];
        let mut queue = VecDeque::from([Board::GOAL]);
        distances[Board::GOAL.rank()] = 0;
        while let Some(board) = queue.pop_front() {
            for step in 0..4 {
                if let Some(next) = board.step(step) {
                    if distances[next.rank()] == UNREACHED {
                        distances[next.rank()] = distances[board.rank()] + 1;
                        queue.push_back(next);
                    }
                }
            }
        }
        distances
    }

    #[test]
    fn the_table_is_the_plain_breadth_first_search() {
        let distances = textbook_distances();
        let table = answer_table();
        for (rank, (&entry, &distance)) in table.iter().zip(&distances).enumerate() {
            let board = Board::from_rank(rank);
            if distance == UNREACHED || distance == 0 {
                assert_eq!(entry, distance, "{board}");
                continue;
            }
            assert_eq!(entry_distance(entry), distance, "{board}");
            // The stored move is the first, in u, l, d, r order, that leads one step closer.
            let closer = (0..4u8).find(|&step| {
                board
                    .step(step)
                    .is_some_and(|next| distances[next.rank()] == distance - 1)
            });
            assert_eq!(Some(entry & 3), closer, "{board}");
        }
    }

    #[test]
    fn parity_is_exactly_reachability() {
        let solver = Solver::new();
        let mut solvable = 0;
        for board in all_boards() {
            assert_eq!(board.is_solvable(), solver.distance(&board).is_some(), "{board}");
            solvable += usize::from(board.is_solvable());
        }
        assert_eq!(solvable, SOLVABLE);
    }

    #[test]
    fn distance_histogram_is_oeis_a089473() {
        let solver = Solver::new();
        let sizes = solver.layer_sizes();
        assert_eq!(sizes, A089473);
        assert_eq!(sizes.len(), usize::from(DIAMETER) + 1);
        let farthest: Vec<String> = solver.boards_at(DIAMETER).map(|b| b.to_string()).collect();
        assert_eq!(farthest, ["6 4 7 8 5 x 3 2 1", "8 6 7 2 5 4 3 x 1"]);
    }

    /// The smallest shortest string by brute force: every string of the board's distance, in
    /// u < l < d < r order, until one reaches the goal. Feasible for short distances only.
    fn smallest_by_enumeration(start: &Board, length: usize) -> String {
        fn search(at: Board, left: usize, path: &mut Vec<u8>) -> bool {
            if left == 0 {
                return at == Board::GOAL;
            }
            for step in 0..4u8 {
                if let Some(next) = at.step(step) {
                    path.push(MOVE_NAMES[usize::from(step)]);
                    if search(next, left - 1, path) {
                        return true;
                    }
                    path.pop();
                }
            }
            false
        }
        let mut path = Vec::new();
        assert!(search(*start, length, &mut path), "{start}: nothing of length {length}");
        String::from_utf8(path).unwrap()
    }

    #[test]
    fn walked_answers_equal_brute_force_for_nearby_boards() {
        let solver = Solver::new();
        let mut moves = Vec::new();
        let mut checked = 0;
        // Every board within 11 moves; brute force tries at most 4^11 strings each.
        for board in all_boards().filter(|b| solver.distance(b).is_some_and(|d| d <= 11)) {
            assert!(solver.solve(&board, &mut moves));
            let length = usize::from(solver.distance(&board).unwrap());
            assert_eq!(moves.len(), length);
            assert_eq!(
                String::from_utf8_lossy(&moves),
                smallest_by_enumeration(&board, length),
                "{board}"
            );
            checked += 1;
        }
        assert_eq!(checked, 1 + 2 + 4 + 8 + 16 + 20 + 39 + 62 + 116 + 152 + 286 + 396);
    }

    #[test]
    fn published_and_hand_checked_answers() {
        for method in [Method::Auto, Method::Search, Method::Table] {
            published_answers(Answerer::new(method));
        }
    }

    fn published_answers(mut answerer: Answerer) {
        let mut answer = |text: &str| {
            answerer
                .answer(&board(text))
                .map(|moves| String::from_utf8(moves.to_vec()).unwrap())
        };
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
        assert_eq!(answerer.answer(&board("1 2 3 4 5 6 8 7 x")), None);
        assert_eq!(answerer.answer(&Board::GOAL), Some(&b""[..]));
        assert!(answerer.solver.is_none());
        assert_eq!(answerer.answer(&board("1 2 3 4 5 6 7 x 8")), Some(&b"r"[..]));
        assert!(answerer.solver.is_some());
    }

    #[test]
    fn auto_searches_until_the_budget_runs_out_then_walks_the_table() {
        let mut answerer = Answerer::new(Method::Auto);
        let far = board("8 6 7 2 5 4 3 x 1");
        let want = b"uulddrruuldldrruuldldrruullddrr";
        // A 31-move board takes some thousands of expansions: well within the budget.
        assert_eq!(answerer.answer(&far), Some(&want[..]));
        assert!(answerer.solver.is_none());
        assert!(answerer.budget < SEARCH_BUDGET);
        // Repeated, it spends the budget; the board that exhausts it is walked instead.
        let mut boards = 1;
        while answerer.solver.is_none() {
            assert_eq!(answerer.answer(&far), Some(&want[..]));
            boards += 1;
        }
        assert_eq!(answerer.budget, 0);
        assert!(boards > 2 && boards < 20, "{boards}");
        assert_eq!(answerer.answer(&far), Some(&want[..]));
        // Forced search never builds the table.
        let mut searcher = Answerer::new(Method::Search);
        for _ in 0..boards + 1 {
            assert_eq!(searcher.answer(&far), Some(&want[..]));
        }
        assert!(searcher.solver.is_none());
    }
}
