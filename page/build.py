#!/usr/bin/env python3
"""Assembles the study page from page/web/ and the wasm module (`make page`).

usage: build.py MODULE.wasm OUT_DIR

Writes OUT_DIR/index.html (to serve, loading page.wasm from beside it), OUT_DIR/page.wasm, and
OUT_DIR/study.html: one self-contained file with the module inlined as base64, which works when
opened straight from the file system. Both have the style, the worker and the page inlined; the
page's script is its modules (SCRIPTS) concatenated in order, each defining what the later ones use.
"""
import base64
import pathlib
import shutil
import sys

web = pathlib.Path(__file__).resolve().parent / "web"
# Each module has one job: helpers, the worker client, one object per puzzle, playback, the
# plots, the method panels, the searches watched, and the glue that starts the page.
SCRIPTS = ["util.js", "client.js", "puzzles/msquare.js", "puzzles/eight.js", "puzzles/colour-hash.js",
           "motion.js", "playback.js", "plots.js", "method.js", "figures.js", "watch.js", "links.js", "app.js"]
module, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
out.mkdir(parents=True, exist_ok=True)
template = (web / "index.html").read_text()
parts = {name: (web / name).read_text() for name in ["page.css", "worker.js", *SCRIPTS]}
for name, text in parts.items():
    assert "</script" not in text and "</style" not in text, f"{name} would end its element early"
script = "\n".join(f"// ---- {name}\n{parts[name]}" for name in SCRIPTS)


def page(wasm_script):
    return (
        template.replace("/*CSS*/", parts["page.css"])
        .replace("/*WORKER*/", parts["worker.js"])
        .replace("/*PAGE*/", script)
        .replace("/*WASM*/", wasm_script)
    )


shutil.copyfile(module, out / "page.wasm")
(out / "index.html").write_text(page(""))
inlined = base64.b64encode(module.read_bytes()).decode("ascii")
(out / "study.html").write_text(page(f'const WASM_BASE64 = "{inlined}";'))
for name in ("index.html", "page.wasm", "study.html"):
    print(f"{out / name}: {(out / name).stat().st_size} bytes")
