#!/usr/bin/env python3
"""The study page in a real browser (headless Chromium driven by Playwright), run by `make test`.

usage: test_page.py PAGE_DIR BIN_DIR [PART ...]

PAGE_DIR holds `make page`'s index.html, page.wasm and study.html; BIN_DIR the puzzle binaries
(`make page-test` passes the static ones of `make dist`); PART names the only parts to run (the
functions `PART_checks` below, `desktop`, `phone` or `build`), all when none is named. axe-core
comes from npm (page/setup.sh installs it in $STUDY_PAGE_CACHE, by default ~/.cache/study-page).

Serves PAGE_DIR on a loopback port (stopped by its process id at the end) and checks, through the
browser, what only a page shows: what it draws, its keys and focus, its links and history, its
phone layout and axe-core's verdict. Each part is a function below, its docstring what it checks
(docs/study-page.md names them). The rules and numbers the crates compute are tested natively
(page/src's tests and the crates' own): here the page is held to the binary's output byte for
byte, and to drawing what the module answered (asked through the page's own worker client),
never to a copy of the searches. Never frozen is checked by construction, not by the clock: every
call into the module is posted to the worker, and no long text (a link, a paste, an output) is
split or decoded on the page's thread; how long the page's tasks take is `make bench`'s
page/bench_page.py. Also: study.html works from file://, and no console error was logged. Writes
a screenshot of each puzzle's board to PAGE_DIR (page/colour-hash.png, the README's picture, is
Colour Hash's).

A link is followed in a page already open wherever the page's first load is not the point (one
page for the desktop's parts, one for the phone's): the page reads a followed link with the code
that reads the link it opens with, and a new page would only build the same tables again. Reduced
motion is asked for but where motion is the point: an animation never changes where it ends.
"""
import functools
import json
import math
import os
import random
import re
import shutil
import socket
import subprocess
import sys
import time

from playwright.sync_api import sync_playwright

import test_lesson  # the lesson's checks (page/test_lesson.py), run here in this browser's pages

PAGE_DIR, BIN_DIR = sys.argv[1], sys.argv[2]
# The parts named after the two folders, or all of them: build, desktop, balance, permalink,
# reading, stepper, compare, lesson, usability, teaching, motion, yours, bfs_lesson (page/test_lesson.py's
# checks, at both sizes), phone.
PARTS = set(sys.argv[3:])


def wanted(part):
    return not PARTS or part in PARTS


AXE = os.path.join(os.environ.get("STUDY_PAGE_CACHE", os.path.expanduser("~/.cache/study-page")),
                   "node_modules", "axe-core", "axe.min.js")
SEED = 20261201
CASES = 2  # random cases per puzzle and way of entering them
PUZZLES = ("msquare", "eight", "colour-hash")
# Reduced motion asked for by every page but where motion is the point (motion_checks, which
# asks for both): a move's animation never changes what is drawn at its end (page/web/motion.js),
# and each would only draw frames that no other check reads.
STILL = "reduce"
ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
rng = random.Random(SEED)
# The browser: $CHROMIUM when set (page/setup.sh checked it), else the chromium on PATH.
CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL:", message, flush=True)


@functools.lru_cache(maxsize=None)
def binary(puzzle, text, *args):
    """The binary's stdout and stderr for `text` (each input run once)."""
    done = subprocess.run([os.path.join(BIN_DIR, puzzle), *args], input=text.encode(), capture_output=True)
    return done.stdout.decode(), done.stderr.decode()


def random_case(page, puzzle):
    """A random case by the page's own Random request (the module's `random`), seeded here."""
    code = PUZZLES.index(puzzle)
    return module(page, {"op": "random", "code": code, "high": rng.randrange(2 ** 32), "low": rng.randrange(2 ** 32)}).split(",")


def module(page, message):
    """The module's answer to `message`, asked through the page's own worker client: what the page
    drew it from. The crates' rules and numbers are tested natively (page/src, the crates' own
    tests); here the page is held to showing what the module answered."""
    return page.evaluate(f"client.call({json.dumps(message)})")


def next_board(page, puzzle, tokens, move):
    """The board `move` leads to from `tokens`, by the module's replay (the crates' moves)."""
    replayed = module(page, {"op": "replay", "code": PUZZLES.index(puzzle), "board": ",".join(tokens), "moves": move})
    return replayed["boards"][-1]["board"]


def judge_input(puzzle, tokens):
    return ("1\n" if puzzle == "colour-hash" else "") + " ".join(tokens) + "\n"


# ------------------------------------------------------------------ the server and the page
def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


port = free_port()
server = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(port)],
                          cwd=PAGE_DIR, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
BASE = f"http://127.0.0.1:{port}/index.html"
for _ in range(100):
    try:
        socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
        break
    except OSError:
        time.sleep(0.05)

console_errors = []
# Where the page's work runs, recorded from the document's start (installed before any script,
# and in the page only, not in its worker): each time the page's own thread compiles or
# instantiates a WebAssembly module (it never should: the module belongs to the worker), and the
# op of each message posted to a worker; and each split, match or decoding of a long text (an
# input's, a link's, an output's: over 20,000 characters) on the page's thread, where it would
# freeze the page (the worker reads them: links.js, input-box.js).
WHERE_WORK_RUNS = """window.mainThreadWasm = [];
window.longTextOnPage = [];
for (const [owner, name] of [[String.prototype, 'split'], [String.prototype, 'match'], [String.prototype, 'matchAll'], [window, 'decodeURIComponent']]) {
  const real = owner[name];
  owner[name] = function (...args) {
    const text = owner === window ? String(args[0]) : String(this);
    if (text.length > 20000) window.longTextOnPage.push(`${name} of ${text.length} characters`);
    return real.apply(this, args);
  };
}
for (const name of ['compile', 'compileStreaming', 'instantiate', 'instantiateStreaming']) {
  const real = WebAssembly[name];
  WebAssembly[name] = function (...args) { window.mainThreadWasm.push(name); return real.apply(this, args); };
}
for (const name of ['Module', 'Instance']) {
  WebAssembly[name] = new Proxy(WebAssembly[name], {
    construct(target, args, newTarget) { window.mainThreadWasm.push(name); return Reflect.construct(target, args, newTarget); } });
}
window.workerOps = [];
const realPost = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (message, ...rest) {
  window.workerOps.push(message && message.op);
  return realPost.call(this, message, ...rest);
};"""


def work_in_worker(page, where, *ops):
    """Checks that each of `ops` was posted to the worker, the page's thread never touched the
    module, and it never split or decoded a long text."""
    posted, wasm, texts = page.evaluate("[window.workerOps, window.mainThreadWasm, window.longTextOnPage]")
    check(set(ops) <= set(posted) and not wasm and not texts, f"{where}: {ops} in the worker's calls {sorted(set(posted))}, "
          f"the page's own calls into WebAssembly {wasm}, its own reading of long text {texts}")


def open_page(context, url):
    page = context.new_page()
    page.on("console", lambda m: m.type == "error" and console_errors.append(f"{url}: {m.text}"))
    page.on("pageerror", lambda e: console_errors.append(f"{url}: {e}"))
    started = time.time()
    page.goto(url)
    page.wait_for_selector("body[data-ready=true]", timeout=20000)
    return page, time.time() - started


def follow(page, fragment):
    """Follows a link to `fragment` in a page already open, as a user's click on a permalink
    does, and waits until the page has read it (solved again only when its case changed): the
    page reads it with the code that reads the link it was opened with (links.readFragment), on
    the tables it has already built, so a new page for each link would only build them again."""
    if page.evaluate("location.hash") == fragment:  # the same fragment again would not be followed
        follow(page, "#" + ("eight" if fragment.lower().startswith("#msquare") else "msquare"))
    before = page.evaluate("window.study.linksRead")
    page.evaluate(f"location.hash = {json.dumps(fragment)}")
    page.wait_for_function(f"window.study.linksRead > {before}", timeout=20000)


# Each context's page kept open across the parts (study_page), until the context's last part.
kept = {}
# What a part may leave behind that would change what the next part sees: the switches on, the
# details open (each part opens what it reads), the worker's calls recorded (work_in_worker).
PART_START = """(() => {
  window.workerOps = [];
  for (const id of ['hint', 'log', 'pairs', 'h-tiles']) {
    const box = document.getElementById(id);
    if (box && box.checked) box.click();
  }
  for (const details of document.querySelectorAll('details[open]')) details.open = false;
})()"""


def study_page(context, fragment):
    """The context's page kept open across the parts, with the link to `fragment` followed in it
    (opened at `fragment` when the context has none yet), what an earlier part left behind put
    back first (PART_START). Only the checks about a page's first load (index.html, the crafted
    fragments, study.html from file://) open pages of their own; the others' cases are links,
    read by the code that reads the link a page opens with, and a page for each part would only
    compile the same module and build the same tables again."""
    page = kept.get(context)
    if page is None or page.is_closed():
        page, _ = open_page(context, BASE + fragment)
        page.wait_for_function("window.study.solved > 0", timeout=60000)
        kept[context] = page
    else:
        page.evaluate(PART_START)
        follow(page, fragment)
    return page


def solved_count(page):
    return page.evaluate("window.study.solved")


def wait_solved(page, before):
    page.wait_for_function(f"window.study.solved > {before}", timeout=20000)


def raw(page):
    return page.evaluate("[document.getElementById('stdout').textContent, document.getElementById('stderr').textContent]")


def typed(page, text):
    """Types `text` as the case and solves it."""
    before = solved_count(page)
    page.fill("#input", text)
    page.click("#solve")
    wait_solved(page, before)


def select(page, puzzle):
    before = solved_count(page)
    page.click(f"#tabs a[data-puzzle={puzzle}]")
    wait_solved(page, before)
    wait_tables(page)


def wait_tables(page):
    page.wait_for_function("document.querySelectorAll('#histogram .bar').length > 0", timeout=30000)


def case(page):
    return page.evaluate("window.study.tokens && window.study.tokens.join(',')")


def axe(page, where, *within):
    """axe-core's serious and critical violations on the page, or only within the elements the
    selectors `within` name. The whole page is checked once for each view of it (each puzzle at a
    desktop's and a phone's size); a panel opened later, the rest of the page as it was, is
    checked on its own (the whole page again would be most of the cost for the same verdicts)."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=AXE)
    scope = json.dumps({"include": [[selector] for selector in within]}) if within else "document"
    if within:
        missing = page.evaluate(f"{json.dumps(within)}.filter((s) => !document.querySelector(s))")
        check(not missing, f"{where}: axe: nothing to check at {missing}")
        if missing:
            return
    result = page.evaluate(f"axe.run({scope}, {{ resultTypes: ['violations'] }})")
    bad = [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}" for v in result["violations"]
           if v["impact"] in ("serious", "critical")]
    check(not bad, f"{where}: axe: {bad}")


# The contrast of each text on the board against the shape under its centre (WCAG's ratio).
BOARD_CONTRAST = """() => {
  const lum = (colour) => {
    const [r, g, b] = colour.match(/[\\d.]+/g).slice(0, 3).map(Number).map((c) => c / 255)
      .map((c) => c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const worst = [];
  for (const text of document.querySelectorAll('#board text')) {
    const box = text.getBoundingClientRect();
    const under = document.elementsFromPoint(box.x + box.width / 2, box.y + box.height / 2)
      .find((e) => e !== text && e.closest('#board') && getComputedStyle(e).fill !== 'none' && e.tagName !== 'svg');
    const background = under ? getComputedStyle(under).fill : 'rgb(255, 255, 255)';
    if (background.startsWith('rgba') && !background.endsWith(', 1)')) continue;  // translucent wheel: over white
    const [a, b] = [lum(getComputedStyle(text).fill), lum(background)];
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    const size = parseFloat(getComputedStyle(text).fontSize) * text.getScreenCTM().a;
    const large = size >= 24 || (size >= 18.66 && Number(getComputedStyle(text).fontWeight) >= 700);
    if (ratio < (large ? 3 : 4.5)) worst.push(`${text.textContent} ${ratio.toFixed(2)}:1 on ${background}`);
  }
  return worst;
}"""

# Controls whose name has no word in it (only glyphs), or none at all.
UNNAMED = """() => [...document.querySelectorAll('button, input, textarea, a[href], [role=button], summary')]
  .filter((e) => e.offsetParent !== null || e.closest('svg'))
  .map((e) => [e.id || e.dataset.move || e.outerHTML.slice(0, 40), e.getAttribute('aria-label') ||
    (e.labels && e.labels.length ? [...e.labels].map((l) => l.textContent).join(' ') : '') || e.textContent || ''])
  .filter(([_, name]) => !/[A-Za-z0-9]{1,}/.test(name.replace(/[|◀▶]/g, '')))
  .map(([id]) => id)"""

# At phone size: text under 12 px, targets under 44×44, overflow, labels outside or overlapping.
PHONE = """() => {
  const small = [], tiny = [], outside = [], overlapping = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!node.textContent.trim() || !parent || parent.closest('script, style, .visually-hidden, [hidden], details:not([open]) table')) continue;
    if (parent.getClientRects().length === 0) continue;
    let size = parseFloat(getComputedStyle(parent).fontSize);
    if (parent instanceof SVGElement) size *= parent.getScreenCTM().a;
    if (size < 11.95) small.push(`${node.textContent.trim().slice(0, 30)} ${size.toFixed(1)}px`);
  }
  for (const e of document.querySelectorAll('button, a[href], input[type=range], summary, [role=button], input[type=checkbox]')) {
    const target = e.type === 'checkbox' ? e.closest('label') : e;
    const box = target.getBoundingClientRect();
    if (box.width === 0 || target.closest('[hidden]')) continue;
    if (box.width < 43.5 || box.height < 43.5) tiny.push(`${e.id || e.dataset.move || e.textContent.trim().slice(0, 20)} ${box.width.toFixed(0)}×${box.height.toFixed(0)}`);
  }
  for (const svg of document.querySelectorAll('#board, #histogram, #mitm, #bfs-tree, #start-tree')) {
    if (svg.getClientRects().length === 0) continue;
    const frame = svg.getBoundingClientRect();
    const boxes = [...svg.querySelectorAll('text')].map((t) => [t.textContent, t.getBoundingClientRect()]);
    for (const [text, b] of boxes) {
      if (b.left < frame.left - 0.5 || b.right > frame.right + 0.5 || b.top < frame.top - 0.5 || b.bottom > frame.bottom + 0.5) outside.push(text);
    }
    if (svg.id !== 'board') {
      for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i][1], boxes[j][1]];
        if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) overlapping.push(`${boxes[i][0]} / ${boxes[j][0]}`);
      }
    }
  }
  // A phone widens its layout viewport to the widest content, so the page is held to the screen's width.
  const wide = document.documentElement.scrollWidth > Math.min(window.innerWidth, screen.width);
  return { small, tiny, outside, overlapping, wide };
}"""


def desktop_checks(page, puzzle):
    """Answers, playback, the distance table, moves by key and click, history and access on one
    puzzle at desktop size."""
    select(page, puzzle)
    code = PUZZLES.index(puzzle)
    # A random case typed, and a bad input: the binary's bytes (links are followed by every part
    # after this one).
    tokens = random_case(page, puzzle)
    text = judge_input(puzzle, tokens)
    typed(page, text)
    check(raw(page) == list(binary(puzzle, text)), f"{puzzle}: typed {text!r}: page {raw(page)} binary {binary(puzzle, text)}")
    check(page.evaluate("location.hash") == "#" + puzzle + "=" + ",".join(tokens), f"{puzzle}: the fragment names the case")
    bad = {"msquare": "1 2 3 4 5 6 7 9\n", "eight": "1 2 3 4 5 6 7 8 9\n",
           "colour-hash": "2\n0 3 4 5 0 3 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 1\n"}[puzzle]
    typed(page, bad)
    expected = binary(puzzle, bad)
    check(raw(page) == list(expected) and ": error: " in expected[1], f"{puzzle}: bad input: page {raw(page)} binary {expected}")
    # Playback of a long answer, by the keys with the focus on the page.
    long_case = {"msquare": "8 7 6 5 1 2 3 4", "eight": "8 6 7 2 5 4 3 x 1", "colour-hash": "1\n0 3 4 5 0 3 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 1"}[puzzle]
    typed(page, long_case + "\n")
    steps = page.evaluate("window.study.moves.length")
    if puzzle == "eight":
        # IDA*'s run on the board, as the module answered it: its bounds and expansions in the table.
        info = page.evaluate("window.study.info")
        cells = page.evaluate("[...document.querySelectorAll('#method table tbody td')].map((td) => Number(td.textContent.replace(/,/g, '')))")
        check(cells[0::2] == info["bounds"] and cells[1::2] == info["expanded"] and info["bounds"][-1] == steps
              and int(page.inner_text("#expansions").replace(",", "")) == info["expansions"],
              f"eight: the iterations table {cells}, the module's {info['bounds']} {info['expanded']}")
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("Home")
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    check(page.evaluate("window.study.step") == 3, f"{puzzle}: the arrow key steps")
    page.wait_for_function("document.getElementById('announce').textContent.includes('step 3')", timeout=3000)
    check(page.get_attribute("#board", "aria-label") == page.inner_text("#board-text") != "", f"{puzzle}: the board is described")
    page.fill("#scrubber", "5")
    check(page.evaluate("window.study.step") == 5 and "step 5 of" in page.inner_text("#step"), f"{puzzle}: the scrubber")
    page.keyboard.press("End")
    end = page.evaluate("window.study.boards[window.study.step].board")
    goal = ",".join(long_case.split()) if puzzle == "msquare" else page.evaluate(f"state.described[{json.dumps(puzzle)}].goal")
    check(end == goal, f"{puzzle}: playback ends at {end}, not {goal}")
    check(f"step {steps} of {steps}" in page.inner_text("#step"), f"{puzzle}: the last step is labelled: {page.inner_text('#step')}")
    if puzzle != "colour-hash":
        # The ring marks the board shown at its own distance, and only that board.
        page.keyboard.press("Home")
        depth = {"msquare": 0, "eight": steps}[puzzle]
        page.wait_for_function(f"document.getElementById('frontier').dataset.markedDepth === '{depth}'", timeout=10000)
        check(page.evaluate("document.querySelectorAll('#ring').length") == 1, f"{puzzle}: one ring")
    # Play: the timer steps forward by itself.
    page.keyboard.press("Home")
    page.click("#playpause")
    page.wait_for_function("window.study.step >= 2", timeout=5000)
    page.click("#playpause")
    # Shortcuts leave the focused control alone: Space on a checkbox, ArrowRight on a slider.
    page.keyboard.press("Home")
    page.focus("#log")
    page.keyboard.press(" ")
    check(page.is_checked("#log") and page.evaluate("window.study.step") == 0 and not page.evaluate("playback.timer"),
          f"{puzzle}: Space on the checkbox")
    page.uncheck("#log")
    # Space on a focused button presses it (Solve solves) and leaves playback alone.
    before = solved_count(page)
    page.focus("#solve")
    page.keyboard.press(" ")
    wait_solved(page, before)
    check(not page.evaluate("playback.timer"), f"{puzzle}: Space on Solve started playback")
    # Off the button (whose keys are its own, issue 36), Home takes the answer to its start.
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("Home")
    speed = page.input_value("#speed")
    page.focus("#speed")
    page.keyboard.press("ArrowRight")
    check(page.evaluate("window.study.step") == 0 and int(page.input_value("#speed")) == int(speed) + 1, f"{puzzle}: ArrowRight on the slider")
    # The histogram and its table: the module's layers (the crates' counts, tested natively);
    # Colour Hash's census beyond the layers counted, paler, in the picture and the table.
    layers = module(page, {"op": "layers", "code": code, "depth": page.evaluate("document.querySelectorAll('#histogram .bar').length") - 1})
    sizes = page.evaluate("[...document.querySelectorAll('#histogram .bar')].map(b => Number(b.dataset.size))")
    rows = page.evaluate("[...document.querySelectorAll('#histogram-table tbody:not(.census) tr')].map(r => Number(r.cells[1].textContent.replace(/,/g, '')))")
    check(sizes == layers["layers"] and rows == sizes and page.get_attribute("#histogram", "data-states") == str(layers["states"]),
          f"{puzzle}: histogram {sizes}, table {rows}, the module's {layers}")
    if puzzle == "colour-hash":
        census = layers["census"]
        drawn = page.evaluate("[...document.querySelectorAll('#histogram .census')].map(b => [Number(b.dataset.depth), Number(b.dataset.size)])")
        listed = page.evaluate("[...document.querySelectorAll('#histogram-table tbody.census tr')].filter(r => r.cells.length == 3)"
                               ".map(r => Number(r.cells[1].textContent.replace(/,/g, '')))")
        want = [[depth, size] for depth, size in enumerate(census)][len(sizes):]
        check(drawn == want and listed == [size for _, size in want], f"colour-hash: census bars {drawn}, table {listed}, census {census}")
        check("the census" in page.inner_text("#readout") and f"{len(census) - 1} moves away" in page.inner_text("#readout"),
              f"colour-hash: the summary names the census: {page.inner_text('#readout')}")
    heights = "[...document.querySelectorAll('#histogram .bar, #histogram .census')].map(b => Number(b.getAttribute('height')))"
    linear = page.evaluate(heights)
    page.check("#log")
    logarithmic = page.evaluate(heights)
    check(len(logarithmic) == len(linear) >= len(sizes) and logarithmic[0] / max(logarithmic) > linear[0] / max(linear), f"{puzzle}: log scale")
    page.uncheck("#log")
    # A move by the keyboard from the case (Magic Squares' answer ends at it, the others' start
    # there): the case becomes the board the module's move leads to, the focus stays, the
    # fragment follows.
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("End" if puzzle == "msquare" else "Home")
    before_case = case(page).split(",")
    before = solved_count(page)
    if puzzle == "eight":
        tile = page.locator(".tile[data-move]").first
        move, focus = tile.get_attribute("data-move"), "tile-" + tile.get_attribute("data-tile")
    elif puzzle == "colour-hash":
        move, focus = "1", "wheel-0"
    else:
        move, focus = "A", None
    if focus:
        page.focus(f"#board [data-focus='{focus}']")
    else:
        page.focus("#moves button[data-move=A]")
    page.keyboard.press("Enter")
    wait_solved(page, before)
    after = case(page)
    check(after == next_board(page, puzzle, before_case, move), f"{puzzle}: move {move}: {before_case} became {after}")
    check(page.evaluate("location.hash") == f"#{puzzle}=" + after, f"{puzzle}: the fragment follows the move")
    held = page.evaluate("document.activeElement.dataset.focus || document.activeElement.dataset.move || document.activeElement.tagName")
    check(held == (focus or "A"), f"{puzzle}: the focus after the move is on {held}")
    check(raw(page) == list(binary(puzzle, page.input_value("#input"))), f"{puzzle}: after the move: page {raw(page)}")
    if puzzle == "colour-hash":
        # A click where the wheels overlap turns the wheel whose centre is nearer: just left of the middle.
        before_case, before = case(page).split(","), solved_count(page)
        box = page.locator("#board").bounding_box()
        page.mouse.click(box["x"] + box["width"] * (200 / 420), box["y"] + box["height"] * (150 / 300))
        wait_solved(page, before)
        check(case(page) == next_board(page, puzzle, before_case, "1"), f"colour-hash: a click in the shared region: {case(page)}")
    # Back and Forward move between the cases.
    previous = ",".join(before_case)
    before = solved_count(page)
    page.go_back()
    wait_solved(page, before)
    check(case(page) == previous, f"{puzzle}: Back shows {case(page)}, not {previous}")
    before = solved_count(page)
    page.go_forward()
    wait_solved(page, before)
    check(case(page) == after or puzzle == "colour-hash", f"{puzzle}: Forward shows {case(page)}, not {after}")
    # Hint mode: each move's distance.
    page.check("#hint")
    page.wait_for_function("[...document.querySelectorAll('#moves .hint')].some((h) => h.textContent)", timeout=10000)
    # The reading order: each link takes the focus to its section.
    links = page.evaluate("[...document.querySelectorAll('#reading-list a')].map((a) => a.getAttribute('href').slice(1))")
    page.click("#reading-list li:last-child a")
    check(links and page.evaluate("document.activeElement.id") == links[-1], f"{puzzle}: the reading order's last link, {links}")
    # Access: axe, the board's contrast, names.
    page.click("#histogram-details summary")
    axe(page, f"{puzzle} desktop")
    worst, unnamed = page.evaluate(BOARD_CONTRAST), page.evaluate(UNNAMED)
    check(not worst, f"{puzzle}: board contrast {worst}")
    check(not unnamed, f"{puzzle}: controls without a name in words: {unnamed}")
    page.locator("#board").screenshot(path=os.path.join(PAGE_DIR, f"{puzzle}-board.png"))
    page.uncheck("#hint")
    page.click("#histogram-details summary")


def phone_checks(context, puzzle):
    page = study_page(context, f"#{puzzle}")
    wait_tables(page)
    page.click("#histogram-details summary")
    # The section figures drawn on demand, drawn here too: the tie rule's table, Eight's heuristic
    # on its tiles, Colour Hash's start side as a tree.
    if puzzle == "colour-hash":
        page.click("#start-run")
        page.wait_for_selector("#start-tree .node", timeout=20000)
    else:
        page.wait_for_selector("#choices-box", timeout=20000)
        page.click("#choices-box summary")
    if puzzle == "eight":
        page.check("#h-tiles")
        # Beside the switch, a copy of the board with the heuristic drawn, not a control.
        copy = page.evaluate("""(() => { const copy = document.querySelector('#h-box svg.board-copy');
            return [copy.getBoundingClientRect().width > 0, copy.querySelectorAll('.heuristic .manhattan').length,
                    document.querySelectorAll('#board .heuristic .manhattan').length, copy.querySelectorAll('[tabindex], [id]').length]; })()""")
        check(copy[0] and copy[1] == copy[2] == 8 and copy[3] == 0, f"eight phone: the board's copy by the heuristic switch: {copy}")
    found = page.evaluate(PHONE)
    for key in ("small", "tiny", "outside", "overlapping"):
        check(not found[key], f"{puzzle} phone: {key}: {found[key][:8]}")
    check(not found["wide"], f"{puzzle} phone: the page is wider than the screen")
    if puzzle == "eight":
        # axe at a phone's size once, on the puzzle with the most panels open (the desktop's
        # parts run it on every puzzle: the same document, laid out wider).
        axe(page, f"{puzzle} phone")
    # The texts that once were clipped: the log axis, the case's label at the far end, and
    # Colour Hash's no-solution text (a configuration 17 moves away).
    page.check("#log")
    far = {"msquare": "8 7 6 5 1 2 3 4", "eight": "8 6 7 2 5 4 3 x 1",
           "colour-hash": "1\n10 9 8 7 2 1 0 3 0 1 0 5 0 7 0 9 0 3 4 5 6 1 0 5"}[puzzle]
    typed(page, far + "\n")
    found = page.evaluate(PHONE)
    for key in ("small", "outside", "overlapping"):
        check(not found[key], f"{puzzle} phone, far case, log scale: {key}: {found[key][:8]}")


def reading_checks(context):
    """Issue 38: the page draws the board the binary read first (its `--trace` names it), or none
    when it read none; two races set 50 ms apart leave only the second board's rows; a followed
    link solves again only when its case changed; a bfs step past 32 bits gets a message before
    it reaches the module."""
    page = study_page(context, "#eight")
    for text in ("1234\n5678x\n2 3 4 1 5 x 7 6 8\n", "2\n3 4 1 5 x 7 6 8\n1 2 3 4 5 6 7 8 x\n",
                 "1\n8 7 6 5 4 3 2 1 x\n", "0\n", "1 2 3 4 5 6 7 8 9\n"):
        typed(page, text)
        _, trace = binary("eight", text, "--trace")
        found = re.search(r"^board 1: ((?:[1-8x] ){8}[1-8x]):", trace, re.M)
        read = found.group(1).split(" ") if found else None
        cells = page.evaluate("[...document.querySelectorAll('#board .tile')].map((g) => [Number(g.dataset.cell), g.dataset.tile])")
        drawn = None
        if cells:
            drawn = ["x"] * 9
            for cell, tile in cells:
                drawn[cell] = tile
        check(drawn == read and case(page) == (",".join(read) if read else None),
              f"eight: {text!r}: the page drew {drawn} (case {case(page)}), the binary read {read} first")
        # The link names every board the binary read (a few uncounted boards by their tokens).
        every = [t for board in re.findall(r"^board \d+: ((?:[1-8x] ){8}[1-8x]):", trace, re.M) for t in board.split(" ")]
        if read:
            check(page.evaluate("location.hash") == "#eight=" + ",".join(every), f"eight: {text!r}: the link {page.evaluate('location.hash')}")
    # Issue 50: a board the binary refuses (a no-break space for the first space) is not drawn,
    # and the link is left alone (page/src/first.rs's test runs every whitespace byte natively).
    follow(page, "#msquare")
    link = page.evaluate("location.hash")
    typed(page, "2\u00a06 8 4 5 7 3 1\n")
    cells = page.evaluate("document.querySelectorAll('#board rect[data-token], #board .cell').length")
    check(": error: " in raw(page)[1] and case(page) is None and page.evaluate("location.hash") == link,
          f"msquare with a no-break space: the case {case(page)}, the link {page.evaluate('location.hash')}, {cells} cells, {raw(page)}")
    follow(page, "#eight")
    # Two race links 50 ms apart: a late result of the first is dropped.
    far, near = "8,6,7,2,5,4,3,x,1", "1,2,3,4,5,6,7,x,8"
    follow(page, "#eight")
    check(page.evaluate("document.querySelectorAll('#race-table tbody tr').length") == 0, "eight: a race's rows before any race")
    page.evaluate(f"(async () => {{ location.hash = '#eight={far}&race'; await new Promise((done) => setTimeout(done, 50)); location.hash = '#eight={near}&race'; }})()")
    page.wait_for_function("document.querySelectorAll('#race-table tbody tr').length === 4 && client.pending.size === 0"
                           " && !document.getElementById('race-run').disabled", timeout=60000)
    page.evaluate("new Promise((done) => setTimeout(done, 300))")
    page.wait_for_function("client.pending.size === 0", timeout=60000)
    rows = page.evaluate("[...document.querySelectorAll('#race-table tbody tr')].map((r) => r.cells[1].textContent)")
    check(rows == ["1 move"] * 4 and page.evaluate("document.getElementById('race-table').dataset.board") == near,
          f"two races 50 ms apart: the table holds {rows}")
    # A followed link solves again only when its case changed (issue 50): the same board with
    # other options is read, its panels opened, and nothing is run.
    solved = solved_count(page)
    page.evaluate("window.workerOps = []")
    follow(page, f"#eight={near}&yours=l")
    page.wait_for_function("!document.getElementById('yours').hidden", timeout=20000)
    follow(page, f"#eight={near}")
    ops = page.evaluate("window.workerOps")
    check(solved_count(page) == solved and "run" not in ops, f"#eight={near}, then with options: solved {solved_count(page) - solved} times more, the worker's calls {ops}")
    follow(page, f"#eight={far}")
    check(solved_count(page) == solved + 1 and case(page) == far, f"#eight={far} after #eight={near}: solved {solved_count(page) - solved} times, the case {case(page)}")
    # Malformed steps are named as such, quoted as typed, and no other step is shown (issue 50).
    follow(page, "#msquare&bfs=0")
    page.wait_for_function("document.getElementById('bfs-k').value === '0'", timeout=20000)
    for step in ("1e21", "-1", "NaN", "99999999999999999999"):
        follow(page, f"#msquare&bfs={step}")
        said = page.inner_text("#notice")
        check(f"“{step}” is malformed" in said and "does not have" not in said and page.input_value("#bfs-k") == "0",
              f"#msquare&bfs={step}: {said!r}, the step shown {page.input_value('#bfs-k')}")
    follow(page, "#msquare&bfs=4294967295")
    page.wait_for_function("document.getElementById('bfs-text').textContent.includes('no step')", timeout=20000)
    said = page.inner_text("#bfs-text")
    check("4294967295" in said and "40,320 boards" in said and "fewer than" not in said, f"#msquare&bfs=4294967295: {said!r}")


# The tokens of each small board under `selector`, read from where its cells are drawn: top to
# bottom, left to right (Magic Squares' bottom row then reversed, as its board is read clockwise).
MINI_BOARDS = """(selector) => [...document.querySelectorAll(selector)].map((svg) => {
  const cells = [...svg.querySelectorAll('rect')].map((r) => [Number(r.getAttribute('y')), Number(r.getAttribute('x')), r.dataset.token]);
  cells.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return cells.map((c) => c[2]);
})"""


def drawn(puzzle, cells):
    """A small board's tokens in the puzzle's reading order, from its cells top to bottom."""
    return ",".join(cells[:4] + cells[4:][::-1] if puzzle == "msquare" else cells)


def bfs_step(page, puzzle, k):
    """The module's step `k` of the puzzle's breadth-first search."""
    return module(page, {"op": "bfs", "code": PUZZLES.index(puzzle), "k": k})


def stepper_shows(page, puzzle, k):
    """`#puzzle&bfs=k` shows the module's step k: the board, its rank, distance and queue length,
    each neighbour's row, the queue drawn small with its tokens, and the board taken above its
    neighbours, an arrow back exactly from the new ones (their cells read back from the drawing)."""
    step = bfs_step(page, puzzle, k)
    page.wait_for_function(f"document.getElementById('bfs-k').value === '{k}' && document.getElementById('bfs-board').textContent !== ''", timeout=20000)
    number = lambda selector: int(page.inner_text(selector).replace(",", ""))
    # Colour Hash's configurations have no rank: its rank line says why (lesson_checks).
    rank = number("#bfs-rank") if puzzle != "colour-hash" else step["rank"]
    shown = (page.inner_text("#bfs-board"), rank, number("#bfs-distance"), number("#bfs-queued"))
    expected = (step["board"].replace(",", " "), step["rank"], step["distance"], step["queued"])
    check(shown == expected, f"{puzzle}&bfs={k}: the page shows {shown}, the module {expected}")
    rows = page.evaluate("[...document.querySelectorAll('#bfs-neighbours tbody tr')].map((r) => [...r.cells].map((c) => c.textContent))")
    # Colour Hash's rank column holds a dash: its configurations have no rank.
    ranked = puzzle != "colour-hash"
    listed = [(move, tokens.replace(" ", ","), int(rank.replace(",", "")) if ranked else rank, found.startswith("new")) for move, tokens, rank, found in rows]
    wanted = [(n["move"], n["board"], n["rank"] if ranked else "—", n["new"]) for n in step["neighbours"]]
    check(listed == wanted, f"{puzzle}&bfs={k}: neighbours {listed}, the module's {wanted}")
    queued = page.evaluate("[...document.querySelectorAll('#bfs-queue li span')].map((span) => span.textContent)")
    pictured = [drawn(puzzle, cells) for cells in page.evaluate(MINI_BOARDS, "#bfs-queue li svg")]
    check(queued == [b.replace(",", " ") for b in step["queue"]] and pictured == step["queue"], f"{puzzle}: the queue {queued}, drawn {pictured}, the module's {step['queue']}")
    taken = [drawn(puzzle, cells) for cells in page.evaluate(MINI_BOARDS, "#bfs-tree > svg.taken")]
    children = page.evaluate("""[...document.querySelectorAll('#bfs-tree .child')].map((g) => [g.dataset.move, g.dataset.new === 'true',
        g.querySelector('line').classList.contains('parent-link') && g.querySelector('line').getAttribute('marker-end') !== 'none'])""")
    boards = [drawn(puzzle, cells) for cells in page.evaluate(MINI_BOARDS, "#bfs-tree .child svg")]
    check(taken == [step["board"]] and children == [[n["move"], n["new"], n["new"]] for n in step["neighbours"]]
          and boards == [n["board"] for n in step["neighbours"]], f"{puzzle}: the board taken {taken} and its neighbours {children} {boards}")
    return step


def board_checks(page, puzzle):
    """The board shown ranked cell by cell as the module ranks it (following a move), Eight's pairs
    and heuristic drawn as the module counts them, the tie rule's table walking the answer, and
    the board's pixel ringed in the picture of all states when the pointer is over the board."""
    wait_tables(page)
    for _ in range(2):
        page.wait_for_function("document.getElementById('cantor-board').textContent === window.study.tokens.join(' ')", timeout=20000)
        entry = module(page, {"op": "replay", "code": PUZZLES.index(puzzle), "board": case(page)})["boards"][0]
        digits = page.evaluate("[...document.querySelectorAll('#cantor tbody td.digit')].map((td) => Number(td.textContent))")
        total = int(page.inner_text("#cantor-sum").replace(",", ""))
        check(digits == entry["digits"] and total == entry["rank"], f"{puzzle}: {case(page)} ranked {digits} = {total}, the module's {entry}")
        before = case(page)
        page.click("#moves button:not([aria-disabled=true])")
        page.wait_for_function(f"window.study.tokens.join(',') !== '{before}'", timeout=20000)
    if puzzle == "eight":
        # Parity: the switch draws the case's pairs out of order, counted beside it.
        page.check("#pairs")
        pairs = len(page.evaluate("window.study.info.pairs"))
        lines, text = page.evaluate("document.querySelectorAll('#board .pairs line').length"), page.inner_text("#parity-text")
        check(lines == pairs and f"has {pairs:,} pair" in text and "an even number" in text, f"eight: {lines} pairs drawn, {text!r}; the module's {pairs}")
        page.uncheck("#pairs")
        check(page.evaluate("document.querySelectorAll('#board .pairs line').length") == 0, "eight: the pairs stay drawn on a solvable case")
        # IDA*'s heuristic tile by tile, drawn by its switch, as the module's parts, adding up to
        # the text's h and IDA*'s first bound.
        page.check("#h-tiles")
        info = page.evaluate("window.study.info")
        marks = page.evaluate("""(() => { const read = (s) => Object.fromEntries([...document.querySelectorAll(s)].map((t) => [t.dataset.cell, Number(t.textContent)]));
            return [read('#board .heuristic .manhattan'), read('#board .heuristic .detour'), [...document.querySelectorAll('#board .heuristic .conflict')].map((p) => p.dataset.cells)]; })()""")
        tiles = [cell for cell, token in enumerate(case(page).split(",")) if token != "x"]
        manhattan = {str(cell): info["manhattan"][cell] for cell in tiles}
        h = info["heuristic"]
        check(marks[0] == manhattan and marks[2] == info["conflicts"] and sum(marks[1].values()) == sum(info["detours"])
              and sum(manhattan.values()) + sum(info["detours"]) == h == info.get("bounds", [h])[0] and f"= {h}:" in page.inner_text("#h-text"),
              f"eight: the heuristic drawn {marks}, the module's {info['manhattan']} {info['detours']} {info['conflicts']}: {page.inner_text('#h-text')!r}")
        check(not page.evaluate(BOARD_CONTRAST), "eight: board contrast with the heuristic drawn")
        page.uncheck("#h-tiles")
        check(page.evaluate("document.querySelectorAll('#board .heuristic').length") == 0, "eight: the heuristic stays drawn with its switch off")
    else:
        page.wait_for_function("document.getElementById('choices') && document.getElementById('choices').dataset.answer === state.moves.join('')"
                               " && state.boards.length && state.boards[state.boards.length - 1].board === state.tokens.join(',')", timeout=20000)
    # The tie rule along the answer: a row a move, its distance one less each row, one move taken
    # in each, one closer than the row's distance, and the moves taken spell the answer.
    page.wait_for_selector("#choices-box", timeout=20000)
    page.click("#choices-box summary")
    rows = page.evaluate("[...document.querySelectorAll('#choices tbody tr')].map((r) => [...r.cells].map((c) => c.textContent))")
    letters = page.evaluate("state.described[state.puzzle.name].moves")
    moves = page.evaluate("state.moves.join('')")
    walked = "".join(letters[[c.endswith(" taken") for c in row[2:]].index(True)] for row in rows)
    check(rows and walked == moves and [int(row[1]) for row in rows] == list(range(len(moves), 0, -1))
          and all(int(row[2:][[c.endswith(" taken") for c in row[2:]].index(True)].split()[0]) == int(row[1]) - 1 for row in rows),
          f"{puzzle}: the tie rule's table {rows}, the answer {moves}")
    page.wait_for_function("document.getElementById('frontier').dataset.markedRank === String(app.displayed().rank) && !document.getElementById('ring').hidden", timeout=30000)
    # The panels drawn after the answer (the search tree, the search's step and its picture) are
    # in place, so nothing moves the picture between reading the ring's place and pointing there.
    page.wait_for_function("document.querySelector('#search-tree .node') && document.getElementById('bfs-board').textContent !== '' && document.getElementById('search-picture').dataset.taken", timeout=30000)
    shown = case(page).split(",")
    page.hover("#board")
    page.wait_for_selector("#ring.lit", timeout=5000)
    rank = f"{page.evaluate('app.displayed().rank'):,}"
    check(f"rank {rank}," in page.inner_text("#pointed"), f"{puzzle}: the board pointed at: {page.inner_text('#pointed')!r}, rank {rank}")
    page.locator("#frontier").scroll_into_view_if_needed()
    # The ring's centre, read back into the picture's pixels as the pointer is, is the board's
    # pixel; the pointer put at the middle of that pixel names the board.
    x, y, left, top, scale = page.evaluate("""(() => { const canvas = document.getElementById('frontier'), ring = document.getElementById('ring').getBoundingClientRect();
        const box = canvas.getBoundingClientRect(), scale = canvas.width / canvas.clientWidth, left = box.left + canvas.clientLeft, top = box.top + canvas.clientTop;
        return [Math.floor((ring.x + ring.width / 2 - left) * scale), Math.floor((ring.y + ring.height / 2 - top) * scale), left, top, scale]; })()""")
    centre = module(page, {"op": "at", "code": PUZZLES.index(puzzle), "x": x, "y": y})["board"]
    # The pointer names the board where the picture is drawn larger than its pixels (Magic
    # Squares); where it is drawn smaller (Eight), a CSS pixel covers several states. Scrolling
    # the picture into view may have pointed at another state first (the browser moves the
    # pointer over what scrolled under it): the pointer's last state is the one waited for.
    # The first whole CSS pixel inside the state's pixel: the browser gives the pointer's place in
    # whole CSS pixels, and the picture's box may start between two.
    exact = scale <= 1
    page.mouse.move(math.ceil(left + x / scale), math.ceil(top + y / scale))
    expected = f"under the pointer: {' '.join(shown)}, rank {rank}," if exact else "under the pointer"
    page.wait_for_function(f"document.getElementById('pointed').textContent.startsWith({json.dumps(expected)})", timeout=10000)
    pointed = page.inner_text("#pointed")
    check((pointed.startswith(f"under the pointer: {' '.join(shown)}, rank {rank},") or not exact) and not page.locator("#ring.lit").count(),
          f"{puzzle}: under the ring: {pointed!r}, the board {shown}")
    check(centre == ",".join(shown), f"{puzzle}: the ring's centre is the pixel of {centre}, the board is {shown}")


def stepper_checks(context):
    """`#msquare&bfs=K` and `#eight&bfs=K` at a random K show the module's step K, the next by the
    button; the board shown (board_checks); Colour Hash's goal side and its start side, whose
    meeting is where the binary's answer leaves its last G moves, drawn as a tree a length at a time."""
    for puzzle, states in (("msquare", 40320), ("eight", 181440)):
        k = rng.randrange(1, states - 1)
        page = study_page(context, f"#{puzzle}&bfs={k}")
        stepper_shows(page, puzzle, k)
        # Stepping on by the button shows the next board taken.
        page.click("#bfs-forward")
        page.wait_for_function(f"document.getElementById('bfs-k').value === '{k + 1}'", timeout=20000)
        check(page.inner_text("#bfs-board") == bfs_step(page, puzzle, k + 1)["board"].replace(",", " "), f"{puzzle}: the step after {k}")
        if puzzle == "eight":
            axe(page, f"{puzzle}&bfs={k}", "#watch")
        follow(page, f"#{puzzle}=" + ",".join(random_case(page, puzzle) if puzzle == "msquare" else bfs_step(page, puzzle, k)["board"].split(",")))
        board_checks(page, puzzle)
    # Colour Hash's two sides: the goal side's first step, and the start side from the sample.
    page = study_page(context, "#colour-hash&bfs=0")
    stepper_shows(page, "colour-hash", 0)
    answer = binary("colour-hash", judge_input("colour-hash", page.evaluate("window.study.tokens")))[0].strip()
    G = page.evaluate("window.study.goalDepth")
    page.click("#start-run")
    page.wait_for_selector("#start-visits li.meets", timeout=20000)
    met = page.inner_text("#start-visits li.meets")
    check(met.startswith(answer[:len(answer) - G] + ":"), f"colour-hash: the start side meets at {met}, the answer is {answer}")
    # The start side drawn as a tree, a length at a time: its nodes the module's visits of that
    # length (the first 60, then the meeting), the bottom ones marked, the ancestors left out of
    # the list dashed, the leaves left to right in the order visited.
    visits = module(page, {"op": "start_side", "board": case(page), "depth": G})["visits"]
    lengths = page.evaluate("[...document.querySelectorAll('#start-length option')].map((o) => Number(o.value))")
    check(lengths == sorted({v["length"] for v in visits}), f"colour-hash: the start side's lengths {lengths}")
    for length in lengths:
        page.select_option("#start-length", str(length))
        nodes = page.evaluate("""[...document.querySelectorAll('#start-tree .node')].filter((g) => g.dataset.path).map((g) => [g.dataset.path, g.dataset.listed === 'true', g.dataset.meets,
            Number(g.querySelector('circle').getAttribute('cx')), Number(g.querySelector('circle').getAttribute('cy'))])""")
        listed = [(path, meets) for path, shown, meets, _, _ in nodes if shown]
        wanted = [(v["path"], json.dumps(v["meets"])) for v in visits if v["length"] == length]
        ancestors = {path[:k] for path, _ in wanted for k in range(1, len(path))} - {path for path, _ in wanted}
        leaves = [(x, path) for path, _, _, x, _ in nodes if not any(other.startswith(path) and other != path for other, *_ in nodes)]
        check(listed == wanted and {path for path, shown, *_ in nodes if not shown} == ancestors
              and len({y for *_, y in nodes}) == len({len(path) for path, *_ in nodes}) and sorted(leaves) == leaves,
              f"colour-hash: the start side's tree of length {length}: {nodes}, the module's {wanted}")
    print(f"colour-hash: the start side's tree checked at lengths {lengths}", flush=True)


def compare_checks(context):
    """Eight's seen sets, measured live, and the methods raced on the hardest board."""
    page = study_page(context, "#eight&dedup")
    page.wait_for_function("document.querySelectorAll('#dedup-table tbody tr').length === 3", timeout=60000)
    rows = page.evaluate("[...document.querySelectorAll('#dedup-table tbody tr')].map((r) => [...r.cells].map((c) => c.textContent))")
    check([r[0] for r in rows] == ["BTreeSet", "HashSet", "Cantor"] and all(r[1] == "181,440" and r[2] == "31" and re.fullmatch(r"\d+ ms", r[5]) for r in rows),
          f"#eight&dedup: {rows}")
    # The bytes a board, counted by the module's allocator: the array's exactly its 9! one-byte
    # flags over the 9!/2 boards; each set at least its 9-byte elements (the hash set one control
    # byte more each) and within a few times them, more than the array; the peak never below
    # what the set holds; each cell the counted bytes over the boards, to two places.
    boards = math.factorial(9) // 2
    counted = page.evaluate("[...document.querySelectorAll('#dedup-table tbody tr')].map((r) => [r.dataset.name, Number(r.dataset.bytes), Number(r.dataset.peak)])")
    held = {name: held for name, held, _ in counted}
    check(held["Cantor"] == math.factorial(9) and rows[2][3] == "2.00"
          and 9 * boards <= held["BTreeSet"] <= 4 * 9 * boards and 10 * boards <= held["HashSet"] <= 4 * 10 * boards
          and all(held[name] > held["Cantor"] for name in ("BTreeSet", "HashSet"))
          and all(peak >= bytes for _, bytes, peak in counted)
          and all([r[3], r[4]] == [f"{bytes / boards:.2f}", f"{peak / boards:.2f}"] for r, (_, bytes, peak) in zip(rows, counted)),
          f"#eight&dedup: the bytes a board {rows}, counted {counted}")
    page.set_viewport_size({"width": 390, "height": 844})
    wide = page.evaluate("document.getElementById('dedup-table').getBoundingClientRect().right")
    check(wide <= 390, f"#eight&dedup: the table's six columns end at {wide} px, past a 390 px screen")
    page.set_viewport_size({"width": 1200, "height": 1000})
    # Beside the table, its times as bars: each as long as its time against the longest, each
    # time a multiple of the array's, worked out here from the table.
    page.wait_for_function("document.querySelectorAll('#dedup-bars .seen-bar').length === 3", timeout=10000)
    bars = page.evaluate("[...document.querySelectorAll('#dedup-bars .seen-bar')].map((b) => [b.dataset.name, Number(b.dataset.ms), Number(b.getAttribute('width')), Number(b.dataset.times)])")
    times = [int(r[5].split(" ")[0]) for r in rows]
    check([b[:2] for b in bars] == [[r[0], t] for r, t in zip(rows, times)]
          and all(abs(b[2] - max(1, 272 * t / max(1, *times))) < 0.01 and abs(b[3] - t / max(1, times[2])) <= 0.051 for b, t in zip(bars, times)),
          f"#eight&dedup: the bars {bars}, the table's times {times}")
    axe(page, "#eight&dedup, its bars drawn", "#dedup")
    hardest = "8,6,7,2,5,4,3,x,1"
    check(page.evaluate("document.querySelectorAll('#race-table tbody tr').length") == 0 and page.evaluate("document.getElementById('ida-code-box').hidden"),
          "#eight&dedup: a race's rows or IDA*'s pseudocode before any race")
    follow(page, f"#eight={hardest}&race")
    page.wait_for_function("document.querySelectorAll('#race-table tbody tr').length === 4", timeout=60000)
    rows = page.evaluate("[...document.querySelectorAll('#race-table tbody tr')].map((r) => [r.dataset.method, ...[...r.cells].map((c) => c.textContent)])")
    work = {r[0]: int(r[3].split(" ")[0].replace(",", "")) for r in rows}
    check(all(r[2] == "31 moves" for r in rows) and work["astar"] <= work["bfs"] and work["ida"] == int(page.inner_text("#expansions").replace(",", ""))
          and work["table"] == 181440 + 31 and all(r[3].endswith(" expansions") for r in rows), f"#eight=…&race: {rows}")
    page.wait_for_function("document.querySelectorAll('#race-pictures canvas').length === 2 && document.getElementById('ida-bars')", timeout=30000)
    painted = page.evaluate("Object.fromEntries([...document.querySelectorAll('#race-pictures figure:has(canvas)')].map((f) => [f.dataset.method, Number(f.querySelector('canvas').dataset.expanded)]))")
    check(painted == {"bfs": work["bfs"], "astar": work["astar"]}, f"#eight=…&race: pictures of {painted} boards, the race counted {work}")
    # IDA*'s iterations drawn: the method panel's bounds and expansions, adding up to the race's
    # count, the bounds climbing by 2 to the answer's 31, the taller bar the bigger count.
    bars = page.evaluate("[...document.querySelectorAll('#ida-bars .iteration')].map((b) => [Number(b.dataset.bound), Number(b.dataset.expanded), Number(b.getAttribute('height'))])")
    table = page.evaluate("[...document.querySelectorAll('#ida + table tbody tr')].map((r) => [...r.cells].map((c) => Number(c.textContent.replace(/,/g, ''))))")
    bounds = [b for b, _, _ in bars]
    check([[b, e] for b, e, _ in bars] == table and sum(e for _, e, _ in bars) == work["ida"] and bounds[-1] == 31
          and all(b2 - b1 == 2 for b1, b2 in zip(bounds, bounds[1:]))
          and all((e1 < e2) == (h1 < h2) for _, e1, h1 in bars for _, e2, h2 in bars if e1 != e2),
          f"#eight=…&race: IDA*'s bars {bars}, the method panel {table}, the race {work['ida']}")
    # IDA*'s pseudocode in the race, an iteration at a time: the bound its bar carries, the first
    # iteration's bound h, the last finding the goal at the answer's length, every other raising
    # the bound to the next bar's.
    bars = [[b, e] for b, e, _ in bars]
    for i, (bound, expanded) in enumerate(bars):
        page.select_option("#ida-iteration", str(i))
        lines = page.evaluate("Object.fromEntries([...document.querySelectorAll('#ida-code li')].map((li) => [li.dataset.line, [li.classList.contains('lit'), li.dataset.note]]))")
        last = i == len(bars) - 1
        check({line: lit for line, (lit, _) in lines.items()} == {"first": i == 0, "loop": True, "search": True, "cut": True, "goal": last, "moves": True, "raise": not last}
              and lines["cut"][1] == f"bound {bound}" and lines["search"][1].startswith(f"{expanded:,} board")
              and (lines["goal"][1] == "found: 31 moves" if last else lines["raise"][1] == f"bound ← {bars[i + 1][0]}"),
              f"eight: IDA*'s pseudocode at iteration {i}: {lines}, the bars {bars}")
    # The race's table fits a phone's screen.
    page.set_viewport_size({"width": 390, "height": 844})
    wide = page.evaluate("document.getElementById('race-table').getBoundingClientRect().right")
    check(wide <= 390, f"#eight=…&race: the race's table ends at {wide} px, past a 390 px screen")
    page.set_viewport_size({"width": 1200, "height": 1000})
    page.click("#choices-box summary")
    page.check("#h-tiles")
    check(page.evaluate("document.querySelectorAll('#board .heuristic .manhattan').length") == 8, "#eight=…&race: the heuristic drawn on 8 tiles")
    axe(page, "#eight=…&race, the tie rule's table open, the heuristic drawn", "#race", "#board", "#choices-box")


def yours_checks(context):
    """`&yours=<moves>`, the link `judge run` prints under a failure: for each puzzle's sample, wrong
    answers (a tie broken the other way: the module's second shortest answer in the judge's order;
    one longer, one short; for Eight a move off the frame) each open the panel, parting from the
    binary's answer at the first move where they differ, for that reason; bad values get a notice
    and no panel; axe with the panel open."""
    letters = {"msquare": "ABC", "eight": "uldr", "colour-hash": "1234"}

    def parting(mine, right):
        at = 0
        while at < len(mine) and at < len(right) and mine[at] == right[at]:
            at += 1
        return at

    for puzzle in PUZZLES:
        # One page for the three: each puzzle's sample by its link.
        page = study_page(context, f"#{puzzle}")
        page.wait_for_function(f"window.study.puzzle.name === '{puzzle}' && window.study.info", timeout=20000)
        tokens = page.evaluate("window.study.tokens")
        out = binary(puzzle, judge_input(puzzle, tokens))[0].split("\n")
        right = (out[1] if puzzle == "msquare" else out[0]).strip()
        shortest = page.evaluate("window.study.info.first")
        check(shortest[0] == right and len(shortest) > 1, f"{puzzle}: the shortest answers {shortest}, the binary's {right}")
        wrong = [(shortest[1], "tie"), (right + letters[puzzle][0] * 2, "longer"), (right[:-1], "short")]
        if puzzle == "eight":
            boards = page.evaluate("window.study.boards")
            for index, entry in enumerate(boards[:-1]):
                off = [m for m in letters[puzzle] if m not in entry["next"]]
                if off:
                    wrong.append((right[:index] + off[0] + right[index:], "illegal"))
                    break
        for number, (mine, reason) in enumerate(wrong):
            page.evaluate(f"location.hash = {json.dumps(f'#{puzzle}=' + ','.join(tokens) + '&yours=' + mine)}")
            page.wait_for_function(f"!document.getElementById('yours').hidden && document.getElementById('yours').dataset.yours === {json.dumps(mine)}", timeout=20000)
            shown = page.evaluate("({...document.getElementById('yours').dataset})")
            expected = parting(mine, right)
            check(shown.get("parting") == str(expected) and shown.get("reason") == reason,
                  f"{puzzle}&yours={mine}: the page parts at {shown}, here at {expected} ({reason}) from {right}")
            drawn = page.evaluate("['yours-right', 'yours-mine'].map((id) => document.getElementById(id).childElementCount)")
            text = page.inner_text("#yours-step-text")
            check(all(drawn) and text.startswith(f"step {expected} of {max(len(mine), len(right))}"), f"{puzzle}&yours={mine}: {drawn} {text!r}")
            if reason == "tie":
                taken = page.evaluate("[...document.querySelectorAll('#yours-choices td.taken, #yours-choices td.yours')].map((c) => [c.dataset.move, c.className])")
                check(sorted(taken) == sorted([[right[expected], "taken closer"], [mine[expected], "yours closer"]]),
                      f"{puzzle}&yours={mine}: the tie table marks {taken}")
                page.click("#yours-forward")
                check(page.inner_text("#yours-step-text").startswith(f"step {expected + 1} "), f"{puzzle}: stepping the two answers")
            if number == 0 and puzzle == "eight":
                axe(page, f"{puzzle}&yours=…, the panel open", "#yours")
        # Values that are not an answer of this puzzle: a notice, no panel, no exception.
        for bad, said in (("q" + right, "not a move"), (letters[puzzle][-1] * 65, "more than")):
            page.evaluate(f"location.hash = {json.dumps(f'#{puzzle}=' + ','.join(tokens) + '&yours=' + bad)}")
            page.wait_for_function(f"document.getElementById('notice').textContent.includes({json.dumps(said)})", timeout=20000)
            check(page.evaluate("document.getElementById('yours').hidden"), f"{puzzle}&yours={bad[:8]}…: the panel is open")
        print(f"{puzzle}: &yours= checked ({', '.join(reason for _, reason in wrong)})", flush=True)


def lesson_checks(context):
    """Issue 36: what "Watch the search" says each search does; Magic Squares' parent chain; the
    race and the start side cleared when the case changes; `#colour-hash&bfs=K`; the start side's
    count against 4^k; the rank line of Colour Hash's goal side."""
    # Magic Squares: the search run until it takes the case, its parents read back from the case:
    # the chain starts at the basic state, each board the one before moved by its letter (the
    # module's replay), ends at the case, is shown at the step the module takes the case, and its
    # letters are the binary's answer.
    page = study_page(context, "#msquare")
    tokens = random_case(page, "msquare")
    follow(page, f"#msquare={','.join(tokens)}")
    page.wait_for_function("document.querySelectorAll('#chain li').length === 0", timeout=30000)
    wait_tables(page)
    check("is the answer the judge wants" in page.inner_text("#watch-tie"), f"msquare: the tie sentence {page.inner_text('#watch-tie')!r}")
    page.click("#chain-run")
    page.wait_for_function("document.querySelectorAll('#chain li').length > 0", timeout=30000)
    chain = page.evaluate("[...document.querySelectorAll('#chain li')].map((li) => [li.dataset.move, li.dataset.board])")
    pictured = [drawn("msquare", cells) for cells in page.evaluate(MINI_BOARDS, "#chain li svg")]
    boards = [board for _, board in chain]
    out = binary("msquare", judge_input("msquare", tokens))[0].split("\n")
    answer = "".join(out[1:]).strip()
    walked = module(page, {"op": "replay", "code": 0, "board": "1,2,3,4,5,6,7,8", "moves": answer})["boards"]
    taken = module(page, {"op": "chain", "board": ",".join(tokens)})["index"]
    check(boards == [entry["board"] for entry in walked] and boards[-1] == ",".join(tokens) and pictured == boards
          and "".join(move for move, _ in chain) == answer and len(chain) - 1 == int(out[0]),
          f"msquare {tokens}: the parent chain {chain}, the binary's answer {answer!r}")
    page.wait_for_function(f"document.getElementById('bfs-k').value === '{taken}'", timeout=30000)
    check(page.inner_text("#bfs-board") == " ".join(tokens) and f"step {taken:,}" in page.inner_text("#chain-text"),
          f"msquare {tokens}: the case is taken at step {page.evaluate('document.getElementById(`bfs-k`).value')}, the module's {taken}")
    # Eight: the search from the goal measures distances, and the answer is walked from the case.
    follow(page, "#eight")
    wait_tables(page)
    page.wait_for_function("document.getElementById('watch-tie').textContent.includes('distance to the goal')", timeout=20000)
    said = page.inner_text("#watch-tie")
    check("distance to the goal" in said and "not always by the judge's answer" in said and "first move" in said, f"eight: the tie sentence {said!r}")
    # The race cleared when the case changes: a move after a race leaves no table, text or picture.
    tokens = page.evaluate("window.study.tokens")
    page.click("#race-run")
    page.wait_for_function("document.querySelectorAll('#race-table tbody tr').length === 4 && document.getElementById('ida-bars')", timeout=60000)
    # A*'s tie order stated, its count and the other order's as the module counts them.
    counts = [int(n) for n in page.get_attribute("#race-ties", "data-counts").split(",")]
    table = int(page.evaluate("document.querySelector('#race-table tr[data-method=astar] .expansions').textContent").split(" ")[0].replace(",", ""))
    wanted = [module(page, {"op": "race", "method": method, "board": ",".join(tokens)})["expansions"] for method in ("astar", "astar_deeper")]
    check(counts == wanted and table == wanted[0] and "smaller g first" in page.inner_text("#race-ties"),
          f"eight: A*'s ties: the page {counts} (table {table}), the module's {wanted}")
    before = solved_count(page)
    page.click("#moves button[data-move='u']" if tokens.index("x") >= 3 else "#moves button[data-move='d']")
    wait_solved(page, before)
    left = page.evaluate("[document.querySelectorAll('#race-table tbody tr').length, document.getElementById('race-pictures').children.length, document.getElementById('race-text').textContent + document.getElementById('race-ties').textContent]")
    check(left == [0, 0, ""], f"eight: after a move the race shows {left}")
    # Colour Hash: `#colour-hash&bfs=3` opens step 3, the module's; the rank line names the table
    # within G (the module's figure); the start side's count is 4^k.
    follow(page, "#colour-hash&bfs=3")
    page.wait_for_function("document.getElementById('bfs-k').value === '3' && document.getElementById('bfs-board').textContent.split(' ').length === 24", timeout=30000)
    G = page.evaluate("window.study.goalDepth")
    table = page.evaluate(f"state.described['colour-hash'].figures.allTables[{G}]")
    rank = page.inner_text("#bfs-rank")
    check(page.inner_text("#bfs-board") == bfs_step(page, "colour-hash", 3)["board"].replace(",", " ") and "does not have" not in page.inner_text("#notice")
          and f"{table:,} configurations within G = {G}" in rank and not page.is_visible("#bfs-worked"),
          f"#colour-hash&bfs=3: {page.inner_text('#bfs-board')}, {page.inner_text('#notice')!r}, rank line {rank!r}")
    answer = binary("colour-hash", judge_input("colour-hash", page.evaluate("window.study.tokens")))[0].strip()
    k = len(answer) - G
    split = page.get_attribute("#mitm", "aria-label")
    check(k <= 0 or f"4^{k} = {4 ** k:,} sequences" in split, f"colour-hash: the start side's count for {k} moves: {split!r}")
    said = page.inner_text("#watch-tie")
    check("distance to the goal" in said and "first move" in said, f"colour-hash: the tie sentence {said!r}")
    # The start side cleared when the case changes.
    page.click("#start-run")
    page.wait_for_selector("#start-visits li.meets", timeout=30000)
    before = solved_count(page)
    page.click("#moves button[data-move='1']")
    wait_solved(page, before)
    check(page.evaluate("document.querySelectorAll('#start-visits li').length") == 0 and not page.is_visible("#start-tree-box"),
          "colour-hash: the start side of the case before is still shown")
    print("issue 36: the searches' sentences, the parent chain, the cleared race and start side checked", flush=True)


def teaching_checks(context):
    """Issue 36: the pseudocode beside the stepper lights the lines the step performed, naming the
    moves that were new and seen; each queued board's distance is the search's, two consecutive
    values at most; the rank's why."""
    def small_graph(puzzle):
        """The rank's why on `puzzle`'s sample, in the page it returns (the lesson's toy graph and
        tree are test_lesson.py's)."""
        page = study_page(context, f"#{puzzle}&bfs=1")
        page.wait_for_function("document.getElementById('bfs-k').value === '1' && document.getElementById('cantor-why').dataset.largest", timeout=30000)
        # The rank's "why": the largest sum of digits is n! − 1, worked out here.
        n = 8 if puzzle == "msquare" else 9  # the cells of a board
        largest = sum(k * math.factorial(k) for k in range(1, n))
        why = page.inner_text("#cantor-why")
        check(page.get_attribute("#cantor-why", "data-largest") == str(largest) and f"= {largest:,} = {n}! − 1" in why, f"{puzzle}: the rank's why: {why!r}")
        return page

    page = small_graph("msquare")
    # The pseudocode lit by the module's step, the search's picture and the queue's distances.
    k = rng.randrange(4, 40000)
    follow(page, f"#msquare&bfs={k}")
    step = bfs_step(page, "msquare", k)
    page.wait_for_function(f"document.getElementById('bfs-k').value === '{k}' && document.getElementById('bfs-board').textContent !== ''", timeout=30000)
    lines = page.evaluate("Object.fromEntries([...document.querySelectorAll('#bfs-code li')].map((li) => [li.dataset.line, [li.classList.contains('lit'), li.dataset.note]]))")
    new, seen = [n["move"] for n in step["neighbours"] if n["new"]], [n["move"] for n in step["neighbours"] if not n["new"]]
    wanted = {"start": False, "while": True, "take": True, "for": True, "move": True, "seen": bool(seen), "mark": bool(new), "parent": bool(new), "enqueue": bool(new)}
    check({line: lit for line, (lit, _) in lines.items()} == wanted and lines["take"][1] == step["board"].replace(",", " ")
          and lines["enqueue"][1] == ", ".join(new) and lines["seen"][1] == (f"skipped {', '.join(seen)}" if seen else ""),
          f"msquare&bfs={k}: the pseudocode lit {lines}, the module's step took {step['board']}, new {new}, seen {seen}")
    page.wait_for_function(f"document.getElementById('search-picture').dataset.taken === '{k + 1}'", timeout=30000)
    painted = page.evaluate("[document.getElementById('search-picture').dataset.taken, document.getElementById('search-picture').dataset.queued].map(Number)")
    check(painted == [k + 1, step["queued"]], f"msquare&bfs={k}: painted {painted} taken and queued, the module's {[k + 1, step['queued']]}")
    shown = page.evaluate("[...document.querySelectorAll('#bfs-queue li')].map((li) => Number(li.dataset.distance))")
    check(shown == sorted(shown) and set(shown) <= {step["distance"], step["distance"] + 1}, f"msquare&bfs={k}: the queue's distances {shown}")
    page = small_graph("eight")
    # The heuristic's +2s count tiles, not pairs: the module's conflicts and detours, said.
    board = "3,2,1,6,5,4,7,8,x"
    follow(page, f"#eight={board}")
    page.wait_for_function("document.getElementById('h-text').textContent.includes('pair')", timeout=30000)
    info = page.evaluate("window.study.info")
    pairs, detours = len(info["conflicts"]), sum(info["detours"]) // 2
    said = page.inner_text("#h-text")
    check(f"{pairs} pairs in conflict, {detours} detours of 2" in said and pairs > detours, f"eight {board}: the heuristic's +2s: {said!r}, the module's {pairs} pairs, {detours} detours")
    # The study column laid out in its reading order: the reading list's targets in document order.
    for puzzle in PUZZLES:
        follow(page, f"#{puzzle}")
        page.wait_for_selector("#reading-list a", timeout=30000)
        ordered = page.evaluate("""(() => { const targets = [...document.querySelectorAll('#reading-list a')].map((a) => document.getElementById(a.getAttribute('href').slice(1)));
            return targets.every((t, i) => i === 0 || (targets[i - 1].compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING)); })()""")
        check(ordered, f"{puzzle}: the study column is not in its reading order")
    print("issue 36: the lit pseudocode and the queue's distances checked", flush=True)


def usability_checks(context):
    """Issue 36: keys on a button elsewhere never drive the answer's playback, "Watch" steps its own
    search by keys; the overlays take no click; the puzzle column stays in view on a desktop; the
    searches' live regions speak at most about once a second while playing, and on pause."""
    page = study_page(context, "#eight")
    wait_tables(page)
    page.wait_for_function("document.getElementById('bfs-board').textContent !== ''", timeout=30000)
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("Home")
    step = page.evaluate("window.study.step")
    k = int(page.input_value("#bfs-k"))
    # ArrowRight on Solve (a button outside the playback), then on the search's "next board":
    # the search steps once, the answer not at all.
    page.focus("#solve")
    page.keyboard.press("ArrowRight")
    page.focus("#bfs-forward")
    page.keyboard.press("ArrowRight")
    page.wait_for_function(f"document.getElementById('bfs-k').value === '{k + 1}'", timeout=20000)
    page.focus("#bfs-link")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function(f"document.getElementById('bfs-k').value === '{k}'", timeout=20000)
    check(page.evaluate("window.study.step") == step, f"eight: keys in Watch or on Solve moved the answer from step {step}")
    # The overlays drawn over the tiles take no click: at the middle of every line they draw,
    # the element under the pointer is not theirs.
    page.check("#pairs")
    page.check("#h-tiles")
    under = page.evaluate("""[...document.querySelectorAll('#board .pairs line, #board .pairs path, #board .heuristic line, #board .heuristic path')].map((line) => {
        const box = line.getBoundingClientRect(), at = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return Boolean(at && at.closest('.pairs, .heuristic')); })""")
    check(under and not any(under), f"eight: the overlays take the pointer at {under.count(True)} of {len(under)} lines")
    # The puzzle column stays in view with the study column scrolled to the race.
    page.evaluate("document.getElementById('race').scrollIntoView()")
    view = page.evaluate("(() => { const box = document.getElementById('board').getBoundingClientRect(); return [box.top, box.bottom, innerHeight, scrollY]; })()")
    check(view[3] > 0 and view[0] >= 0 and view[1] <= view[2], f"eight: the board out of view with the race in view: {view}")
    # The search played while the worker answers each step slowly (each `bfs` answer held back in
    # the page, as a busy machine would): Watch asks for a step only once the one before is drawn,
    # so the steps drawn follow each other with no gap; and the live regions (those live at the
    # time) change at most once a second of the page's clock, plus one, while it plays; on pause
    # the board shown is said.
    page.evaluate("""(() => {
      window.realCall = client.call;
      client.call = (message) => window.realCall.call(client, message).then((value) => message.op !== 'bfs' ? value : new Promise((done) => setTimeout(() => done(value), 150)));
      window.observers = [new MutationObserver(() => { const m = document.getElementById('bfs-text').textContent.match(/^\\S+ ([\\d,]+) taken/);
        if (m) window.drawn.push(Number(m[1].replace(/,/g, ''))); }), new MutationObserver((records) => { window.liveChanges += new Set(records.map((r) => (r.target.nodeType === 1 ? r.target : r.target.parentElement).closest('[aria-live]'))
        .filter((region) => region && region.getAttribute('aria-live') !== 'off')).size; })];
      window.observers[0].observe(document.getElementById('bfs-text'), { childList: true });
      window.observers[1].observe(document.body, { childList: true, characterData: true, subtree: true });
      document.getElementById('bfs-speed').value = 30;
      window.playedFrom = performance.now(); window.drawn = []; window.liveChanges = 0;
      document.getElementById('bfs-play').click();
    })()""")
    # Played for 2 s of the page's clock and 8 steps drawn (or 20 s, should a step never come).
    page.wait_for_function("(() => { const played = performance.now() - window.playedFrom; return played >= 2000 && (window.drawn.length >= 8 || played >= 20000); })()",
                           polling=100, timeout=120000)
    played = page.evaluate("""(() => { const said = [window.liveChanges, (performance.now() - window.playedFrom) / 1000, window.drawn.slice()];
        document.getElementById('bfs-play').click(); return said; })()""")
    page.wait_for_function("document.getElementById('bfs-said').textContent.trim() === document.getElementById('bfs-text').textContent", timeout=10000)
    page.evaluate("client.call = window.realCall; window.observers.forEach((observer) => observer.disconnect())")
    changes, seconds, drawn = played
    check(len(drawn) >= 2 and all(b - a == 1 for a, b in zip(drawn, drawn[1:])), f"eight: Watch played while the worker was slow: the steps drawn {drawn} skip")
    check(changes <= math.floor(seconds) + 1, f"eight: {changes} live-region changes in {seconds:.1f} s of play")
    print("issue 36: keys, overlays, the sticky board and the live regions checked", flush=True)
# The board's transitions running now: the moved pieces' `transform` transitions.
BOARD_TRANSITIONS = """document.getAnimations().filter((a) => a.transitionProperty === 'transform'
    && a.effect && a.effect.target && document.getElementById('board').contains(a.effect.target)).length"""
# The pieces drawn away from their place (a transform that is a style, not the drawing's own attribute).
DISPLACED = """[...document.querySelectorAll('#board *')]
    .filter((e) => getComputedStyle(e).transform !== 'none' && !e.hasAttribute('transform')).length"""


def motion_checks(context):
    """Moves animate (a wheel turns, tiles and squares slide) and end where the answer says; with
    reduced motion asked for, nothing moves. The animation clock is Chromium's, paused through
    the DevTools protocol before the move, so the pieces are caught at their start however busy
    the machine is; it runs again after, and the test waits for the animations to end."""
    page = study_page(context, "#msquare")
    clock = context.new_cdp_session(page)
    clock.send("Animation.enable")
    # One page for both: the page asks whether motion is reduced at each move (matchMedia), so the
    # preference changed under it counts from the next move. Each puzzle's animation, then one
    # move under reduced motion (the page asks the same question before any puzzle's animation).
    for reduced, puzzle, move in ((False, "colour-hash", "1"), (False, "msquare", "A"), (False, "eight", "u"), (True, "eight", "d")):
        page.emulate_media(reduced_motion="reduce" if reduced else "no-preference")
        if True:
            if page.evaluate("state.puzzle.name") != puzzle:
                select(page, puzzle)
            # Whatever moved as the puzzle was drawn has stopped, so what runs next is the move's.
            page.wait_for_function(f"{BOARD_TRANSITIONS} === 0 && {DISPLACED} === 0", timeout=20000)
            before_case, before = case(page).split(","), solved_count(page)
            expected = next_board(page, puzzle, before_case, move)
            clock.send("Animation.setPlaybackRate", {"playbackRate": 0})
            page.click(f"#moves button[data-move='{move}']")
            wait_solved(page, before)
            running, displaced = page.evaluate(f"[{BOARD_TRANSITIONS}, {DISPLACED}]")
            check((running, displaced) == (0, 0) if reduced else running > 0 and displaced > 0,
                  f"{puzzle}: {running} transitions running, {displaced} pieces displaced, reduced motion {reduced}")
            clock.send("Animation.setPlaybackRate", {"playbackRate": 1})
            page.wait_for_function(f"{BOARD_TRANSITIONS} === 0 && {DISPLACED} === 0 && !document.querySelector('#board .turning')", timeout=20000)
            check(case(page) == expected and raw(page) == list(binary(puzzle, page.input_value("#input"))),
                  f"{puzzle}: the animated move {move} ends at {case(page)}")
    clock.detach()
    page.emulate_media(reduced_motion=STILL)


def timer_and_busy_checks(page):
    # Switching puzzles stops the playback and the layer replay.
    select(page, "eight")
    typed(page, "8 6 7 2 5 4 3 x 1\n")
    page.keyboard.press("Home")
    # Both clicked and their timers seen in one task, so neither can have run out in between.
    started = page.evaluate("""document.getElementById('playpause').click(); document.getElementById('bfs').click();
        Boolean(playback.timer && plots.layerTimer)""")
    check(started, "play and the layer replay start their timers")
    select(page, "msquare")
    # The timers' handles are cleared: nothing is left to move the page on (no waiting to see).
    check(not page.evaluate("playback.timer") and not page.evaluate("plots.layerTimer"),
          "switching puzzles leaves a timer running")
    # A long run: the busy sign shows (at once here, rather than after its usual 250 ms, since the
    # crates answer most runs sooner), Cancel ends it with a message and the page answers again.
    # The run: colour-hash's layers to 14 moves, 4.4 million configurations, in a new worker (one
    # that has built none of them yet: the worker the page had is first stopped by a cancel).
    select(page, "colour-hash")
    page.evaluate("""(async () => { await client.cancel(); client.busyAfter = 0;
        client.call({ op: 'layers', code: 2, depth: 14 }).then(() => { window.outcome = 'finished'; },
          (error) => { window.outcome = error instanceof Cancelled ? 'cancelled' : String(error); app.failed(error); }); })()""")
    page.wait_for_selector("#busy:not([hidden])", timeout=10000)
    page.click("#cancel")
    page.wait_for_selector("#busy[hidden]", state="attached", timeout=10000)
    page.wait_for_function("window.outcome !== undefined", timeout=10000)
    check(page.evaluate("[client.cancels, window.outcome]") == [2, "cancelled"] and "Cancelled" in page.inner_text("#notice"),
          f"Cancel: {page.evaluate('[client.cancels, window.outcome]')} {page.inner_text('#notice')!r}")
    page.evaluate("client.busyAfter = 250")
    text = judge_input("colour-hash", random_case(page, "colour-hash"))
    typed(page, text)
    check(raw(page) == list(binary("colour-hash", text)), f"after Cancel: {raw(page)}")
    # A long paste, 60,000 boards (540 KB), as the browser hands it to the page: a paste event
    # carrying the clipboard's text. It is taken from the event, not typed into the box, which
    # shows its start and says how much it holds; the busy sign shows from the paste until the
    # answers come; answered byte for byte in the worker, and only the first 1,000 lines drawn.
    select(page, "eight")
    boards = "\n".join(" ".join(rng.sample(list("12345678x"), 9)) for _ in range(100))
    whole = (boards + "\n") * 600
    page.evaluate("window.workerOps = []")
    before = solved_count(page)
    page.wait_for_selector("#busy[hidden]", state="attached", timeout=20000)  # whatever ran before has ended
    busy_at_paste = page.evaluate(f"""(() => {{
      const clipboard = new DataTransfer();
      clipboard.setData('text/plain', ({json.dumps(boards)} + '\\n').repeat(600));
      document.getElementById('input').dispatchEvent(new ClipboardEvent('paste', {{ clipboardData: clipboard, bubbles: true, cancelable: true }}));
      return !document.getElementById('busy').hidden;
    }})()""")
    wait_solved(page, before)
    page.wait_for_selector("#busy[hidden]", state="attached", timeout=20000)
    check(busy_at_paste, "eight: 60,000 boards pasted: no busy sign from the paste on")
    shown, note = page.input_value("#input"), page.inner_text("#input-note")
    check(0 < len(shown) <= 8000 and whole.startswith(shown.rstrip("\n")) and f"The paste holds {len(whole.split()):,} tokens ({len(whole):,} characters)" in note
          and f"the first {len(shown.split()):,} of them" in note, f"eight: 60,000 boards pasted: the box's {len(shown)} characters, the note {note!r}")
    out, err = binary("eight", whole)
    check(page.evaluate("[window.study.output.stdout, window.study.output.stderr]") == [out, err], "eight: 60,000 boards: the output")
    first = "".join(out.splitlines(keepends=True)[:1000])
    check(raw(page) == [first, err] and "59,000 more lines" in page.inner_text("#more"), f"eight: 60,000 boards: the first 1,000 lines drawn: {page.inner_text('#more')}")
    work_in_worker(page, "eight: 60,000 boards", "run", "hold")
    drawn = page.evaluate("document.getElementById('stdout').textContent.split('\\n').length - 1")
    check(drawn == 1000, f"eight: 60,000 boards: {drawn} lines drawn, 1,000 at most")


def desktop_and_busy_checks(context):
    """Each puzzle at a desktop's size, the timers and the busy sign, Colour Hash's 13th layer and
    the unsolvable board explained, on one page."""
    page, ready = open_page(context, BASE)  # the first load: a page of its own
    print(f"index.html ready in {ready:.2f} s ({page.inner_text('#status')})", flush=True)
    for puzzle in PUZZLES:
        desktop_checks(page, puzzle)
        print(f"{puzzle}: desktop checked", flush=True)
    timer_and_busy_checks(page)
    # colour-hash's 13th layer, a million configurations, counted while the page stays free.
    select(page, "colour-hash")
    page.evaluate("window.workerOps = []")
    page.click("#deeper button")
    page.wait_for_function("document.querySelectorAll('#histogram .bar').length == 14", timeout=30000)
    census = page.evaluate("state.layers['colour-hash'].census")
    sizes = page.evaluate("[...document.querySelectorAll('#histogram .bar')].map(b => Number(b.dataset.size))")
    check(sizes == census[:14], f"colour-hash: 13 layers {sizes} against the census's {census[:14]}")
    work_in_worker(page, "colour-hash's 13th layer", "layers")
    # eight: the unsolvable board explained.
    select(page, "eight")
    typed(page, "2 1 3 4 5 6 7 8 x\n")
    check("unsolvable" in page.inner_text("#stdout") and "odd" in page.inner_text("#explain") and "1 pair " in page.inner_text("#explain")
          and "2 before 1" in page.inner_text("#explain") and page.evaluate("document.querySelectorAll('#board .pairs line').length") == 1,
          f"eight: unsolvable explained: {page.inner_text('#explain')}")
    kept[context] = page  # the parts that follow links take it on


def balance_checks(context):
    """colour-hash: the two searches' sizes against G, as the module's figures give them."""
    page = study_page(context, "#colour-hash")
    page.wait_for_selector("#mitm-plot .point", timeout=20000)
    # Every G from 0 to 16: the table from the census's layers, the solver's leaves, their total,
    # and the least total named.
    points = page.evaluate("[...document.querySelectorAll('#mitm-plot .point')].map((p) => [p.dataset.series, Number(p.dataset.g), Number(p.dataset.value)])")
    figures = page.evaluate("state.described['colour-hash'].figures")
    tables, leaves = figures["allTables"], figures["leaves"]
    expected = ([["table", g, tables[g]] for g in range(17)] + [["start-side leaves", g, leaves[g]] for g in range(17)]
                + [["total", g, tables[g] + leaves[g]] for g in range(17)])
    best = min(range(17), key=lambda g: tables[g] + leaves[g])
    said = page.text_content("#mitm-plot .balance-said")
    check(points == expected and f"{leaves[0]:,} leaves" in said and f"G = {best}: {tables[best] + leaves[best]:,}" in said,
          f"colour-hash: the G plot {points}, {said!r}, the least total of the module's figures at G = {best}")
    # Every point's value written out where it can be read, at a desktop's width and a phone's:
    # the row the point names holds it, in its series' column, as computed here; the row is shown
    # on the screen, inside its width; the G chosen and the least total are the rows marked.
    column = {"table": 1, "start-side leaves": 2, "total": 3}
    for width in (1200, 390):
        # The plot is drawn again a moment after a resize (the height changes from the
        # context's 1000 px too, so a resize there is): its points, marked here, are replaced.
        page.evaluate("document.querySelectorAll('#mitm-plot .point').forEach((point) => { point.dataset.before = 'resize'; })")
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_function("document.querySelector('#mitm-plot .point') && !document.querySelector('#mitm-plot .point[data-before]')", timeout=20000)
        shown = page.evaluate("""[...document.querySelectorAll('#mitm-plot .point')].map((p) => {
            const row = document.getElementById(p.dataset.row), box = row && row.getBoundingClientRect();
            return [p.dataset.series, Number(p.dataset.g), row ? [...row.cells].map((c) => c.innerText) : null,
                    box ? [box.width, box.height, box.right, row.checkVisibility()] : null, row ? row.className : null]; })""")
        written = [[series, g, cells[column[series]]] for series, g, cells, _, _ in shown if cells]
        wanted_values = [[series, g, f"{value:,}"] for series, g, value in expected]
        visible = all(box and box[0] > 0 and box[1] > 0 and box[2] <= width and box[3] for *_, box, _ in shown)
        goal_depth = page.evaluate("window.study.goalDepth")
        marks = {g: set(name.split()) for _, g, _, _, name in shown}
        check(written == wanted_values and visible and all(("here" in marks[g]) == (g == goal_depth) and ("best" in marks[g]) == (g == best) for g in marks),
              f"colour-hash at {width} px: the G plot's points written out {shown}, expected {wanted_values}, G {goal_depth}, least at {best}")
    # A point pointed at lights its row.
    page.hover("#mitm-plot .point[data-g='5'][data-series='total']")
    check(page.evaluate("document.getElementById('mitm-g-5').classList.contains('pointed')"), "colour-hash: a point pointed at lights its row")
    page.set_viewport_size({"width": 1200, "height": 1000})
    axe(page, "colour-hash, the G plot's table", "#mitm-box")


# The permalink's boards: more than the 8,000 characters the box is given and than the 1,000
# lines drawn, so that each bound is met, and several times the box's start, so that a Solve that
# read only the box would answer fewer lines. The paste's 60,000 boards (solved in full, in
# timer_and_busy_checks) prove the drawing's bound on a long answer; how long a link of 60,000
# takes to open is `make bench`'s row, not a test's.
LINK_BOARDS = 3000


def permalink_checks(context):
    """A permalink of LINK_BOARDS Eight boards, read in the worker: the box is given a bounded start
    of it, cut after a token, with a note; Solve reads the whole link (all its answers the
    binary's); an edit of the box replaces it; the same boards in a file dropped on the box are
    read and solved, and the page's own link for them, packed, opens the binary's output on them,
    a corrupted one a message and no board."""
    boards = random.Random(SEED + 1)
    tokens = [t for _ in range(LINK_BOARDS) for t in boards.sample(list("12345678x"), 9)]
    whole = " ".join(tokens) + "\n"
    fragment = "#eight=" + ",".join(tokens)
    page = study_page(context, fragment)
    page.wait_for_function("window.study.output && window.study.output.stdout.length > 0", timeout=60000)
    shown, note = page.input_value("#input"), page.inner_text("#input-note")
    cut = len(shown.rstrip("\n"))
    check(0 < len(shown) <= 8000 and whole.startswith(shown.rstrip("\n")) and whole[cut] in " \n" and shown.endswith("\n"),
          f"a link of {LINK_BOARDS:,} boards: the box holds {len(shown)} characters, not a bounded start of the input cut after a token")
    check(page.is_visible("#input-note") and f"{len(tokens):,} tokens" in note and f"the first {len(shown.split()):,} of them" in note,
          f"a link of {LINK_BOARDS:,} boards: the note {note!r}")
    out, err = binary("eight", whole)
    check(out.count("\n") == LINK_BOARDS and page.evaluate("[window.study.output.stdout, window.study.output.stderr]") == [out, err],
          f"a link of {LINK_BOARDS:,} boards: the page's output is not the binary's on the whole link")
    first = "".join(out.splitlines(keepends=True)[:1000])
    check(raw(page) == [first, err] and f"{LINK_BOARDS - 1000:,} more lines" in page.inner_text("#more"), f"a link of {LINK_BOARDS:,} boards: the first 1,000 lines drawn: {page.inner_text('#more')}")
    check(page.evaluate("location.hash") == fragment, f"a link of {LINK_BOARDS:,} boards: the fragment changed")
    work_in_worker(page, f"a link of {LINK_BOARDS:,} boards", "read_link", "hold", "run")
    # Solve again, the box unedited: still the whole link.
    before = solved_count(page)
    page.click("#solve")
    wait_solved(page, before)
    check(page.evaluate("window.study.output.stdout") == out, f"a link of {LINK_BOARDS:,} boards: Solve again, the box unedited, reads less than the link")
    axe(page, f"a link of {LINK_BOARDS:,} boards, its note shown", "#input", "#input-note")
    # An edit replaces the link's input: the box is the input again, the note gone.
    typed(page, "8 6 7 2 5 4 3 x 1\n")
    check(raw(page) == list(binary("eight", "8 6 7 2 5 4 3 x 1\n")) and not page.is_visible("#input-note"),
          f"a link of {LINK_BOARDS:,} boards, then a board typed: {raw(page)}, the note {page.inner_text('#input-note')!r}")
    # The same boards as a file dropped on the box: read as the case and solved at once, the box
    # showing its start and saying how much the file holds.
    before = solved_count(page)
    page.evaluate(f"""(() => {{
      const dropped = new DataTransfer();
      dropped.items.add(new File([{json.dumps(whole)}], 'boards.txt', {{ type: 'text/plain' }}));
      document.getElementById('input').dispatchEvent(new DragEvent('drop', {{ dataTransfer: dropped, bubbles: true, cancelable: true }}));
    }})()""")
    wait_solved(page, before)
    note = page.inner_text("#input-note")
    check(page.evaluate("window.study.output.stdout") == out and f"The file holds {len(tokens):,} tokens" in note and whole.startswith(page.input_value("#input").rstrip("\n")),
          f"{LINK_BOARDS:,} boards in a file dropped on the box: the note {note!r}")
    # The page's own link for them packs each board's rank in 4 characters (page/src/link.rs);
    # followed, it gives the binary's output on the dropped input; corrupted, it is named as
    # malformed and draws no board.
    own = page.evaluate("location.hash")
    check(own.startswith("#eight=~") and len(own) == len("#eight=~") + 4 * LINK_BOARDS,
          f"{LINK_BOARDS:,} boards dropped: the page's link {own[:40]}… of {len(own):,} characters")
    follow(page, own[:30] + "*" + own[31:])
    check("malformed" in page.inner_text("#notice") and case(page) is None and raw(page) == ["", ""],
          f"a corrupted packed link: the notice {page.inner_text('#notice')!r}, the case {case(page)}, {raw(page)}")
    follow(page, own)
    check(page.evaluate("[window.study.output.stdout, window.study.output.stderr]") == [out, err] and page.evaluate("location.hash") == own,
          f"the page's packed link of {LINK_BOARDS:,} boards, followed: not the binary's output on them")


def bfs_lesson_checks(context):
    """page/test_lesson.py's checks at a desktop's 1366×900, in the desktop's page."""
    page = study_page(context, "#msquare")
    page.set_viewport_size({"width": 1366, "height": 900})
    test_lesson.checks(page, (1366, 900), False)
    page.set_viewport_size({"width": 1200, "height": 1000})


def phone_and_file_checks(browser):
    """study.html from the file system at a phone's size, opened at a crafted fragment (a page's
    first load is the point: it always starts, on Magic Squares with a message), the other crafted
    fragments followed in it, each after Eight's sample so that Magic Squares' answer on the page
    is the crafted link's doing; then each puzzle at a phone's size in the same page."""
    phone = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1, is_mobile=True, has_touch=True,
                                reduced_motion=STILL)
    default = list(binary("msquare", "2 6 8 4 5 7 3 1\n"))
    page = None
    for fragment in ("#constructor", "#toString=1,2", "#%", "#eight=%E0%A4%A", "#__proto__=1", "#nothing=1,2,3"):
        if page is None:
            page, _ = open_page(phone, "file://" + os.path.abspath(os.path.join(PAGE_DIR, "study.html")) + fragment)
            page.wait_for_function("window.study.solved > 0", timeout=20000)
            check(raw(page) == default and page.inner_text("#notice").strip(), f"{fragment}: {raw(page)} {page.inner_text('#notice')!r}")
            # Then Eight's sample, so that Magic Squares' answer on the page is the crafted links' doing.
            follow(page, "#eight")
            check(raw(page) != default and not page.inner_text("#notice").strip(), f"#eight before {fragment}: {raw(page)}")
            continue
        page.evaluate("document.getElementById('notice').textContent = ''")
        follow(page, fragment)
        check(raw(page) == default and page.inner_text("#notice").strip(), f"{fragment}: {raw(page)} {page.inner_text('#notice')!r}")
    # Names in any case of letters; a case the binary rejects shows its error, the link unchanged.
    follow(page, "#EIGHT=2,3,4,1,5,x,7,6,8")
    check(raw(page) == list(binary("eight", "2 3 4 1 5 x 7 6 8\n")), f"#EIGHT: {raw(page)}")
    follow(page, "#msquare=1,2,3,4,5,6,7,9")
    check(raw(page) == list(binary("msquare", "1 2 3 4 5 6 7 9\n")) and page.evaluate("location.hash") == "#msquare=1,2,3,4,5,6,7,9",
          f"#msquare=…,9: {raw(page)} {page.evaluate('location.hash')}")
    kept[phone] = page
    for puzzle in PUZZLES:
        phone_checks(phone, puzzle)
    if wanted("bfs_lesson"):
        page = kept[phone]
        page.evaluate(PART_START)
        test_lesson.checks(page, (390, 844), True)  # page/test_lesson.py's at a phone's size
    kept.pop(phone).close()
    phone.close()


# page/build.py's checks of the scripts' declared dependencies, figures and boards, each on a
# crafted script that breaks it.
if wanted("build"):
    built = subprocess.run([sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "build.py"), "--self-test"],
                           capture_output=True, text=True)
    check(built.returncode == 0, f"build.py --self-test: {built.stdout}{built.stderr}")

try:
    # One browser, a context for each size (a second browser would only start up again).
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        context = browser.new_context(viewport={"width": 1200, "height": 1000}, reduced_motion=STILL)
        context.add_init_script(WHERE_WORK_RUNS)
        if wanted("desktop"):
            desktop_and_busy_checks(context)
        for part in (balance_checks, permalink_checks, reading_checks, stepper_checks, compare_checks,
                     lesson_checks, usability_checks, teaching_checks, motion_checks, yours_checks, bfs_lesson_checks):
            if wanted(part.__name__[:-len("_checks")]):
                part(context)
        if context in kept:
            kept.pop(context).close()
        context.close()
        if wanted("phone"):
            phone_and_file_checks(browser)
        browser.close()
finally:
    server.kill()
    server.wait()

check(not console_errors, f"console errors: {console_errors}")
failures.extend(test_lesson.failures)
if failures:
    print(f"page test: {len(failures)} failure(s)")
    sys.exit(1)
print("page test: ok")
