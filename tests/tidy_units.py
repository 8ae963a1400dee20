#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the translation units tests/check_tidy.sh hands clang-tidy: each groups the sources of a few layers,
#including them one after the other, and is compiled with the union of their definitions, include folders and
warning flags from the build's compile_commands.json.

Why: clang-tidy's checks walk every declaration a file pulls in, Eigen's and Qt's included, and a file of ours
is a small part of that: checked as one unit, a folder's files take a few times less than one by one. The sources
compile together because no two of a unit's files define the same name in their
unnamed namespaces (the unit fails to compile, naming both, when they do).

usage: tidy_units.py BUILD_DIR OUT_DIR NAME=SOURCE,SOURCE... [NAME=...]
Writes OUT_DIR/NAME.cpp for each unit and OUT_DIR/compile_commands.json for them all; prints the units' paths.
"""
import json
import os
import shlex
import sys

# Compiler arguments a unit keeps: what decides how the sources parse and which warnings they give. The
# build's own -march, -O and PCH arguments are left out (GCC's PCH is not clang's; the baseline x86-64 only
# changes the vector code Eigen's headers choose, not ours).
KEPT_PREFIXES = ("-D", "-I", "-isystem", "-std=", "-W", "-fopenmp")


def arguments(entry):
    if "arguments" in entry:
        return entry["arguments"]
    return shlex.split(entry["command"])


def kept(args):
    out = []
    i = 1  # args[0] is the compiler
    while i < len(args):
        a = args[i]
        if a in ("-I", "-isystem", "-D") and i + 1 < len(args):
            a, i = a + args[i + 1], i + 1
        if a.startswith(KEPT_PREFIXES) and not a.startswith(("-Winvalid-pch", "-Werror")):
            out.append(a)
        i += 1
    return out


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    build, out_dir = sys.argv[1], sys.argv[2]
    with open(os.path.join(build, "compile_commands.json"), encoding="utf-8") as f:
        commands = {os.path.realpath(os.path.join(e["directory"], e["file"])): e for e in json.load(f)}
    os.makedirs(out_dir, exist_ok=True)
    entries = []
    for spec in sys.argv[3:]:
        name, _, sources = spec.partition("=")
        sources = [os.path.realpath(s) for s in sources.split(",") if s]
        flags = []
        for s in sources:
            if s not in commands:
                sys.exit(f"tidy_units.py: {s} is not in {build}/compile_commands.json")
            for a in kept(arguments(commands[s])):
                if a not in flags:
                    flags.append(a)
        unit = os.path.join(os.path.realpath(out_dir), name + ".cpp")
        with open(unit, "w", encoding="utf-8") as f:
            f.write("// Written by tests/tidy_units.py for clang-tidy: these sources as one unit.\n")
            f.writelines(f'#include "{s}"\n' for s in sources)
        entries.append({"directory": os.path.realpath(build), "file": unit,
                        "arguments": ["clang++", *flags, "-march=x86-64", "-Wno-unknown-warning-option",
                                      "-c", unit]})
        print(unit)
    with open(os.path.join(out_dir, "compile_commands.json"), "w", encoding="utf-8") as f:
        json.dump(entries, f, indent=1)


if __name__ == "__main__":
    main()
