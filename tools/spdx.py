#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Adds the SPDX licence line to the top of every source file that lacks one (idempotent).

C++ sources and headers get `// SPDX-License-Identifier: GPL-3.0-or-later` as their first line;
shell and Python scripts and CMake files get `# SPDX-License-Identifier: ...` (after a shebang).
`tools/spdx.py --check` lists the files without it and exits 1 if there are any (no change).
"""
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
LINE = "SPDX-License-Identifier: GPL-3.0-or-later"
DIRS = ["core", "app", "widgets", "tests", "tools", ".ci"]
SKIP = {"build", "build-asan", "build-tsan", "build-fuzz"}


def files():
    for d in DIRS:
        for p in sorted((ROOT / d).rglob("*")):
            if not p.is_file() or any(part in SKIP for part in p.relative_to(ROOT).parts):
                continue
            if p.suffix in (".cpp", ".h"):
                yield p, "//"
            elif p.suffix in (".sh", ".py") or p.name in ("CMakeLists.txt", "run"):
                yield p, "#"
    yield ROOT / "CMakeLists.txt", "#"


def main():
    check = "--check" in sys.argv[1:]
    missing = []
    for p, comment in files():
        text = p.read_text(encoding="utf-8")
        if LINE in "\n".join(text.splitlines()[:3]):
            continue
        missing.append(p.relative_to(ROOT))
        if check:
            continue
        line = f"{comment} {LINE}\n"
        if text.startswith("#!"):
            first, _, rest = text.partition("\n")
            text = first + "\n" + line + rest
        else:
            text = line + text
        p.write_text(text, encoding="utf-8")
    for m in missing:
        print(("missing: " if check else "added: ") + str(m))
    return 1 if check and missing else 0


if __name__ == "__main__":
    sys.exit(main())
