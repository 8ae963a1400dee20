#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""After `cmake --build build --target update_translations`: the entries lupdate left unfinished, either accepted as
lupdate filled them (its same-text heuristic: a text moved to another context keeps its Chinese) or given from a
table of new texts.  tools/ts_fill.py TS_FILE [NEW.tsv]   (NEW.tsv: CONTEXT<TAB>SOURCE<TAB>CHINESE per line)
Prints what is still untranslated; exits 1 when anything is."""
import html
import re
import sys

path = sys.argv[1]
new = {}
if len(sys.argv) > 2:
    for line in open(sys.argv[2], encoding="utf-8"):
        if line.strip() and not line.startswith("#"):
            ctx, src, zh = line.rstrip("\n").split("\t")
            new[(ctx, src)] = zh
text = open(path, encoding="utf-8").read()
missing = []


def context_block(m):
    name = m.group(1)

    def message(mm):
        body = mm.group(0)
        src = html.unescape(re.search(r"<source>(.*?)</source>", body, re.S).group(1))
        t = re.search(r'<translation type="unfinished">(.*?)</translation>', body, re.S)
        if not t:
            return body
        zh = new.get((name, src)) or (html.unescape(t.group(1)) if t.group(1) else None)
        if not zh:
            missing.append((name, src))
            return body
        escaped = html.escape(zh, quote=False).replace("'", "&apos;").replace('"', "&quot;")
        return body[: t.start()] + "<translation>" + escaped + "</translation>" + body[t.end():]

    return re.sub(r"<message\b.*?</message>", message, m.group(0), flags=re.S)


text = re.sub(r"<context>\s*<name>(.*?)</name>.*?</context>", context_block, text, flags=re.S)
open(path, "w", encoding="utf-8").write(text)
for ctx, src in missing:
    print(f"untranslated: {ctx}: {src}")
sys.exit(1 if missing else 0)
