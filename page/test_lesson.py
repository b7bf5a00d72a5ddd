#!/usr/bin/env python3
"""The study page's lesson on breadth-first search (issue 49) in headless Chromium, run by `make test`.

usage: test_lesson.py PAGE_DIR

`make test` runs these checks inside page/test_page.py's browser and pages (`checks`), which have
built the puzzles' tables already; run alone, this opens a browser of its own.

Serves PAGE_DIR (`make page`'s index.html and page.wasm) on a loopback port, stopped by its process
id at the end, and checks, deciding by what the page shows, never by the clock:
- one step on one screen: at 1366×900 and at 390×844, for each puzzle, with the step screen scrolled
  to the top of the window, its controls, pseudocode, the board taken, its neighbours, the queue's
  front and the tree are all inside the window together; the board taken is drawn as the case's
  board is (on a phone, a picture in the step screen as large as the case's board; on a desktop
  the big board itself), and the big board follows the search as it is stepped;
- the tree: at several steps of Magic Squares' and Eight's search, the boards drawn taken and waiting,
  each with its parent, are those a breadth-first search written here finds, over whole layers
  (at least four, while they hold at most 64 boards), and past its bound it holds every board of them;
- the toy graph: the search written here on the edges the page draws; at each step a wrong node
  pressed is judged wrong and names the right one, the right one is judged right;
- line stepping: from step 0, "line ▶" performs each of the pseudocode's nine lines in the order
  the step written here performs them, then reaches step 1; "◀ line" goes back;
- the two whys and the sentences: the marking counts are the crates' (on queueing, every board
  once), and none of the misleading sentences of issue 49 is on the page;
- axe-core: no violation in the lesson's sections, at both sizes.
One browser, one page for each size: the puzzles are links followed in it.
"""
import collections
import json
import os
import random
import shutil
import socket
import subprocess
import sys
import time

from playwright.sync_api import sync_playwright

PAGE_DIR = sys.argv[1]
AXE = os.path.join(os.environ.get("STUDY_PAGE_CACHE", os.path.expanduser("~/.cache/study-page")),
                   "node_modules", "axe-core", "axe.min.js")
CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
PUZZLES = ("msquare", "eight", "colour-hash")
rng = random.Random(20261205)
failures = []
console_errors = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL:", message, flush=True)


# ------------------------------------------------------------------ the searches, written again
# Each puzzle's start and moves, from the statements (a board is a tuple of its tokens).
def msquare_moves(board):
    sources = {"A": [7, 6, 5, 4, 3, 2, 1, 0], "B": [3, 0, 1, 2, 5, 6, 7, 4], "C": [0, 6, 1, 3, 4, 2, 5, 7]}
    return [(move, tuple(board[s] for s in order)) for move, order in sources.items()]


def eight_moves(board):
    blank, out = board.index("x"), []
    for move, step, legal in (("u", -3, blank >= 3), ("l", -1, blank % 3 > 0), ("d", 3, blank < 6), ("r", 1, blank % 3 < 2)):
        if legal:
            cells = list(board)
            cells[blank], cells[blank + step] = cells[blank + step], cells[blank]
            out.append((move, tuple(cells)))
    return out


START = {"msquare": tuple("12345678"), "eight": tuple("12345678x")}
MOVES = {"msquare": msquare_moves, "eight": eight_moves}


def breadth_first(neighbours, start, steps):
    """The first `steps` steps of breadth-first search: for each, the board taken, its distance and
    its neighbours as (move, board, new); with every board found, its parent and distance."""
    parent, distance, queue, taken = {start: None}, {start: 0}, collections.deque([start]), []
    while queue and len(taken) < steps:
        board = queue.popleft()
        found = []
        for move, after in neighbours(board):
            new = after not in distance
            if new:
                parent[after], distance[after] = board, distance[board] + 1
                queue.append(after)
            found.append((move, after, new))
        taken.append((board, distance[board], found))
    return taken, parent, distance


def tree_layers(sizes):
    """The layers the tree holds: whole layers while they hold at most 64 boards, at least four."""
    layers, held = 0, 0
    while layers < len(sizes) and (layers < 4 or held + sizes[layers] <= 64):
        held += sizes[layers]
        layers += 1
    return layers


# ------------------------------------------------------------------ the page
def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def follow(page, fragment):
    """Follows a link in the page already open and waits for the search's step it names."""
    page.evaluate(f"location.hash = {json.dumps(fragment)}")
    k = fragment.split("bfs=")[1] if "bfs=" in fragment else "0"
    page.wait_for_function(f"document.getElementById('bfs-k').value === '{k}' && document.querySelector('#search-tree .node') "
                           f"&& window.study.puzzle.name === {json.dumps(fragment[1:].split('&')[0])}", timeout=60000)


def joined(board):
    return ",".join(board)


def wait_step(page, k):
    page.wait_for_function(f"document.getElementById('bfs-k').value === '{k}' && lesson.step && lesson.step.index === {k}", timeout=30000)


def axe(page, where):
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=AXE)
    result = page.evaluate("axe.run({ include: [['#small'], ['#watch']] }, { resultTypes: ['violations'] })")
    check(not result["violations"], f"{where}: axe: {[(v['id'], v['impact'], [n['target'] for n in v['nodes']][:3]) for v in result['violations']]}")


# Every part of one step: the rectangles of each, as the page lays them out now.
PARTS = """(board) => Object.fromEntries(Object.entries({ controls: '#bfs-controls', pseudocode: '#bfs-code', board,
  neighbours: '#bfs-next', queue: '#bfs-queue li', tree: '#tree-box' }).map(([part, selector]) => {
    const r = document.querySelector(selector).getBoundingClientRect();
    return [part, [r.left, r.top, r.right, r.bottom, r.width, r.height]];
  }))"""
# The texts drawn on a board's picture, in order: what the puzzle's view drew there.
DRAWN = "(selector) => [...document.querySelectorAll(selector + ' text')].map((t) => t.textContent)"


def one_screen(page, size, phone):
    """Each part of one step in the window together, after a step the person took."""
    width, height = size
    for puzzle in PUZZLES:
        follow(page, f"#{puzzle}&bfs=2")
        page.click("#bfs-forward")
        wait_step(page, 3)
        board = "#step-board" if phone else "#board"
        # The whole step, then a line of it (the take, whose note names the board: the longest).
        for mode in ("the whole step", "its take, line by line"):
            if mode != "the whole step":
                page.click("#line-forward")
                page.click("#line-forward")
                page.wait_for_function("document.querySelector('#bfs-code li.now[data-line=take]')", timeout=30000)
            page.evaluate("document.getElementById('step-screen').scrollIntoView({ block: 'start' })")
            parts = page.evaluate(PARTS, board)
            outside = {part: [round(v) for v in r[:4]] for part, r in parts.items()
                       if r[0] < -0.5 or r[1] < -0.5 or r[2] > width + 0.5 or r[3] > height + 0.5 or r[4] <= 0 or r[5] <= 0}
            check(not outside, f"{puzzle} at {width}×{height}, {mode}: parts of the step outside the window: {outside}")
        # The board taken, drawn as the case's board is, at its size; the big board follows.
        taken = page.inner_text("#bfs-board")
        case_box, copy_box = page.evaluate("['#board', '#step-board'].map((s) => { const r = document.querySelector(s).getBoundingClientRect(); return [r.width, r.height]; })")
        big, copy = page.evaluate(DRAWN, "#board"), page.evaluate(DRAWN, "#step-board")
        label = page.get_attribute("#board", "aria-label")
        check(big == copy and label.startswith("The ") and "the search takes at step 3" in label,
              f"{puzzle} at {width}×{height}: the big board {big} ({label!r}) is not the search's board {copy} ({taken})")
        if phone:
            check(abs(case_box[0] - copy_box[0]) < 1 and abs(case_box[1] - copy_box[1]) < 1,
                  f"{puzzle} phone: the board taken is {copy_box}, the case's board {case_box}")
        if puzzle == "eight":
            tiles = [t for t in taken.split() if t != "x"]
            check(sorted(copy) == sorted(tiles) and copy == tiles, f"eight: the board taken drawn {copy}, the step's {taken}")
        page.click("#bfs-forward")
        wait_step(page, 4)
        check(page.evaluate(DRAWN, "#board") != big and page.evaluate(DRAWN, "#board") == page.evaluate(DRAWN, "#step-board"),
              f"{puzzle} at {width}×{height}: the big board did not follow the search to step 4")
    print(f"one step on one screen at {width}×{height} checked", flush=True)


def tree_checks(page):
    """The tree at steps within and past its bound: every board taken, those waiting, their parents."""
    for puzzle in ("msquare", "eight"):
        steps, parent, distance = breadth_first(MOVES[puzzle], START[puzzle], 200)
        sizes = collections.Counter(distance[b] for b, _, _ in steps)
        layers = tree_layers([sizes[d] for d in range(max(sizes) + 1)])
        bound = sum(1 for b, _, _ in steps if distance[b] < layers)
        for k in (0, rng.randrange(1, bound), bound - 1, bound + 3):
            follow(page, f"#{puzzle}&bfs={k}")
            drawn = page.evaluate("[...document.querySelectorAll('#search-tree .node')].map((g) => [g.dataset.board, g.classList.contains('taken'), g.dataset.parent, Number(g.dataset.layer), Boolean(g.querySelector('.parent-arrow'))])")
            taken = {b for b, _, _ in steps[:k + 1] if distance[b] < layers}
            found = {START[puzzle]} | {a for b, _, n in steps[:k + 1] for _, a, new in n if new and distance[a] < layers}
            expected = sorted([joined(b), b in taken, joined(parent[b]) if parent[b] else "", distance[b], parent[b] is not None] for b in found)
            check(sorted(drawn) == expected, f"{puzzle}&bfs={k}: the tree {len(drawn)} nodes, the search here {len(expected)}: "
                  f"{[d for d in drawn if d not in expected][:3]} / {[e for e in expected if e not in drawn][:3]}")
            if k >= bound:
                check(len(taken) == bound == sum(sizes[d] for d in range(layers)) and layers >= 4, f"{puzzle}: the tree's bound {bound} over {layers} layers")
        print(f"{puzzle}: the tree checked at four steps, {layers} layers, {bound} boards", flush=True)


def toy_checks(page):
    """The toy graph: each step, a wrong node judged wrong (naming the right one), the right one right."""
    page.click("#toy-again")
    edges = page.evaluate("[...document.querySelectorAll('#toy line.edge')].map((l) => [l.dataset.from, l.dataset.to])")
    nodes = page.evaluate("[...document.querySelectorAll('#toy .toy-node')].map((g) => g.dataset.node)")
    adjacent = collections.defaultdict(list)
    for a, b in edges:
        adjacent[a].append(b)
        adjacent[b].append(a)
    steps, _, distance = breadth_first(lambda n: [(m, m) for m in sorted(adjacent[n])], "S", len(nodes))
    check(6 <= len(nodes) <= 10 and len(steps) == len(nodes) == len(distance), f"the toy: {nodes}, {edges}")
    for i, (node, _, _) in enumerate(steps):
        wrong = rng.choice([n for n in nodes if n != node])
        page.click(f"#toy [data-node='{wrong}']")
        verdict = page.get_attribute("#toy-verdict", "data-verdict"), page.inner_text("#toy-verdict")
        check(verdict[0] == "wrong" and f"front: {node}." in verdict[1], f"the toy, step {i}: {wrong} pressed, judged {verdict}, the front {node}")
        page.click(f"#toy [data-node='{node}']")
        verdict = page.get_attribute("#toy-verdict", "data-verdict"), page.inner_text("#toy-verdict")
        check(verdict[0] == "right" and verdict[1].startswith(f"Right: {node}"), f"the toy, step {i}: {node} pressed, judged {verdict}")
        taken = page.evaluate("[...document.querySelectorAll('#toy .toy-node.taken')].map((g) => g.dataset.node)")
        check(sorted(taken) == sorted(n for n, _, _ in steps[:i + 1]), f"the toy, step {i}: drawn taken {taken}")
    check(page.inner_text("#toy-queue").startswith("empty"), f"the toy: the queue at the end {page.inner_text('#toy-queue')!r}")
    print(f"the toy: {len(steps)} steps judged right and wrong", flush=True)


def line_checks(page):
    """From step 0, line by line to step 1: every line, in the order the step here performs them."""
    steps, _, _ = breadth_first(MOVES["msquare"], START["msquare"], 1)
    expected = ["start", "while", "take", "for"]
    for _, _, new in steps[0][2]:
        expected += ["move", "seen"] + (["mark", "parent", "enqueue"] if new else [])
    follow(page, "#msquare&bfs=0")
    seen = []
    for _ in expected:
        page.click("#line-forward")
        page.wait_for_function(f"document.querySelectorAll('#bfs-code li.now').length === 1 && lesson.line === {len(seen)}", timeout=30000)
        seen.append(page.evaluate("document.querySelector('#bfs-code li.now').dataset.line"))
    check(seen == expected and set(seen) == set(page.evaluate("[...document.querySelectorAll('#bfs-code li')].map((li) => li.dataset.line)")),
          f"line stepping: {seen}, the step here {expected}")
    page.click("#line-forward")
    wait_step(page, 1)
    check(page.evaluate("document.querySelector('#bfs-code li.now').dataset.line") == "while", "line stepping: step 1 starts at its loop's test")
    page.click("#line-back")
    wait_step(page, 0)
    page.wait_for_function("document.querySelector('#bfs-code li.now').dataset.line === 'enqueue'", timeout=30000)
    print("line stepping: each of the nine lines reached, in order", flush=True)


# The sentences issue 49 found misleading: none may remain.
MISLEADING = ["about 17 levels", "The whole space is searched breadth first from one board",
              "the distance table runs it over the whole space", "queue ← [start]"]


def words_checks(page):
    for puzzle in PUZZLES:
        follow(page, f"#{puzzle}")
        page.wait_for_function("document.getElementById('why-mark').dataset.counts", timeout=60000)
        # The step, pseudocode included, is drawn in a task after the one that switched the puzzle
        # (under load, later than `follow` returns): the page's words are read once it is this
        # puzzle's.
        page.wait_for_function(f"document.getElementById('bfs-code').dataset.puzzle === {json.dumps(puzzle)}", timeout=60000)
        text = page.evaluate("document.body.textContent")
        found = [s for s in MISLEADING if s in text]
        check(not found, f"{puzzle}: misleading sentences remain: {found}")
        first = page.inner_text("#bfs-code li[data-line=start]")
        check(("the goal" in first) == (puzzle != "msquare"), f"{puzzle}: the search starts at {first!r}")
    counts = [int(n) for n in page.get_attribute("#why-mark", "data-counts").split(",")]
    said = page.inner_text("#why-mark")
    check(counts[0] == 40320 and counts[2] == 181440 and counts[1] > counts[0] and counts[3] > counts[2]
          and all(f"{n:,}" in said for n in counts), f"the marking counts {counts}: {said!r}")
    print("the whys' counts and the sentences checked", flush=True)


def checks(page, size, phone):
    """Every check above in `page`, open at `size` (a phone's when `phone`): page/test_page.py runs
    them in its own pages, which have built the tables already."""
    one_screen(page, size, phone)
    if phone:
        toy_checks(page)
    else:
        tree_checks(page)
        line_checks(page)
        words_checks(page)
    axe(page, f"{size[0]}×{size[1]}")


def main():
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(port)],
                              cwd=PAGE_DIR, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}/index.html"
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
                break
            except OSError:
                time.sleep(0.05)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
            for size, phone in (((1366, 900), False), ((390, 844), True)):
                context = browser.new_context(viewport={"width": size[0], "height": size[1]}, reduced_motion="reduce",
                                              is_mobile=phone, has_touch=phone, device_scale_factor=1)
                page = context.new_page()
                page.on("console", lambda m: m.type == "error" and console_errors.append(m.text))
                page.on("pageerror", lambda e: console_errors.append(str(e)))
                page.goto(base + "#msquare")
                page.wait_for_selector("body[data-ready=true]", timeout=30000)
                checks(page, size, phone)
                context.close()
            browser.close()
    finally:
        server.kill()
        server.wait()
    check(not console_errors, f"console errors: {console_errors}")
    if failures:
        print(f"lesson test: {len(failures)} failure(s)")
        sys.exit(1)
    print("lesson test: ok")


if __name__ == "__main__":
    main()
