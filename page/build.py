#!/usr/bin/env python3
"""Assembles the study page from page/web/ and the wasm module (`make page`).

usage: build.py MODULE.wasm OUT_DIR
       build.py --check          (only the checks below; writes nothing)
       build.py --self-test      (the checks on crafted scripts: each fault is caught)

Writes OUT_DIR/index.html (to serve, loading page.wasm from beside it), OUT_DIR/page.wasm, and
OUT_DIR/study.html: one self-contained file with the module inlined as base64, which works when
opened straight from the file system. Both have the style, the worker and the page inlined; the
page's script is its modules concatenated into one classic script, in the order their headers
give.

Every script in web/ (but worker.js, which runs alone in the worker) opens with
`// uses: a.js, b.js`, the scripts whose top-level names it reads. The build fails when
- a script reads a top-level name of another script it does not list (or lists one it never
  reads), or two scripts declare the same name;
- the uses go round in a circle (two scripts that use each other, or longer);
- a script other than state.js assigns to `state.…` (state.js's `update` is the one writer);
- a script writes a number the crates own (`figures_in`) or a board (`boards_in`): the module
  gives those; and a controller script (`CONTROLLER`) has a number over 9 in its code that is
  not a named constant.
The order is the uses' topological order (ties by name), so a name is always declared before the
script that reads it runs.
"""
import base64
import pathlib
import re
import shutil
import sys

web = pathlib.Path(__file__).resolve().parent / "web"

DECLARATION = re.compile(r"^(?:const|let|var|function|class)\s+([A-Za-z_$][\w$]*)", re.M)
IDENTIFIER = re.compile(r"[A-Za-z_$][\w$]*")
USES = re.compile(r"\A// uses:(.*)\n")

# Numbers a script may write although they exceed 9: the names of the judges' problems (UVa 652,
# POJ 1077 …, which are names, not figures) and the drawing's layout (pixels, milliseconds,
# percentages), in `layout_numbers`. Everything else over 9 (a count of states, a depth, a
# budget, a board's rank) comes from the module.
# A string that is drawing, not prose: SVG path data, points, a viewBox, a colour, an address.
GEOMETRY = re.compile(r"^(?:[-\d\s,.MLQZz]*|0 0 .*|rgba?\(.*\)|https?://.*)$")
PROBLEM_NAMES = re.compile(r"\b(?:UVa|POJ|HDU|ZOJ|USACO|OEIS) ?A?\d+(?:\.\d+)?")


def code_of(text, properties=False):
    """`text` without comments, string literals and the literal parts of template strings, and
    unless `properties`, without property names (`.name`, `name:` keys, method definitions):
    what is left reads names."""
    out, i, n = [], 0, len(text)
    depth = []  # for template literals: the brace depth at each open `${`
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            i = text.find("\n", i) if "\n" in text[i:] else n
        elif text.startswith("/*", i):
            i = text.index("*/", i) + 2
        elif c in "'\"":
            j = i + 1
            while text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append('""')
            i = j + 1
        elif c == "`" or (c == "}" and depth and depth[-1] == 0):
            if c == "}":
                depth.pop()
            j = i + 1
            while j < n and text[j] != "`" and not text.startswith("${", j):
                j += 2 if text[j] == "\\" else 1
            out.append(" ")
            if text.startswith("${", j):
                depth.append(0)
                i = j + 2
            else:
                i = j + 1
        else:
            if depth and c == "{":
                depth[-1] += 1
            elif depth and c == "}":
                depth[-1] -= 1
            out.append(c)
            i += 1
    code = "".join(out)
    if properties:
        return code
    code = re.sub(r"\.\s*[A-Za-z_$][\w$]*", ".", code)                        # properties read
    code = re.sub(r"(?m)^(\s+)(?:async\s+)?[A-Za-z_$][\w$]*\s*\((?=[^)]*\)\s*\{)", r"\1(", code)  # methods
    code = re.sub(r"([{,]\s*)[A-Za-z_$][\w$]*\s*:(?!:)", r"\1:", code)        # object keys
    return code


def strings_of(text):
    """The literal text of `text`'s strings and template strings (its prose), comments left out."""
    code = re.sub(r"(?m)^\s*//.*$", "", text)
    return re.findall(r"'(?:[^'\\\n]|\\.)*'|\"(?:[^\"\\\n]|\\.)*\"|`(?:[^`\\]|\\.)*`", code)


def figures_in(name, text):
    """The numbers over 9 in `text`'s prose (its strings): each is a figure of a puzzle, which the
    module gives, unless it names a judge's problem. Grouped numbers (`40,320`) count whole."""
    found = []
    for literal in strings_of(text):
        if GEOMETRY.match(literal[1:-1]):
            continue
        prose = PROBLEM_NAMES.sub("", re.sub(r"\$\{[^}]*\}", "", literal))
        prose = re.sub(r"#[0-9a-fA-F]{3,8}\b", "", prose)              # colours
        prose = re.sub(r"\d+(?:\.\d+)?(?:px|ms|deg|s|%)\b", "", prose)  # lengths and times
        for number in re.findall(r"(?<![\w.#-])\d{1,3}(?:,\d{3})+|(?<![\w.#-])\d+(?:\.\d+)?", prose):
            if float(number.replace(",", "")) > 9:
                found.append(f"{name}: '{number}' in {literal[:60]!r}: a figure the crates own (take it from the module)")
    return found


BOARD = re.compile(r"(?<![\w.])(?:(?:\d{1,2}|x)(?:\s*[,/]\s*|\s+)){7,}(?:\d{1,2}|x)(?![\w.])")
QUOTED_TOKENS = re.compile(r"\[\s*(?:'(?:\d{1,2}|x)'\s*,\s*){7,}'(?:\d{1,2}|x)'\s*\]")


def boards_in(name, text):
    """The boards `text` holds: eight or more tiles or colours in a row, in its prose or as an
    array of quoted tokens. Each is the crates' (the module gives the goal, the start and the
    sample case)."""
    found = [f"{name}: the board '{board}' in {literal[:60]!r}: a board the crates own"
             for literal in strings_of(text) for board in BOARD.findall(literal)]
    found += [f"{name}: the board {board}: a board the crates own" for board in QUOTED_TOKENS.findall(text)]
    return found


# The scripts that hold the page's state and control, not its drawing: a number over 9 in their
# code is a named top-level constant, so each says what it is (a drawing's pixels are the views').
CONTROLLER = {"state.js", "app.js", "links.js", "main.js", "notice.js", "client.js", "playback.js"}
NAMED = re.compile(r"^const [A-Z][A-Z0-9_]* = ")


def unnamed_numbers(name, text):
    """The numbers over 9 in `text`'s code outside a `const NAME = …` line."""
    found = []
    for line in code_of(text, properties=True).split("\n"):
        for number in re.findall(r"(?<![\w.$])\d+(?:\.\d+)?(?:e\d+)?", line):
            if float(number) > 9 and not NAMED.match(line):
                found.append(f"{name}: the number {number} in `{line.strip()[:60]}`: name it (const NAME = …)")
    return found


def order_scripts():
    """The page's scripts of web/ in an order where each follows the scripts it uses, and their
    texts; raises SystemExit with every fault found."""
    names = sorted(str(path.relative_to(web)) for path in web.rglob("*.js") if path.name != "worker.js")
    texts = {name: (web / name).read_text() for name in names}
    order, faults = check_scripts(texts)
    if faults:
        sys.exit("page/build.py: the page's scripts break their declared dependencies:\n  " + "\n  ".join(faults))
    return order, texts


def check_scripts(texts):
    """`texts` (name -> script) in the order their `// uses:` headers give, and the faults found."""
    names = sorted(texts)
    faults, uses, declared = [], {}, {}
    for name, text in texts.items():
        header = USES.match(text)
        if not header:
            faults.append(f"{name}: no `// uses:` header on its first line")
            uses[name] = set()
            continue
        uses[name] = {use.strip() for use in header.group(1).split(",") if use.strip()}
        for use in uses[name] - set(names):
            faults.append(f"{name}: uses {use}, which is not a script of the page")
        for declared_name in DECLARATION.findall(text):
            if declared_name in declared:
                faults.append(f"{name}: declares {declared_name}, which {declared[declared_name]} declares too")
            declared[declared_name] = name
    for name, text in texts.items():
        read = set(IDENTIFIER.findall(code_of(text)))
        needed = {declared[word] for word in read if word in declared and declared[word] != name}
        for missing in sorted(needed - uses[name]):
            words = sorted(word for word in read if declared.get(word) == missing)
            faults.append(f"{name}: reads {', '.join(words)} from {missing} without listing it in `// uses:`")
        for unused in sorted(uses[name] & set(names) - needed):
            faults.append(f"{name}: lists {unused} in `// uses:` but reads nothing of it")
        if name != "state.js":
            for write in re.findall(r"\bstate\.\w+(?:\[[^\]]*\])?\s*(?:[-+*/]?=(?!=)|\+\+|--)", code_of(text, properties=True)):
                faults.append(f"{name}: writes the state ({write.strip()}); only state.js's update does")
        faults.extend(figures_in(name, text))
        faults.extend(boards_in(name, text))
        if name in CONTROLLER:
            faults.extend(unnamed_numbers(name, text))
    order, done = [], set()
    while len(order) < len(names):
        ready = [name for name in names if name not in done and uses[name] & set(names) <= done]
        if not ready:
            circle = sorted(name for name in names if name not in done)
            faults.append(f"the uses go round in a circle among: {', '.join(circle)}")
            break
        order.append(ready[0])
        done.add(ready[0])
    return order, faults


def self_test():
    """Each check fails on the fault it is for, and passes a well-formed pair of scripts."""
    good = {"a.js": "// uses:\nconst a = 1;\n", "b.js": "// uses: a.js\nconst b = () => a + 1;\n"}
    order, faults = check_scripts(good)
    assert order == ["a.js", "b.js"] and not faults, (order, faults)
    bad = {
        "no `// uses:` header": {"a.js": "const a = 1;\n"},
        "without listing it": {**good, "b.js": "// uses:\nconst b = () => a;\n"},
        "reads nothing of it": {**good, "b.js": "// uses: a.js\nconst b = 2;\n"},
        "go round in a circle": {"a.js": "// uses: b.js\nconst a = () => b;\n", "b.js": "// uses: a.js\nconst b = () => a;\n"},
        "declares a, which": {**good, "b.js": "// uses:\nconst a = 2;\n"},
        "writes the state": {"state.js": "// uses:\nconst state = {};\n", "b.js": "// uses: state.js\nstate.step = 2;\n"},
        "a figure the crates own": {"a.js": "// uses:\nconst a = 'a board never needs 36,090 expansions';\n"},
        "a board the crates own": {"a.js": "// uses:\nconst a = ['2', '6', '8', '4', '5', '7', '3', '1'];\n"},
        "name it": {"app.js": "// uses:\nconst app = { every: 1000 };\n"},
    }
    for fault, texts in bad.items():
        _, faults = check_scripts(texts)
        assert any(fault in found for found in faults), (fault, faults)
    # A name in a string, a property or an object key is not a use.
    _, faults = check_scripts({**good, "b.js": "// uses:\nconst b = { a: 'a', c: x.a };\n"})
    assert not faults, faults
    print("page/build.py: the checks catch what they are for")


def main():
    if sys.argv[1:] == ["--self-test"]:
        self_test()
        return
    scripts, texts = order_scripts()
    if sys.argv[1:] == ["--check"]:
        print("page/build.py: " + " → ".join(scripts))
        return
    module, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    template = (web / "index.html").read_text()
    parts = {name: (web / name).read_text() for name in ["page.css", "worker.js"]}
    parts.update(texts)
    for name, text in parts.items():
        assert "</script" not in text and "</style" not in text, f"{name} would end its element early"
    script = "\n".join(f"// ---- {name}\n{parts[name]}" for name in scripts)

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


if __name__ == "__main__":
    main()
