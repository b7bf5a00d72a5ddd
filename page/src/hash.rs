//! colour-hash seen from its goal side: the layers of a breadth-first search from the goal over
//! the crate's `State::apply`, counted as its `--stats` counts them, the four turns on the 24
//! numbers (written here: the crate builds a `State` from numbers only inside `run`), and the
//! size of the whole space.

use std::cell::RefCell;

use colour_hash::{Move, State, GOAL, NUMBERS, PIECES};

use crate::json;
use crate::shortest::{self, Space};

/// The deepest table the page builds: 14 moves, 4.4 million configurations.
pub const MAX_DEPTH: u8 = 14;

/// The judge's limit on an answer's length.
const LIMIT: u8 = 16;

/// The 24 numbers: the left wheel's 12 places, then the right wheel's; places 10–12 of both
/// (indices 9..12) are the three shared pieces.
pub type Numbers = [u8; NUMBERS];

/// The numbers after move `number` (1..=4), as the crate's `Move` docs define the turns: 1 turns
/// the left wheel clockwise, `L' = L[10..12] ++ L[0..10]`; 2 the right wheel clockwise,
/// `R' = R[2..12] ++ R[0..2]`; 3 and 4 the other way. The shared places follow the wheel turned.
pub fn turn(numbers: &Numbers, number: u8) -> Numbers {
    let mut left: Vec<u8> = numbers[..12].to_vec();
    let mut right: Vec<u8> = numbers[12..].to_vec();
    match number {
        1 => left.rotate_right(2),
        2 => right.rotate_left(2),
        3 => left.rotate_left(2),
        _ => right.rotate_right(2),
    }
    if number % 2 == 1 {
        right[9..12].copy_from_slice(&left[9..12]);
    } else {
        left[9..12].copy_from_slice(&right[9..12]);
    }
    let mut next = [0u8; NUMBERS];
    next[..12].copy_from_slice(&left);
    next[12..].copy_from_slice(&right);
    next
}

/// A configuration's key: the 21 distinct pieces, 3 bits each (a place's parity says whether it
/// holds a separator or a triangle, so half the number is enough), 63 bits.
fn key(numbers: &Numbers) -> u64 {
    numbers[..PIECES]
        .iter()
        .enumerate()
        .fold(0, |key, (place, &number)| key | u64::from(number / 2) << (3 * place))
}

/// The configurations within some depth of the goal, one sorted layer of keys per distance.
#[derive(Debug)]
pub struct Table {
    layers: Vec<Vec<u64>>,
    /// The last layer as states, to go deeper.
    frontier: Vec<State>,
}

impl Table {
    fn new() -> Self {
        Table {
            layers: vec![vec![key(&GOAL)]],
            frontier: vec![State::GOAL],
        }
    }

    /// How deep the table reaches.
    pub fn depth(&self) -> u8 {
        (self.layers.len() - 1) as u8
    }

    /// Adds layers until the table reaches `depth`: layer d + 1 is the neighbours of layer d
    /// minus layers d and d − 1 (a move's inverse is a move).
    ///
    /// # Complexity
    /// O(N log N) for the N = 4 · |last layer| neighbours, each layer.
    pub fn extend_to(&mut self, depth: u8) {
        while self.depth() < depth.min(MAX_DEPTH) {
            let mut next: Vec<(u64, State)> = self
                .frontier
                .iter()
                .flat_map(|&state| Move::ALL.iter().map(move |&step| state.apply(step)))
                .map(|state| (key(&state.numbers()), state))
                .collect();
            next.sort_unstable_by_key(|&(key, _)| key);
            next.dedup_by_key(|&mut (key, _)| key);
            let known = |key: u64| self.lookup_key(key).is_some();
            next.retain(|&(key, _)| !known(key));
            let layer: Vec<u64> = next.iter().map(|&(key, _)| key).collect();
            self.frontier = next.into_iter().map(|(_, state)| state).collect();
            self.layers.push(layer);
        }
    }

    fn lookup_key(&self, key: u64) -> Option<u8> {
        // Only the last three layers can hold a neighbour of the last one, but a lookup from the
        // page may be anywhere: every layer is searched.
        self.layers
            .iter()
            .position(|layer| layer.binary_search(&key).is_ok())
            .map(|depth| depth as u8)
    }

    /// The distance of `numbers` to the goal, if within the table's depth.
    pub fn distance(&self, numbers: &Numbers) -> Option<u8> {
        self.lookup_key(key(numbers))
    }

    /// The number of configurations at each distance 0..=depth.
    pub fn sizes(&self) -> Vec<usize> {
        self.layers.iter().map(Vec::len).collect()
    }
}

thread_local! {
    static TABLE: RefCell<Table> = RefCell::new(Table::new());
}

/// Calls `f` with the table, first extended to `depth` (at least 1).
pub fn with_depth<T>(depth: u8, f: impl FnOnce(&Table) -> T) -> T {
    TABLE.with(|table| {
        table.borrow_mut().extend_to(depth.max(1));
        f(&table.borrow())
    })
}

/// The number of configurations, 6,286,896,000: the separators and the triangles, counted in the
/// goal, each arranged in their own places (a turn moves a separator to a separator's place), so
/// the product of two multinomial coefficients.
pub fn space_size() -> u64 {
    let mut counts = [0u64; 11];
    for &value in &GOAL[..PIECES] {
        counts[usize::from(value)] += 1;
    }
    let factorial = |n: u64| (1..=n).product::<u64>();
    [0, 1]
        .iter()
        .map(|&parity| {
            let kinds: Vec<u64> = (parity..11).step_by(2).map(|value| counts[value]).collect();
            factorial(kinds.iter().sum()) / kinds.iter().map(|&count| factorial(count)).product::<u64>()
        })
        .product()
}

/// The judge's answer length for `numbers`, from the crate's `run` on that one case: `Some(0)`
/// when solved, `None` when no answer lies within 16 moves.
fn judged(numbers: &Numbers) -> Option<u8> {
    let listed: Vec<String> = numbers.iter().map(u8::to_string).collect();
    let input = format!("1\n{}\n", listed.join(" "));
    let mut out = Vec::new();
    colour_hash::run(
        input.as_bytes(),
        &mut out,
        &mut Vec::new(),
        &colour_hash::Options::default(),
    )
    .ok()?;
    let line = String::from_utf8_lossy(&out);
    let line = line.trim_end();
    if line.bytes().all(|byte| byte.is_ascii_digit()) {
        Some(line.len() as u8)
    } else if line.starts_with("PUZZLE") {
        Some(0)
    } else {
        None
    }
}

/// The shortest answers within the judge's 16 moves.
struct ToGoal<'a> {
    table: &'a Table,
}

impl Space for ToGoal<'_> {
    type State = Numbers;
    type Key = u64;
    const MOVES: usize = 4;
    fn next(&self, state: Numbers, step: usize) -> Option<Numbers> {
        Some(turn(&state, step as u8 + 1))
    }
    fn exactly(&self, state: Numbers, moves: u8) -> Option<bool> {
        match self.table.distance(&state) {
            Some(distance) => Some(distance == moves),
            // Beyond the table: farther than its depth.
            None if moves <= self.table.depth() => Some(false),
            None => None,
        }
    }
    fn key(&self, state: Numbers) -> u64 {
        key(&state)
    }
}

/// `numbers` separated by commas.
fn tokens(numbers: &Numbers) -> String {
    let listed: Vec<String> = numbers.iter().map(u8::to_string).collect();
    listed.join(",")
}

/// [`crate::inspect`] for colour-hash: the table as deep as it was built (12 at least), the
/// judge's own answer for what lies beyond.
pub fn inspect(tokens: &[&str]) -> Result<String, String> {
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
    with_depth(12, |table| {
        let distance = |numbers: &Numbers| table.distance(numbers).or_else(|| judged(numbers));
        let own = distance(&numbers);
        let mut out = json::Object::new();
        out.optional("distance", own.map(u64::from));
        out.number("table", u64::from(table.depth()));
        let hints: Vec<String> = (1..=4)
            .map(|number| {
                let next = turn(&numbers, number);
                let mut hint = json::Object::new();
                hint.string("move", &number.to_string());
                hint.string("board", &self::tokens(&next));
                hint.optional("distance", distance(&next).map(u64::from));
                hint.finish()
            })
            .collect();
        out.raw("moves", &format!("[{}]", hints.join(",")));
        if let Some(length) = own.filter(|&length| length <= LIMIT) {
            let answers = shortest::answers(&ToGoal { table }, numbers, length, 5);
            out.number("count", answers.count);
            out.strings(
                "first",
                answers
                    .first
                    .iter()
                    .map(|answer| answer.iter().map(|&step| char::from(b'1' + step as u8)).collect()),
            );
        }
        Ok(out.finish())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_are_the_crates() {
        let mut state = State::GOAL;
        for round in 0..200usize {
            let step = Move::ALL[(round * 7 + round / 3) % 4];
            let next = state.apply(step);
            assert_eq!(turn(&state.numbers(), step.number()), next.numbers(), "{round}");
            state = next;
        }
    }

    #[test]
    fn layers_are_the_published_counts() {
        with_depth(8, |table| {
            assert_eq!(table.sizes(), [1, 4, 12, 34, 96, 272, 770, 2180, 6120]);
        });
        assert_eq!(space_size(), 6_286_896_000);
    }

    #[test]
    fn the_official_sample_is_the_first_shortest_answer() {
        // A scramble of the goal by 3 then 2: answer 4 then 1 (undoing them, smallest first).
        let scrambled = turn(&turn(&GOAL, 3), 2);
        let listed: Vec<String> = scrambled.iter().map(u8::to_string).collect();
        let listed: Vec<&str> = listed.iter().map(String::as_str).collect();
        let text = inspect(&listed).unwrap();
        assert!(text.contains(r#""distance":2"#), "{text}");
        assert!(text.contains(r#""first":["41""#), "{text}");
    }
}
