//! colour-hash seen from its goal side: the configurations within some depth of the goal, layer
//! by layer as its `--stats` counts them, for the histogram and for "why this answer"; beyond
//! them, the crate's own solver.
//!
//! All of it is the crate's: the moves on the 24 numbers ([`colour_hash::plain::apply_move`]), a
//! configuration's check and packing ([`State::from_numbers`]), the layers around the goal and
//! the size of the whole space ([`colour_hash::study::GoalLayers`],
//! [`colour_hash::study::space_size`]), and every distance beyond the layers
//! ([`colour_hash::Solver::solve`], the judge's meet in the middle). The page keeps the layers
//! to 12 moves, 14 on request.

use std::cell::{OnceCell, RefCell};

use colour_hash::plain::{apply_move, Config, MOVES};
use colour_hash::study::GoalLayers;
use colour_hash::{Answer, Solver, State, GOAL, MAX_MOVES, NUMBERS};

use common::cli::Failure;

use crate::json;
use crate::shortest::{self, Space};
use crate::study::Study;

/// The deepest table the page builds: 14 moves, 4.4 million configurations.
pub const MAX_DEPTH: u8 = 14;

/// The configurations within some depth of the goal: the crate's layers, looked up by the 24
/// numbers.
#[derive(Debug, Default)]
pub struct Table {
    layers: GoalLayers,
}

impl Table {
    /// How deep the table reaches.
    pub fn depth(&self) -> u8 {
        self.layers.depth()
    }

    /// Adds layers until the table reaches `depth` (at most [`MAX_DEPTH`]).
    ///
    /// # Complexity
    /// [`GoalLayers::extend_to`].
    pub fn extend_to(&mut self, depth: u8) {
        self.layers.extend_to(depth.min(MAX_DEPTH));
    }

    /// The distance of `numbers` to the goal, if they are a configuration within the table's
    /// depth.
    pub fn distance(&self, numbers: &Config) -> Option<u8> {
        self.layers.distance(State::from_numbers(numbers).ok()?)
    }

    /// The number of configurations at each distance 0..=depth.
    pub fn sizes(&self) -> Vec<usize> {
        self.layers.sizes()
    }
}

thread_local! {
    static TABLE: RefCell<Table> = RefCell::new(Table::default());
    static SOLVER: OnceCell<Solver> = const { OnceCell::new() };
}

/// Calls `f` with the table, first extended to `depth` (at least 1).
///
/// The table is taken out of its cell for the call and put back after: no borrow of the cell is
/// held while it grows or while `f` runs. In the page's module a panic aborts (an out-of-memory
/// trap while a layer is built, say) and runs no destructor, so a borrow held then would never
/// be released, and every later call would trap on it; taken out, the cell is left with an empty
/// table, which the next call builds again.
pub fn with_depth<T>(depth: u8, f: impl FnOnce(&Table) -> T) -> T {
    let mut table = TABLE.with(|cell| cell.replace(Table::default()));
    table.extend_to(depth.max(1));
    let result = f(&table);
    TABLE.with(|cell| cell.replace(table));
    result
}

/// Calls `f` with the crate's layers, first extended to `depth` (at least 1).
pub fn with_layers<T>(depth: u8, f: impl FnOnce(&GoalLayers) -> T) -> T {
    with_depth(depth, |table| f(&table.layers))
}

/// The number of configurations, 6,286,896,000 ([`colour_hash::study::space_size`]).
pub fn space_size() -> u64 {
    colour_hash::study::space_size()
}

/// The length of the judge's answer for `numbers`, from the crate's [`Solver`] (built the first
/// time): `Some(0)` when solved, `None` when they are not a configuration or no answer lies
/// within 16 moves.
fn judged(numbers: &Config) -> Option<u8> {
    let start = State::from_numbers(numbers).ok()?;
    SOLVER.with(|solver| match solver.get_or_init(Solver::new).solve(start) {
        Answer::AlreadySolved => Some(0),
        Answer::Moves(solution) => Some(solution.moves().len() as u8),
        Answer::NoSolution => None,
    })
}

/// The shortest answers within the judge's 16 moves.
struct ToGoal<'a> {
    table: &'a Table,
}

impl Space for ToGoal<'_> {
    type State = Config;
    type Key = Config;
    const MOVES: usize = 4;
    fn next(&self, state: Config, step: usize) -> Option<Config> {
        Some(apply_move(&state, MOVES[step]))
    }
    fn exactly(&self, state: Config, moves: u8) -> Option<bool> {
        match self.table.distance(&state) {
            Some(distance) => Some(distance == moves),
            // Beyond the table: farther than its depth.
            None if moves <= self.table.depth() => Some(false),
            None => None,
        }
    }
    fn key(&self, state: Config) -> Config {
        state
    }
}

/// `numbers` separated by commas.
pub fn tokens(numbers: &Config) -> String {
    let listed: Vec<String> = numbers.iter().map(u8::to_string).collect();
    listed.join(",")
}

/// Reads 24 numbers 0..10 (not checked further: the crate's solver says whether they are a
/// configuration).
pub fn parse(tokens: &[&str]) -> Result<Config, String> {
    if tokens.len() != NUMBERS {
        return Err(format!("a configuration is 24 numbers, not {}", tokens.len()));
    }
    let mut numbers = [0u8; NUMBERS];
    for (number, token) in numbers.iter_mut().zip(tokens) {
        *number = token
            .parse()
            .ok()
            .filter(|&value: &u8| value <= 10)
            .ok_or_else(|| format!("'{token}' is not a piece 0..10"))?;
    }
    Ok(numbers)
}

/// The configurations `moves` (digits 1-4) pass through from `start`, each with its distance
/// to the goal where the table reaches (`null` beyond) and the configuration each move leads to,
/// as JSON ([`crate::replay`]). Configurations have no rank here: the page draws no picture of
/// the whole space for this puzzle.
pub fn replay(start: &[&str], moves: &str) -> Result<String, String> {
    let mut numbers = parse(start)?;
    with_depth(12, |table| {
        let describe = |numbers: &Config| {
            let next = MOVES
                .iter()
                .map(|&step| (b'0' + step, tokens(&apply_move(numbers, step))));
            crate::board_json(&tokens(numbers), 0, &[], table.distance(numbers), next)
        };
        let mut listed = vec![describe(&numbers)];
        for letter in moves.bytes() {
            let step = letter.wrapping_sub(b'0');
            if !MOVES.contains(&step) {
                return Err(format!("'{}' is not a move 1-4", char::from(letter)));
            }
            numbers = apply_move(&numbers, step);
            listed.push(describe(&numbers));
        }
        Ok(format!("[{}]", listed.join(",")))
    })
}

/// The goal scrambled by 6 to 19 moves drawn from `random`, as tokens.
pub fn random(mut random: u64) -> String {
    let length = 6 + random % 14;
    let mut numbers = GOAL;
    for _ in 0..length {
        random /= 14;
        random = random
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        numbers = apply_move(&numbers, MOVES[(random >> 33) as usize % 4]);
    }
    tokens(&numbers)
}

/// [`crate::inspect`] for colour-hash: the table as deep as it was built (12 at least), the
/// judge's own solver for what lies beyond.
pub fn inspect(tokens: &[&str]) -> Result<String, String> {
    let numbers = parse(tokens)?;
    with_depth(12, |table| {
        let distance = |numbers: &Config| table.distance(numbers).or_else(|| judged(numbers));
        let own = distance(&numbers);
        let mut out = json::Object::new();
        out.optional("distance", own.map(u64::from));
        out.number("table", u64::from(table.depth()));
        let hints: Vec<String> = MOVES
            .iter()
            .map(|&number| {
                let next = apply_move(&numbers, number);
                let mut hint = json::Object::new();
                hint.string("move", &number.to_string());
                hint.string("board", &self::tokens(&next));
                hint.optional("distance", distance(&next).map(u64::from));
                hint.finish()
            })
            .collect();
        out.raw("moves", &format!("[{}]", hints.join(",")));
        if let Some(length) = own.filter(|&length| usize::from(length) <= MAX_MOVES) {
            shortest::answers(&ToGoal { table }, numbers, length, 5)
                .write(&mut out, |step| char::from(b'0' + MOVES[step]));
        }
        Ok(out.finish())
    })
}

/// Colour Hash's answers to the page's questions ([`Study`]).
#[derive(Clone, Copy, Debug)]
pub struct ColourHash;

impl Study for ColourHash {
    fn program(&self) -> &'static str {
        colour_hash::PROGRAM
    }

    fn run(&self, input: &[u8], stdout: &mut Vec<u8>, stderr: &mut Vec<u8>) -> Result<(), Failure> {
        colour_hash::run(input, stdout, stderr, &colour_hash::Options::default())
    }

    fn first_case(&self, input: &[u8]) -> Result<String, String> {
        crate::first::words(input, 1, NUMBERS)
    }

    fn layer_sizes(&self, depth: u8) -> Vec<usize> {
        with_depth(depth, |table| table.sizes())
    }

    fn states(&self) -> u64 {
        space_size()
    }

    fn census(&self) -> Option<Vec<u64>> {
        Some(colour_hash::census_layers())
    }

    fn inspect(&self, tokens: &[&str]) -> Result<String, String> {
        inspect(tokens)
    }

    fn replay(&self, start: &[&str], moves: &str) -> Result<String, String> {
        replay(start, moves)
    }

    fn random(&self, mixed: u64) -> String {
        random(mixed)
    }

    fn moves(&self) -> Vec<u8> {
        MOVES.iter().map(|&step| b'0' + step).collect()
    }

    fn goal(&self) -> String {
        tokens(&GOAL)
    }

    fn sample(&self) -> &'static str {
        "0,3,4,5,0,3,6,5,0,1,2,1,0,7,8,7,0,9,10,9,0,1,2,1"
    }

    fn figures(&self, out: &mut json::Object) {
        use colour_hash::study::meet;
        out.number("states", space_size());
        out.number("maxMoves", MAX_MOVES as u64);
        out.number("deepest", u64::from(MAX_DEPTH));
        out.number("goalDepth", u64::from(meet::default_goal_depth()));
        let depths = meet::goal_depths();
        out.numbers("depths", depths.iter().map(|&g| u64::from(g)));
        out.numbers("tables", depths.iter().map(|&g| meet::table_size(g)));
        let deepest = MAX_MOVES as u8;
        out.numbers("leaves", (0..=deepest).map(meet::start_side_leaves));
        out.numbers("sequences", (0..=deepest).map(meet::start_side_sequences));
        out.numbers("allTables", (0..=deepest).map(meet::table_size));
    }

    fn bfs(&self, k: usize) -> Option<String> {
        crate::watch::hash_bfs(k)
    }

    fn first_layers(&self) -> String {
        crate::watch::first_layers(colour_hash::study::GoalSideStepper::new(), crate::watch::hash_step)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use colour_hash::plain::{play, Plain, TABLE_DEPTH};

    /// `inspect` of a configuration.
    fn inspected(numbers: &Config) -> String {
        let listed: Vec<String> = numbers.iter().map(u8::to_string).collect();
        let listed: Vec<&str> = listed.iter().map(String::as_str).collect();
        inspect(&listed).unwrap()
    }

    #[test]
    fn layers_are_the_crates_and_the_published_counts() {
        with_depth(9, |table| {
            let plain = Plain::new();
            assert_eq!(table.sizes()[..=usize::from(TABLE_DEPTH)], plain.layer_sizes()[..]);
            assert_eq!(table.sizes(), [1, 4, 12, 34, 96, 272, 770, 2180, 6120, 17_160]);
            // Scrambles of 1 to 12 moves: the same distance as the crate's table, where it knows.
            let mut seed = 20_261_201u32;
            let mut start = GOAL;
            for _ in 0..12 {
                seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                start = apply_move(&start, MOVES[(seed >> 16) as usize % 4]);
                let known = table.distance(&start).filter(|&distance| distance <= TABLE_DEPTH);
                assert_eq!(known, plain.distance(&start), "{start:?}");
            }
        });
        assert_eq!(space_size(), 6_286_896_000);
    }

    #[test]
    fn no_borrow_is_held_while_the_table_is_used() {
        // What a trap (which runs no destructor) would leave behind: a borrow taken here.
        let free = || TABLE.with(|cell| cell.try_borrow_mut().is_ok());
        assert!(with_depth(3, |table| table.depth() == 3 && free()));
        // And the table grown is kept for the next call.
        assert!(with_depth(2, |table| table.depth() == 3));
    }

    #[test]
    fn the_printed_answer_is_the_first_shortest_one() {
        // A scramble of the goal by 3 then 2: answer 4 then 1 (undoing them, smallest first).
        let text = inspected(&play(&GOAL, &[3, 2]));
        assert!(text.contains(r#""distance":2"#), "{text}");
        assert!(text.contains(r#""first":["41""#), "{text}");
        // A tie: 222112 and 444112 both solve it (colour_hash::plain's docs); 222112 is printed.
        let text = inspected(&play(&GOAL, &[4, 3, 3, 4, 4, 4]));
        assert!(text.contains(r#""first":["222112","444112"]"#), "{text}");
    }

    #[test]
    fn beyond_the_table_the_crates_solver_answers() {
        // The official sample's second case: 16 moves, beyond the page's 12-move layers.
        let start = [0, 3, 4, 5, 0, 3, 6, 5, 0, 1, 2, 1, 0, 7, 8, 7, 0, 9, 10, 9, 0, 1, 2, 1];
        let text = inspected(&start);
        assert!(text.contains(r#""distance":16"#), "{text}");
        assert!(text.contains(r#""first":["1434332334332323""#), "{text}");
        // 17 moves away: no answer, and a neighbour 16 away (colour_hash::plain's test case).
        let far = [10, 9, 8, 7, 2, 1, 0, 3, 0, 1, 0, 5, 0, 7, 0, 9, 0, 3, 4, 5, 6, 1, 0, 5];
        let text = inspected(&far);
        assert!(text.contains(r#""distance":null"#), "{text}");
        assert!(text.contains(r#""distance":16"#), "{text}");
        // Not a configuration (a triangle where a separator belongs): no distance, no answers.
        let mut wrong = GOAL;
        wrong.swap(0, 1);
        let text = inspected(&wrong);
        assert!(
            text.starts_with(r#"{"distance":null"#) && !text.contains("count"),
            "{text}"
        );
    }
}
