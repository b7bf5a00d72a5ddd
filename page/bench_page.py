#!/usr/bin/env python3
"""How long the study page's own thread stays busy at once, for `make bench`.

usage: bench_page.py PAGE_DIR OUT_TSV

Serves PAGE_DIR (`make page`'s index.html and page.wasm) on a loopback port and, in headless
Chromium driven by Playwright, records the longest main-thread task (the Long Tasks API, which
reports every task over 50 ms) while the page
- loads each puzzle from a fresh page, its tables and pictures drawn;
- answers a paste of 60,000 Eight boards (540 KB, a paste event the page takes) and draws its
  first 1,000 lines;
- opens the link the page itself writes for the same boards (each board's rank packed in 4
  characters: 240 KB of fragment, where the boards' tokens would be a megabyte; the module
  unpacks it, the input box gets a bounded start of it, Solve reads it all), from the page's
  first script to its answer drawn;
- counts Colour Hash's 13th layer (a million configurations, in the worker);
- steps Eight's search in "Watch" 20 times, and plays it until 40 boards are drawn;
each at the machine's speed and with the CPU throttled ×4 (Chromium's Emulation.setCPUThrottlingRate
through Playwright's DevTools session), the median of ROUNDS runs. The goal is 50 ms at the machine's speed (no task long enough for
a person to notice the page freeze) and 200 ms at ×4 (a slow phone's).

PAGE_BENCH_ROUNDS sets ROUNDS (3), and PAGE_BENCH_ONLY runs only the rows whose name holds it
(all by default): for a quick look while working on the page.

A benchmark reports, it does not assert: these figures depend on the machine and its load, which
is why they are here and not in page/test_page.py. Writes one line per row to OUT_TSV (workload,
throttling, longest task in ms, 0 when no task passed 50 ms), which judge-tests/benches/puzzles.rs
puts into docs/figures.md's table.
"""
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time

from playwright.sync_api import sync_playwright

PAGE_DIR, OUT = sys.argv[1], sys.argv[2]
CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PUZZLES = ("msquare", "eight", "colour-hash")
ROUNDS = int(os.environ.get("PAGE_BENCH_ROUNDS", "3"))
ONLY = os.environ.get("PAGE_BENCH_ONLY", "")
THROTTLES = (1, 4)
# Every main-thread task over 50 ms, from the document's start (installed before any script).
LONG_TASKS = """window.longTasks = [];
new PerformanceObserver((list) => list.getEntries().forEach((e) => window.longTasks.push(e.duration)))
  .observe({ entryTypes: ['longtask'] });"""
# Four Eight boards, a line each (JavaScript's escapes), the paste's 60,000 boards 15,000 times over.
BOARDS = "\\n".join(" ".join(line) for line in ("12345678x", "x87654321", "8672543x1", "2134567x8"))
# Two frames and a turn of the event loop: whatever the last step queued has run.
SETTLED = "new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0))))"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def open_page(context, url, throttle):
    """A fresh page at `url` with the CPU throttled `throttle` times, once the page is ready."""
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    page.goto(url)
    page.wait_for_selector("body[data-ready=true]", timeout=120000)
    page.wait_for_function("document.querySelectorAll('#histogram .bar').length > 0", timeout=120000)
    return page


def longest(page):
    page.evaluate(SETTLED)
    return max(page.evaluate("window.longTasks"), default=0)


def loading(context, base, puzzle, throttle):
    page = open_page(context, f"{base}#{puzzle}", throttle)
    if puzzle != "colour-hash":
        page.wait_for_function("document.getElementById('frontier').dataset.markedRank !== undefined", timeout=120000)
    ms = longest(page)
    page.close()
    return ms


def solved_after(page, action):
    before = page.evaluate("window.study.solved")
    action()
    page.wait_for_function(f"window.study.solved > {before}", timeout=120000)


def paste(context, base, throttle):
    """60,000 boards pasted as the browser hands them over (a paste event with the clipboard's text,
    taken by the page), from the paste to their answers drawn."""
    page = open_page(context, f"{base}#eight", throttle)
    page.evaluate("window.clipboard = new DataTransfer(); "
                  f"window.clipboard.setData('text/plain', ('{BOARDS}\\n').repeat(15000))")
    page.evaluate(SETTLED)
    page.evaluate("window.longTasks = []")
    solved_after(page, lambda: page.evaluate("""document.getElementById('input').dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: window.clipboard, bubbles: true, cancelable: true }))"""))
    ms = longest(page)
    page.close()
    return ms


def page_link(context, base):
    """The link the page itself writes for the paste's 60,000 boards (packed: each board's rank
    in 4 characters, 240 KB; page/src/link.rs), made once by a paste at the machine's speed."""
    if "link" not in PAGE_LINK:
        page = open_page(context, f"{base}#eight", 1)
        page.evaluate("window.clipboard = new DataTransfer(); "
                      f"window.clipboard.setData('text/plain', ('{BOARDS}\\n').repeat(15000))")
        solved_after(page, lambda: page.evaluate("""document.getElementById('input').dispatchEvent(
            new ClipboardEvent('paste', { clipboardData: window.clipboard, bubbles: true, cancelable: true }))"""))
        PAGE_LINK["link"] = page.evaluate("location.hash")
        page.close()
    return PAGE_LINK["link"]


PAGE_LINK = {}


def long_link(context, base, throttle):
    """The page's own link of the paste's 60,000 boards, opened: the module unpacks it, the box
    gets its start, Solve reads it all."""
    page = open_page(context, base + page_link(context, base), throttle)
    page.wait_for_function("window.study.output && window.study.output.stdout.length > 1000000", timeout=120000)
    ms = longest(page)
    page.close()
    return ms


def thirteenth_layer(context, base, throttle):
    page = open_page(context, f"{base}#colour-hash", throttle)
    page.evaluate(SETTLED)
    page.evaluate("window.longTasks = []")
    page.click("#deeper button")
    page.wait_for_function("document.querySelectorAll('#histogram .bar').length == 14", timeout=300000)
    ms = longest(page)
    page.close()
    return ms


def watch_steps(context, base, throttle, action):
    """Eight's search in "Watch", stepped (the next board asked for, drawn, 20 times) or played (at
    its fastest, 30 boards a second, until 40 boards are drawn)."""
    page = open_page(context, f"{base}#eight", throttle)
    page.wait_for_function("document.getElementById('bfs-text').textContent !== ''", timeout=120000)
    page.evaluate(SETTLED)
    page.evaluate("window.longTasks = []")
    if action == "step":
        for k in range(1, 21):
            page.click("#bfs-forward")
            page.wait_for_function(f"document.getElementById('bfs-k').value === '{k}'", timeout=120000)
    else:
        page.evaluate("document.getElementById('bfs-speed').value = 30; document.getElementById('bfs-play').click()")
        page.wait_for_function("Number(document.getElementById('bfs-k').value) >= 40", polling=100, timeout=300000)
        page.click("#bfs-play")
    ms = longest(page)
    page.close()
    return ms


def main():
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(port)],
                              cwd=PAGE_DIR, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}/index.html"
    for _ in range(600):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
            break
        except OSError:
            time.sleep(0.05)
    workloads = [(f"loading {puzzle}", lambda c, t, p=puzzle: loading(c, base, p, t)) for puzzle in PUZZLES]
    workloads.append(("pasting 60,000 Eight boards", lambda c, t: paste(c, base, t)))
    workloads.append(("opening the page's packed link of 60,000 Eight boards", lambda c, t: long_link(c, base, t)))
    workloads.append(("counting Colour Hash's 13th layer", lambda c, t: thirteenth_layer(c, base, t)))
    workloads.append(("stepping Eight's search 20 times", lambda c, t: watch_steps(c, base, t, "step")))
    workloads.append(("playing Eight's search, 40 boards", lambda c, t: watch_steps(c, base, t, "play")))
    rows = []
    try:
        with sync_playwright() as playwright, tempfile.TemporaryDirectory() as profile:
            context = playwright.chromium.launch_persistent_context(
                profile, executable_path=CHROMIUM, headless=True, args=ARGS, viewport={"width": 1200, "height": 1000})
            context.add_init_script(LONG_TASKS)
            for name, run in workloads:
                if ONLY not in name:
                    continue
                for throttle in THROTTLES:
                    ms = statistics.median(run(context, throttle) for _ in range(ROUNDS))
                    rows.append((name, throttle, ms))
                    print(f"page: {name}, CPU ×{throttle}: longest main-thread task {ms:.0f} ms", flush=True)
            context.close()
    finally:
        server.kill()
        server.wait()
    os.makedirs(os.path.dirname(os.path.abspath(OUT)), exist_ok=True)
    with open(OUT, "w") as out:
        for name, throttle, ms in rows:
            out.write(f"{name}\t{throttle}\t{ms:.0f}\n")
    print(f"written to {OUT}")


main()
