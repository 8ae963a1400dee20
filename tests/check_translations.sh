#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Fails, listing them, when a text of the program has no Chinese translation: lupdate reads every source of the
# program into a copy of the committed .ts (which stays as it is); a text it adds, or one marked unfinished, is
# untranslated. (Mend: cmake --build build --target update_translations, then translate the new entries.)
# Usage: check_translations.sh LUPDATE SOURCE_LIST TS_FILE
set -uo pipefail
lupdate=$1 sources=$2 ts=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$ts" "$tmp/check.ts"
if ! "$lupdate" -silent -no-obsolete "@$sources" -ts "$tmp/check.ts" >"$tmp/lupdate.log" 2>&1; then
  cat "$tmp/lupdate.log" >&2
  echo "translations: lupdate failed" >&2
  exit 1
fi
# Each <message> whose translation is unfinished: its source text.
missing=$(awk '
  /<message/ { source = ""; inmsg = 1 }
  inmsg && /<source>/ { line = $0; sub(/.*<source>/, "", line); sub(/<\/source>.*/, "", line); source = line }
  inmsg && /<translation type="unfinished"/ {
    gsub(/&lt;/, "<", source); gsub(/&gt;/, ">", source); gsub(/&quot;/, "\"", source); gsub(/&apos;/, "'"'"'", source)
    gsub(/&amp;/, "\\&", source); print "  " source }
  /<\/message>/ { inmsg = 0 }' "$tmp/check.ts")
total=$(grep -c '<message' "$tmp/check.ts")
if [ -n "$missing" ]; then
  echo "translations: $(printf '%s\n' "$missing" | wc -l) of $total texts have no Chinese translation:" >&2
  printf '%s\n' "$missing" >&2
  exit 1
fi
echo "translations: all $total texts translated"
