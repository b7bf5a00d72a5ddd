//! `--trace`: each case's solution drawn move by move, the two wheels as hexagons.
//!
//! **Equals:** the solver's answer played by [`State::apply`] (which equals
//! [`plain::apply_move`](crate::plain::apply_move), `state.rs`) from the case: a drawing a
//! move, the last one the goal's, each place drawn where its move carries it.
//! **Proved by:** `trace_draws_every_move_and_leaves_stdout_alone` (the sample's 16 moves drawn,
//! ending at the goal's drawing) and `drawing_puts_each_place_where_its_move_turns_it` (below).

use std::io::{self, Write};

use crate::state::{Answer, Move, State};

/// The drawing's grid cell (row, column) of each clock hour 0..12 on a wheel whose 12 o'clock
/// is in column 0: a hexagon, hours 2-4 and 8-10 on its upright sides.
const HOUR_CELLS: [(usize, isize); 12] = [
    (0, 0),
    (1, 1),
    (2, 2),
    (3, 2),
    (4, 2),
    (5, 1),
    (6, 0),
    (5, -1),
    (4, -2),
    (3, -2),
    (2, -2),
    (1, -1),
];

/// Draws `state` as two wheels side by side: a heading, 7 rows of text, then its 24 numbers.
///
/// Place L*i* of the left wheel sits at hour 5 + *i* (L0 at 5 o'clock, clockwise), place R*j*
/// of the right wheel at hour 7 − *j* (R0 at 7 o'clock, counter-clockwise), so the left wheel's
/// hours 2, 3, 4 and the right wheel's hours 10, 9, 8 are one column: the shared pieces
/// L9 = R9, L10 = R10, L11 = R11. Separators are bracketed, `[ 0]`; triangles are bare, ` 3 `.
fn draw(out: &mut (impl Write + ?Sized), state: State) -> io::Result<()> {
    const COLUMNS: usize = 9;
    let numbers = state.numbers();
    let mut grid = [[None::<u8>; COLUMNS]; 7];
    let mut place = |hour: usize, centre: isize, number: u8| {
        let (row, offset) = HOUR_CELLS[hour % 12];
        grid[row][(centre + offset) as usize] = Some(number);
    };
    for index in 0..12 {
        place(5 + index, 2, numbers[index]);
        place(12 + 7 - index, 6, numbers[12 + index]);
    }
    writeln!(out, "      left wheel     right wheel")?;
    for row in grid {
        let mut line = String::from(" ");
        for (column, cell) in row.into_iter().enumerate() {
            line.push_str(&match cell {
                Some(number) if number % 2 == 0 => format!("[{number:>2}]"),
                Some(number) => format!(" {number:>2} "),
                // A guide through the shared column, above and below its three pieces.
                None if column == 4 => "  : ".to_string(),
                None => "    ".to_string(),
            });
        }
        writeln!(out, "{}", line.trim_end())?;
    }
    let (left, right) = numbers.split_at(12);
    let text = |wheel: &[u8]| wheel.iter().map(u8::to_string).collect::<Vec<_>>().join(" ");
    writeln!(out, "  {} | {}", text(left), text(right))
}

/// What a move does, for the trace: `left wheel clockwise`.
fn move_name(step: Move) -> &'static str {
    match step {
        Move::LeftClockwise => "left wheel clockwise",
        Move::RightClockwise => "right wheel clockwise",
        Move::LeftCounterClockwise => "left wheel counter-clockwise",
        Move::RightCounterClockwise => "right wheel counter-clockwise",
    }
}

/// `--trace` for one case: a line with the case and its answer, then (for a valid configuration)
/// the start drawn and, for a solution, the configuration after each move, labelled with the move;
/// the last drawing is the goal.
///
pub(crate) fn write_trace(out: &mut dyn Write, case: u64, start: Option<State>, answer: &Answer) -> io::Result<()> {
    let Some(start) = start else {
        return writeln!(out, "case {case}: {answer} (not a configuration of the puzzle)");
    };
    match answer {
        Answer::Moves(solution) => {
            let count = solution.moves().len();
            writeln!(
                out,
                "case {case}: {answer} ({count} move{})",
                if count == 1 { "" } else { "s" }
            )?
        }
        _ => writeln!(out, "case {case}: {answer}")?,
    }
    writeln!(
        out,
        "start ([n] separator, n triangle; the middle column is shared, numbers 10-12 = 22-24):"
    )?;
    draw(out, start)?;
    if let Answer::Moves(solution) = answer {
        let mut state = start;
        for (index, &step) in solution.moves().iter().enumerate() {
            state = state.apply(step);
            writeln!(
                out,
                "move {} of {}, {}: {}",
                index + 1,
                solution.moves().len(),
                step.number(),
                move_name(step)
            )?;
            draw(out, state)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::GOAL;
    use crate::{run, Options};

    #[test]
    fn trace_draws_every_move_and_leaves_stdout_alone() {
        let goal = GOAL.map(|n| n.to_string()).join(" ");
        let input = format!(
            "4\n{goal}\n0 3 4 5 0 3 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 1\n\
             0 9 4 3 0 5 6 5 0 1 2 1 0 7 8 7 0 9 10 3 0 1 2 1\n\
             0 3 4 3 0 5 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 3\n"
        );
        let answers = |options: &Options| {
            let (mut out, mut diagnostics) = (Vec::new(), Vec::new());
            run(input.as_bytes(), &mut out, &mut diagnostics, options).unwrap();
            (String::from_utf8(out).unwrap(), String::from_utf8(diagnostics).unwrap())
        };
        let (plain, warnings) = answers(&Options::default());
        let (traced, trace) = answers(&Options {
            trace: Some(write_trace),
            ..Options::default()
        });
        assert_eq!(traced, plain);
        let warning = "colour-hash: warning: case 4: numbers 12 and 24 are the same shared piece but read 1 and 3\n";
        assert_eq!(warnings, warning);
        let mut goal_drawing = Vec::new();
        draw(&mut goal_drawing, State::GOAL).unwrap();
        let goal_drawing = String::from_utf8(goal_drawing).unwrap();
        assert!(trace.starts_with("case 1: PUZZLE ALREADY SOLVED\nstart ([n] separator"));
        let second = trace
            .split("case 2: ")
            .nth(1)
            .unwrap()
            .split("case 3: ")
            .next()
            .unwrap();
        assert!(second.starts_with("1434332334332323 (16 moves)\n"), "{second}");
        assert_eq!(second.matches("\nmove ").count(), 16, "{second}");
        assert_eq!(second.matches("      left wheel     right wheel\n").count(), 17);
        assert!(second.contains("\nmove 1 of 16, 1: left wheel clockwise\n"), "{second}");
        assert!(
            second.contains("\nmove 2 of 16, 4: right wheel counter-clockwise\n"),
            "{second}"
        );
        assert!(
            second.ends_with(&format!(
                "move 16 of 16, 3: left wheel counter-clockwise\n{goal_drawing}"
            )),
            "{second}"
        );
        assert!(
            trace.contains("case 3: NO SOLUTION WAS FOUND IN 16 STEPS\nstart "),
            "{trace}"
        );
        assert!(trace.ends_with(&format!(
            "{warning}case 4: NO SOLUTION WAS FOUND IN 16 STEPS (not a configuration of the puzzle)\n"
        )));
        assert_eq!(
            goal_drawing,
            "      left wheel     right wheel\n           \
             5       :       9\n     \
             [ 6]    [ 0]  : [ 0]    [10]\n   \
             5               1               9\n \
             [ 0]            [ 2]            [ 0]\n   \
             3               1               7\n     \
             [ 4]    [ 0]  : [ 0]    [ 8]\n           \
             3       :       7\n  \
             0 3 4 3 0 5 6 5 0 1 2 1 | 0 7 8 7 0 9 10 9 0 1 2 1\n"
        );
    }

    #[test]
    fn drawing_puts_each_place_where_its_move_turns_it() {
        // Move 1 carries L0 (5 o'clock) to L2 (7 o'clock): clockwise on the drawing.
        let mut numbers = GOAL;
        numbers[0] = 10;
        numbers[18] = 0;
        let start = State::from_numbers(&numbers).unwrap();
        let mut before = Vec::new();
        draw(&mut before, start).unwrap();
        let before = String::from_utf8(before).unwrap();
        assert!(
            before.lines().nth(6).unwrap().starts_with("     [ 4]    [10]"),
            "{before}"
        );
        let mut after = Vec::new();
        draw(&mut after, start.apply(Move::LeftClockwise)).unwrap();
        let after = String::from_utf8(after).unwrap();
        assert!(after.lines().nth(6).unwrap().starts_with("     [10]"), "{after}");
    }
}
