#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Check that every command a document tells the reader to run exists and parses.

docs/validation.md backs each claim with a command. This script finds those commands, in
fenced code blocks (```sh) and in inline code spans (`...`, also when the span wraps over
lines), that start with `hydrostiff-cli`, `build/...` or `ctest`, and checks each at the
--help level, without running any simulation:

  hydrostiff-cli SUB ...   SUB is a command (SUB --help exits 0); every --option appears in
                           SUB's usage; the circuit file exists; --table names (bench) are
                           tables of that file, --config/--configs names are configurations
                           of it.
  build/tools/bench/X ...  the program was built; every --option appears in its usage line
  (or hs-tlm-long ...)     (a bare program name is looked up in the build tree).
  build/tests/.../X [F]    the test program was built; a test function named after it exists
  (or sim_test_X [F])      (Qt Test -functions).
  ctest -R PATTERN         at least one ctest test matches (ctest -N).

Placeholders (<file>, FILE, NAME, ...) are accepted as they are. The list of commands and the
verdict for each are printed; exit status 1 when any check fails.

Usage: tools/check_doc_commands.py --source DIR --build DIR [DOC ...]   (default docs/validation.md)
Standard library only.
"""
import argparse
import json
import os
import re
import shlex
import subprocess
import sys

PREFIXES = ("hydrostiff-cli ", "build/", "ctest ", "hs-tlm-long", "hs-fused-circuit2", "sim_test_", "model_test_",
            "service_test_", "widgets_test_")


def commands_in(text):
    """(line number, command) for every command in fenced sh blocks and inline code spans."""
    found = []
    lines = text.split("\n")
    in_fence = False
    prose = []  # (line number, text) outside fences
    for i, line in enumerate(lines, 1):
        if line.strip().startswith("```"):
            in_fence = not in_fence
            continue
        if in_fence:
            cmd = line.split("#", 1)[0].strip() if " #" in line else line.strip()
            if cmd.startswith(PREFIXES) or cmd.startswith("hydrostiff-cli"):
                found.append((i, cmd))
        else:
            prose.append((i, line))
    # Inline spans may wrap: join the prose keeping a map from offset to line number.
    joined, starts = "", []
    for n, line in prose:
        starts.append((len(joined), n))
        joined += line + "\n"
    for m in re.finditer(r"`([^`]+)`", joined):
        span = re.sub(r"\s*\n\s*", " ", m.group(1)).strip()
        if not span.startswith(PREFIXES):
            continue
        line_no = max(n for off, n in starts if off <= m.start())
        found.append((line_no, span))
    return found


def run(args, cwd):
    try:
        p = subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=60)
        return p.returncode, p.stdout + p.stderr
    except (OSError, subprocess.TimeoutExpired) as e:
        return -1, str(e)


def is_placeholder(tok):
    return bool(re.fullmatch(r"<[^>]+>|[A-Z][A-Z0-9_]*|examples/<[^>]+>\.hydro\.json|FILE|NAME", tok))


class Checker:
    def __init__(self, source, build):
        self.source, self.build = source, build
        self.cli = os.path.join(build, "app", "cli", "hydrostiff-cli")
        self.usage = {}

    def sub_usage(self, sub):
        if sub not in self.usage:
            self.usage[sub] = run([self.cli, sub, "--help"], self.source)
        return self.usage[sub]

    def check_cli(self, toks):
        if not os.access(self.cli, os.X_OK):
            return ["hydrostiff-cli not built at " + self.cli]
        if len(toks) < 2:
            return ["no command after hydrostiff-cli"]
        sub = toks[1]
        code, usage = self.sub_usage(sub)
        if code != 0:
            return [f"'{sub}' is not a hydrostiff-cli command ({sub} --help exits {code})"]
        errors = []
        files = [t for t in toks[2:] if t.endswith(".hydro.json")]
        doc = None
        for f in files:
            if is_placeholder(f):
                continue
            path = os.path.join(self.source, f)
            if not os.path.isfile(path):
                errors.append(f"no file {f}")
            elif doc is None:
                try:
                    doc = json.load(open(path, encoding="utf-8"))
                except ValueError as e:
                    errors.append(f"{f}: not JSON ({e})")
        i = 2
        while i < len(toks):
            t = toks[i]
            if t.startswith("--"):
                if not re.search(re.escape(t) + r"\b", usage):
                    errors.append(f"option {t} not in '{sub} --help'")
                value = toks[i + 1] if i + 1 < len(toks) and not toks[i + 1].startswith("--") else None
                if value is not None and doc is not None and not is_placeholder(value):
                    if t == "--table":
                        names = {b.get("name") for b in doc.get("benchmarks", [])}
                        for name in value.split(","):
                            if name not in names:
                                errors.append(f"no table '{name}' in the file (has {sorted(names)})")
                    if t in ("--config", "--configs"):
                        names = {c.get("name") for c in doc.get("configurations", [])}
                        for name in (value.split(",") if t == "--configs" else [value]):
                            if name.strip() not in names:
                                errors.append(f"no configuration '{name.strip()}' in the file")
            i += 1
        return errors

    def locate(self, name):
        """build/... as given; a bare program name is looked up in the build tree."""
        if name.startswith("build/"):
            return os.path.join(self.build, name[len("build/"):])
        for root, _dirs, files in os.walk(self.build):
            if name in files:
                return os.path.join(root, name)
        return os.path.join(self.build, name)

    def check_program(self, toks):
        path = self.locate(toks[0])
        rel = os.path.relpath(path, self.build)
        if not os.access(path, os.X_OK):
            return [f"not built: {toks[0]}"]
        errors = []
        if ("/" + rel).startswith("/tests/"):
            code, listing = run([path, "-functions"], self.source)
            functions = {l.strip().rstrip("()") for l in listing.split("\n") if l.strip()}
            for t in toks[1:]:
                if not t.startswith("-") and re.fullmatch(r"[A-Za-z_]\w*", t) and t not in functions:
                    errors.append(f"no test function {t} in {toks[0]}")
        else:
            code, usage = run([path, "--help"], self.source)
            line = next((l for l in usage.split("\n") if "usage" in l.lower()), "")
            if not line:
                errors.append(f"{toks[0]} --help prints no usage line")
            for t in toks[1:]:
                if t.startswith("--") and t not in line:
                    errors.append(f"option {t} not in the usage of {toks[0]}")
        return errors

    def check_ctest(self, toks):
        if "-R" not in toks:
            return []
        pattern = toks[toks.index("-R") + 1]
        code, out = run(["ctest", "-N", "-R", pattern], self.build)
        m = re.search(r"Total Tests:\s*(\d+)", out)
        if code != 0 or not m or int(m.group(1)) == 0:
            return [f"no ctest test matches '{pattern}'"]
        return []

    def check(self, cmd):
        cmd = re.sub(r"\s+#.*$", "", cmd)
        try:
            toks = shlex.split(cmd)
        except ValueError as e:
            return [f"cannot split: {e}"]
        if toks[0].endswith("hydrostiff-cli"):
            return self.check_cli(toks)
        if toks[0] == "ctest":
            return self.check_ctest(toks)
        return self.check_program(toks)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--source", required=True)
    ap.add_argument("--build", required=True)
    ap.add_argument("docs", nargs="*")
    a = ap.parse_args()
    docs = a.docs or [os.path.join(a.source, "docs", "validation.md")]
    checker = Checker(os.path.abspath(a.source), os.path.abspath(a.build))
    failures = total = 0
    for doc in docs:
        text = open(doc, encoding="utf-8").read()
        for line, cmd in commands_in(text):
            total += 1
            errors = checker.check(cmd)
            verdict = "ok  " if not errors else "FAIL"
            print(f"{verdict} {os.path.basename(doc)}:{line}: {cmd}")
            for e in errors:
                print(f"       {e}")
            failures += bool(errors)
    print(f"{total} commands, {failures} failing")
    return 1 if failures or total == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
