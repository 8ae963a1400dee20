#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Each concept has one Chinese term (resources/translations/glossary.tsv): fails, listing them, where a Chinese
translation contains a rendering the glossary rules out (an English term left in English, or a wrong Chinese one),
or where the source names a glossary term and its translation has neither that term's Chinese nor the English word
(another translation of it).
Usage: check_glossary.py GLOSSARY TS_FILE
"""
import html
import re
import sys


def main():
    glossary, ts = sys.argv[1], sys.argv[2]
    terms = []
    for line in open(glossary, encoding="utf-8"):
        if not line.strip() or line.startswith("#"):
            continue
        english, chinese, banned = (line.rstrip("\n").split("\t") + [""])[:3]
        terms.append((english, chinese, [b for b in banned.split(",") if b]))
    text = open(ts, encoding="utf-8").read()
    problems = []
    for message in re.finditer(r"<message>(.*?)</message>", text, re.S):
        body = message.group(1)
        source = re.search(r"<source>(.*?)</source>", body, re.S)
        translation = re.search(r"<translation[^>]*>(.*?)</translation>", body, re.S)
        if not source or not translation:
            continue
        source, translation = html.unescape(source.group(1)), html.unescape(translation.group(1))
        for english, chinese, banned in terms:
            for b in banned:
                if b in translation:
                    problems.append(f"'{b}' (say {chinese} for {english}): {translation[:100]}")
            if re.search(r"\b" + re.escape(english) + r"\b", source, re.I) and chinese not in translation:
                problems.append(f"{english} is not {chinese}: {source[:60]!r} -> {translation[:80]}")
    if problems:
        print(f"glossary: {len(problems)} translations break it:", file=sys.stderr)
        print("\n".join("  " + p for p in problems), file=sys.stderr)
        sys.exit(1)
    print(f"glossary: {len(terms)} terms, every translation keeps them")


if __name__ == "__main__":
    main()
