#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Each rule of the program has one home: the texts and values below may stand in one file of core/ and app/ only
(the one named), so that a second copy, which would drift, fails this check. (message_templates.cpp, the list of the
messages' translatable templates, and the command line's help text are not rules and are not read.)
   tests/check_one_home.py SOURCE_DIR"""
import pathlib
import re
import sys

RULES = [
    # The scalings as lists, legends and titles name them: model/labels.cpp.
    ("÷√d_k (the lecture's)", "app/model/labels.cpp"),
    ("÷d_k (too much)", "app/model/labels.cpp"),
    ("÷√d_model (the multi-head mistake)", "app/model/labels.cpp"),
    ("d_k^−¼ on q and on k (= ÷√d_k)", "app/model/labels.cpp"),
    ('"÷√d_model (d_model = %1)"', "app/model/labels.cpp"),
    # The settings' spellings in files, dumps and on the command line: core's tables.
    ('"inv_sqrt_d_k"', "core/params.h"),
    ('"inv_sqrt_d_model"', "core/params.h"),
    ('"quarter_each"', "core/params.h"),
    ('"sqrt-d-model"', "core/params.h"),
    ('"quarter-each"', "core/params.h"),
    ('"mha-mask-in-sdpa"', "core/mistakes.h"),
    ('"adam"', "core/training.h"),
    # The JSON fields of the settings: core/params_keys.h.
    ('"d_v_follows_d_k"', "core/params_keys.h"),
    ('"keys_follow_len"', "core/params_keys.h"),
    ('"softmax_dim"', "core/params_keys.h"),
    ('"mask_convention"', "core/params_keys.h"),
    ('"additive_hidden"', "core/params_keys.h"),
    # The kinds of file by suffix: io/file_kinds.cpp.
    ('"jpeg"', "app/io/file_kinds.cpp"),
    ('"tsv"', "app/io/file_kinds.cpp"),
    # The colours of the bars beside a heatmap: render/plot_style.h.
    ("(70, 110, 170)", "app/render/plot_style.h"),
    ("(100, 80, 160)", "app/render/plot_style.h"),
    ("(40, 120, 85)", "app/render/plot_style.h"),
    ("(215, 60, 40)", "app/render/plot_style.h"),
    # How far from 1 a sum may be: core/tolerance.h.
    ("kSumTolerance = ", "core/tolerance.h"),
]
# Patterns that must stand nowhere (the rule is a function elsewhere).
# Patterns that must stand nowhere but in the rule's own home (the rule is a function there).
NOWHERE = [
    (r"fabs\([^()]*-\s*1\.0\)\s*[<>]", "core/tolerance.h",
     "a sum compared with 1 by hand: use attn::sumsToOne (core/tolerance.h)"),
    (r"min\(\s*16\s*\*|\*\s*16\s*,\s*1024", "core/params_edit.h",
     "the second d_k of a d_k comparison by hand: use attn::comparisonDk"),
    (r"\.loaded\s*=[^=]", "core/params_edit.cpp", "loaded data set by hand: use attn::setLoaded (core/params_edit.h)"),
]
SKIP = {"app/model/message_templates.cpp"}


def code(text):
    """The text without its // comments (what a comment says of a rule is not a second home)."""
    return "\n".join(re.sub(r"(^|\s)//.*$", "", line) for line in text.split("\n"))


def sources(root):
    for folder in ("core", "app"):
        for path in sorted((root / folder).rglob("*")):
            if path.suffix in (".cpp", ".h") and str(path.relative_to(root)) not in SKIP:
                yield str(path.relative_to(root)), code(path.read_text(encoding="utf-8"))


def main():
    root = pathlib.Path(sys.argv[1])
    files = dict(sources(root))
    problems = []
    for literal, home in RULES:
        where = sorted(name for name, text in files.items() if literal in text)
        if where != [home]:
            problems.append(f"{literal!r}: expected only in {home}, found in {where or 'no file'}")
    for pattern, home, why in NOWHERE:
        for name, text in files.items():
            if name == home:
                continue
            for m in re.finditer(pattern, text):
                line = text.count("\n", 0, m.start()) + 1
                problems.append(f"{name}:{line}: {why}")
    for p in problems:
        print(p)
    print(f"{len(RULES)} rules with one home each, {len(NOWHERE)} patterns found nowhere: "
          + ("ok" if not problems else f"{len(problems)} problems"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
