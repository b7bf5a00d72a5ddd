#!/usr/bin/env python3
"""The study page in a real browser (headless Chromium driven by Playwright), run by `make test`.

usage: test_page.py PAGE_DIR BIN_DIR

PAGE_DIR holds `make page`'s index.html, page.wasm and study.html; BIN_DIR the puzzle binaries
(`make page-test` passes the static ones of `make dist`).
Serves PAGE_DIR on a loopback port (stopped by its process id at the end) and checks, through the
browser, that each puzzle's answer to random cases (seeded) is the binary's output byte for byte,
typed and permalinked; that a bad input shows the binary's error line; that playback reaches the
goal; that eight's IDA* shows its bounds and expansions; that the histograms hold the binary's
`--stats` layers; that a click moves a tile or turns a wheel; that study.html works from file://;
and that no console error was logged. Writes a screenshot of each puzzle to PAGE_DIR/<puzzle>.png.
"""
import os
import random
import re
import socket
import subprocess
import sys
import tempfile
import time

from playwright.sync_api import sync_playwright

PAGE_DIR, BIN_DIR = sys.argv[1], sys.argv[2]
SEED = 20261201
CASES = 3  # random cases per puzzle and way of entering them
ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
rng = random.Random(SEED)
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL:", message, flush=True)


def binary(puzzle, text, *args):
    """The binary's stdout and stderr for `text`."""
    done = subprocess.run([os.path.join(BIN_DIR, puzzle), *args], input=text.encode(), capture_output=True)
    return done.stdout.decode(), done.stderr.decode()


# ------------------------------------------------------------------ random cases, as tokens
def turn(numbers, move):
    """Colour Hash's move on the 24 numbers (colour_hash::Move's docs)."""
    left, right = numbers[:12], numbers[12:]
    rot = lambda wheel, by: wheel[-by:] + wheel[:-by]
    if move == 1: left = rot(left, 2)
    if move == 3: left = rot(left, 10)
    if move == 2: right = rot(right, 10)
    if move == 4: right = rot(right, 2)
    if move in (1, 3): right[9:12] = left[9:12]
    else: left[9:12] = right[9:12]
    return left + right


GOAL_HASH = [0, 3, 4, 3, 0, 5, 6, 5, 0, 1, 2, 1, 0, 7, 8, 7, 0, 9, 10, 9, 0, 1, 2, 1]


def random_case(puzzle):
    if puzzle == "msquare":
        return [str(c) for c in rng.sample(range(1, 9), 8)]
    if puzzle == "eight":
        return rng.sample(list("12345678x"), 9)
    numbers = GOAL_HASH
    for _ in range(rng.randrange(4, 20)):
        numbers = turn(numbers, rng.randrange(1, 5))
    return [str(n) for n in numbers]


def judge_input(puzzle, tokens):
    return ("1\n" if puzzle == "colour-hash" else "") + " ".join(tokens) + "\n"


# ------------------------------------------------------------------ the server
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


def open_page(context, url):
    page = context.new_page()
    page.on("console", lambda m: m.type == "error" and console_errors.append(f"{url}: {m.text}"))
    page.on("pageerror", lambda e: console_errors.append(f"{url}: {e}"))
    started = time.time()
    page.goto(url)
    page.wait_for_selector("body[data-ready=true]", timeout=15000)
    return page, time.time() - started


def solved_count(page):
    return page.evaluate("window.study.solved")


def wait_solved(page, before):
    page.wait_for_function(f"window.study.solved > {before}", timeout=15000)


def shown(page):
    return page.inner_text("#stdout"), page.inner_text("#stderr")


def typed(page, puzzle, text):
    """Types `text` as the case and solves it; the page's stdout and stderr."""
    before = solved_count(page)
    page.fill("#input", text)
    page.click("#solve")
    wait_solved(page, before)
    return shown(page)


def select(page, puzzle):
    before = solved_count(page)
    page.click(f"#tabs a[data-puzzle={puzzle}]")
    wait_solved(page, before)


def raw(page):
    return page.evaluate("[document.getElementById('stdout').textContent, document.getElementById('stderr').textContent]")


def layers_from_stats(puzzle, *args):
    out, _ = binary(puzzle, "", "--stats", *args)
    rows = re.findall(r"^\s*(\d+)\s+([\d,]+)\s+([\d,]+)\s*$", out, re.M)
    return [int(size.replace(",", "")) for _, size, _ in rows]


try:
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), headless=True, args=ARGS,
            viewport={"width": 1200, "height": 1000})
        page, ready = open_page(context, BASE)
        print(f"index.html ready in {ready:.2f} s ({page.inner_text('#status')})", flush=True)
        # Ready soon: the page measures itself from its script's start to answering.
        ready_ms = int(re.search(r"ready in (\d+) ms", page.inner_text("#status")).group(1))
        check(ready_ms < 2000, f"the page took {ready_ms} ms to be ready")
        # Never frozen: every task the main thread runs from here on, however long the work.
        page.evaluate("""window.longTasks = [];
            new PerformanceObserver((list) => list.getEntries().forEach((e) => window.longTasks.push(e.duration)))
              .observe({ entryTypes: ['longtask'] });""")
        goals = {"msquare": None, "eight": "1,2,3,4,5,6,7,8,x", "colour-hash": ",".join(map(str, GOAL_HASH))}
        for puzzle in ("msquare", "eight", "colour-hash"):
            select(page, puzzle)
            # Typed random cases, compared with the binary.
            for _ in range(CASES):
                text = judge_input(puzzle, random_case(puzzle))
                typed(page, puzzle, text)
                check(raw(page) == list(binary(puzzle, text)), f"{puzzle}: typed {text!r}: page {raw(page)} binary {binary(puzzle, text)}")
            # Permalinked random cases: the case solved on opening.
            for _ in range(CASES):
                tokens = random_case(puzzle)
                before = solved_count(page)
                page.evaluate(f"location.hash = {('#' + puzzle + '=' + ','.join(tokens))!r}")
                wait_solved(page, before)
                text = judge_input(puzzle, tokens)
                check(raw(page) == list(binary(puzzle, text)), f"{puzzle}: permalink {tokens}: page {raw(page)}")
                check(page.evaluate("location.hash") == "#" + puzzle + "=" + ",".join(tokens), f"{puzzle}: the fragment keeps the case")
            # A bad input: the binary's own error line.
            bad = {"msquare": "1 2 3 4 5 6 7 9\n", "eight": "1 2 3 4 5 6 7 8 9\n", "colour-hash": "2\n" + " ".join(map(str, GOAL_HASH)) + "\n"}[puzzle]
            out, err = typed(page, puzzle, bad)
            expected = binary(puzzle, bad)
            check(raw(page) == list(expected) and ": error: " in expected[1], f"{puzzle}: bad input: page {raw(page)} binary {expected}")
            # Playback reaches the goal: a case with a long answer, played to the end with the keys.
            long_case = {"msquare": "8 7 6 5 1 2 3 4", "eight": "8 6 7 2 5 4 3 x 1", "colour-hash": "1\n0 3 4 5 0 3 6 5 0 1 2 1 0 7 8 7 0 9 10 9 0 1 2 1"}[puzzle]
            typed(page, puzzle, long_case + "\n")
            steps = page.evaluate("window.study.moves.length")
            if puzzle == "eight":
                # IDA*'s run on the board, by the crate: its bounds end at the answer's length, and
                # it expanded at least one board per move of the answer.
                ida = page.inner_text("#ida")
                expansions = int(page.inner_text("#expansions").replace(",", ""))
                check(re.search(rf"\b{steps} — \d+ iterations?, the last", ida) and expansions > steps, f"eight: IDA* bounds and expansions: {ida}")
            page.click("#step")  # off the text area, so the keys reach the page
            page.keyboard.press("Home")
            for _ in range(3):
                page.keyboard.press("ArrowRight")
            check(page.evaluate("window.study.step") == 3, f"{puzzle}: the arrow key steps")
            page.fill("#scrubber", "5")
            check(page.evaluate("window.study.step") == 5 and "step 5 of" in page.inner_text("#step"), f"{puzzle}: the scrubber")
            page.keyboard.press("End")
            end = page.evaluate("window.study.boards[window.study.step].join(',')")
            goal = goals[puzzle] or ",".join(long_case.split())
            check(end == goal, f"{puzzle}: playback ends at {end}, not {goal}")
            check(f"step {steps} of {steps}" in page.inner_text("#step"), f"{puzzle}: the last step is labelled: {page.inner_text('#step')}")
            # The frontier ring marks the board shown at its own distance (the page's rank is the crate's).
            if puzzle != "colour-hash":
                page.wait_for_selector("#frontier[data-marked-rank]", timeout=15000)
                page.keyboard.press("Home")
                marked = page.get_attribute("#frontier", "data-marked-depth")
                depth = {"msquare": 0, "eight": steps}[puzzle]
                check(marked == str(depth), f"{puzzle}: the ring marks depth {marked}, the board shown is at {depth}")
            # Play: the timer steps forward by itself.
            page.keyboard.press("Home")
            page.click("#playpause")
            print(f"{puzzle}: playing from step", page.evaluate("window.study.step"), "of", steps, flush=True)
            page.wait_for_function("window.study.step >= 2", timeout=5000)
            page.click("#playpause")
            # The histogram: the binary's --stats layers, and their total.
            sizes = page.evaluate("[...document.querySelectorAll('#histogram .bar')].map(b => Number(b.dataset.size))")
            total = int(page.get_attribute("#histogram", "data-total"))
            if puzzle == "colour-hash":
                stats = layers_from_stats(puzzle, "--depth", str(len(sizes) - 1))
                check(page.get_attribute("#histogram", "data-states") == "6286896000", "colour-hash: the whole space")
            else:
                stats = layers_from_stats(puzzle)
            check(sizes == stats, f"{puzzle}: histogram {sizes} against --stats {stats}")
            check(total == sum(stats) and total == {"msquare": 40320, "eight": 181440}.get(puzzle, total), f"{puzzle}: total {total}")
            heights = "[...document.querySelectorAll('#histogram .bar')].map(b => Number(b.getAttribute('height')))"
            linear = page.evaluate(heights)
            page.check("#log")
            logarithmic = page.evaluate(heights)
            # On a log scale the smallest layer (the goal's, 1) stands higher against the largest.
            check(len(logarithmic) == len(sizes) and logarithmic[0] / max(logarithmic) > linear[0] / max(linear), f"{puzzle}: log scale")
            page.uncheck("#log")
            # A click plays the puzzle: the case changes as the move says.
            typed(page, puzzle, long_case + "\n")
            before_json = page.evaluate("JSON.stringify(window.study.board)")
            before_board = page.evaluate("window.study.board.join(',')")
            before = solved_count(page)
            if puzzle == "eight":
                tile = page.locator(".tile[data-move]").first
                move = tile.get_attribute("data-move")
                tile.click()
            elif puzzle == "colour-hash":
                move = "1"
                page.locator("circle[data-wheel='0']").click(position={"x": 20, "y": 110})
            else:
                move = "A"
                page.click("#moves button[data-move=A]")
            wait_solved(page, before)
            after = page.evaluate("window.study.board.join(',')")
            moved = page.evaluate(f"window.study.puzzle.apply({before_json}, {move!r}).join(',')")
            check(after == moved and after != before_board, f"{puzzle}: click {move}: {before_board} became {after}, expected {moved}")
            check(page.evaluate("location.hash") == f"#{puzzle}=" + after, f"{puzzle}: the fragment follows the click")
            text = page.input_value("#input")
            check(raw(page) == list(binary(puzzle, text)), f"{puzzle}: after the click: page {raw(page)}")
            # Hint mode: each move's distance, one more or less than the board's.
            page.check("#hint")
            print(f"{puzzle}: hint", flush=True)
            page.wait_for_selector("#moves .hint", timeout=5000)
            page.screenshot(path=os.path.join(PAGE_DIR, f"{puzzle}.png"), full_page=True)
            page.locator("#board").screenshot(path=os.path.join(PAGE_DIR, f"{puzzle}-board.png"))
            page.uncheck("#hint")
        # colour-hash's 13th layer, a million configurations, counted while the page stays free.
        select(page, "colour-hash")
        page.click("#deeper button")
        page.wait_for_function("document.querySelectorAll('#histogram .bar').length == 14", timeout=30000)
        stats = layers_from_stats("colour-hash", "--depth", "13")
        sizes = page.evaluate("[...document.querySelectorAll('#histogram .bar')].map(b => Number(b.dataset.size))")
        check(sizes == stats, f"colour-hash: 13 layers {sizes} against --stats {stats}")
        longest = page.evaluate("Math.max(0, ...window.longTasks)")
        check(longest < 500, f"the page's thread was busy for {longest:.0f} ms at once")
        print(f"longest main-thread task after ready: {longest:.0f} ms", flush=True)
        # eight: the unsolvable board explained.
        select(page, "eight")
        typed(page, "eight", "2 1 3 4 5 6 7 8 x\n")
        check("unsolvable" in page.inner_text("#stdout") and "odd" in page.inner_text("#explain"), "eight: unsolvable explained")
        page.close()
        # study.html from the file system: one case per puzzle, by permalink.
        for puzzle in ("msquare", "eight", "colour-hash"):
            tokens = random_case(puzzle)
            url = "file://" + os.path.abspath(os.path.join(PAGE_DIR, "study.html")) + "#" + puzzle + "=" + ",".join(tokens)
            page, ready = open_page(context, url)
            page.wait_for_function("window.study.solved > 0", timeout=15000)
            text = judge_input(puzzle, tokens)
            check(raw(page) == list(binary(puzzle, text)), f"study.html {puzzle}: page {raw(page)} binary {binary(puzzle, text)}")
            print(f"study.html#{puzzle} ready in {ready:.2f} s", flush=True)
            page.close()
        context.close()
finally:
    server.kill()
    server.wait()

check(not console_errors, f"console errors: {console_errors}")
if failures:
    print(f"page test: {len(failures)} failure(s)")
    sys.exit(1)
print("page test: ok")
