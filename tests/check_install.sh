#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# cmake --install into a temporary folder, then checks what a desktop finds there: the launcher and the metainfo
# valid (desktop-file-validate, appstreamcli validate --no-net: the README's test command installs both), the
# icon in every hicolor size at that size, the manual page with one entry per option of --help, the licence, and
# the launcher in a desktop menu (LXDE's definition, read by pyxdg) with its icon, and the installed program running.
#   tests/check_install.sh BUILD_DIR
set -euo pipefail
build="${1:?usage: $0 BUILD_DIR}"
id=io.github.attention_viz.AttentionViz
dest=$(mktemp -d)
trap 'rm -rf "$dest"' EXIT
cmake --install "$build" --prefix "$dest/usr" >/dev/null
usr="$dest/usr"
fail() { echo "install check: $*" >&2; exit 1; }

for f in bin/attention-viz share/applications/$id.desktop share/metainfo/$id.metainfo.xml \
         share/icons/hicolor/scalable/apps/$id.svg share/man/man1/attention-viz.1 share/doc/attention-viz/copyright; do
  [ -s "$usr/$f" ] || fail "$f was not installed"
done
desktop-file-validate "$usr/share/applications/$id.desktop" || fail "desktop-file-validate refused the launcher"
appstreamcli validate --no-net "$usr/share/metainfo/$id.metainfo.xml" >/dev/null \
  || { appstreamcli validate --no-net "$usr/share/metainfo/$id.metainfo.xml"; fail "appstreamcli refused the metainfo"; }

# The launcher names the icon and the program installed; the metainfo names the launcher and the program.
grep -qx "Icon=$id" "$usr/share/applications/$id.desktop" || fail "the launcher's Icon= is not $id"
grep -qx "Exec=attention-viz" "$usr/share/applications/$id.desktop" || fail "the launcher's Exec= is not attention-viz"
grep -q "<launchable type=\"desktop-id\">$id.desktop</launchable>" "$usr/share/metainfo/$id.metainfo.xml" \
  || fail "the metainfo's launchable is not $id.desktop"
grep -q "<binary>attention-viz</binary>" "$usr/share/metainfo/$id.metainfo.xml" || fail "the metainfo provides no binary"

# Every size of the hicolor theme from 16 to 512, each a PNG of that size (its IHDR header).
for size in 16 22 24 32 48 64 128 256 512; do
  png="$usr/share/icons/hicolor/${size}x${size}/apps/$id.png"
  [ -s "$png" ] || fail "no ${size}x${size} icon"
  got=$(od -An -tu1 -j16 -N8 "$png" | awk '{print $1*16777216+$2*65536+$3*256+$4 "x" $5*16777216+$6*65536+$7*256+$8}')
  [ "$got" = "${size}x${size}" ] || fail "the ${size}x${size} icon is $got"
done

# The manual page: one .TP per option the help lists.
export QT_QPA_PLATFORM=offscreen
options=$("$usr/bin/attention-viz" --help | grep -c '^  -')
entries=$(grep -A1 '^\.TP$' "$usr/share/man/man1/attention-viz.1" | grep -c '^\.B \\-')  # ".B \-\-d\-k <N>"
[ "$options" -gt 50 ] && [ "$entries" -eq "$options" ] || fail "the manual page has $entries options, --help $options"
head -1 "$usr/share/man/man1/attention-viz.1" | grep -q '^\.TH ATTENTION\\-VIZ 1 ' || fail "the manual page has no .TH line"

# The desktop menu: LXDE's menu definition (lxmenu-data) read by pyxdg, as a desktop reads it, over the installed
# share folder (and the system's, for the hicolor theme's index): the launcher is in the Education submenu,
# named, and its icon found in the hicolor theme.
menu=$(XDG_DATA_DIRS="$usr/share:/usr/share" XDG_DATA_HOME="$dest/nohome" XDG_CONFIG_DIRS=/etc/xdg /usr/bin/python3 - "$id" <<'PY'
import sys
import xdg.IconTheme
import xdg.Menu
wanted = sys.argv[1] + ".desktop"
def walk(menu, path):
    for entry in menu.getEntries():
        if isinstance(entry, xdg.Menu.Menu):
            yield from walk(entry, path + [entry.getName()])
        elif isinstance(entry, xdg.Menu.MenuEntry) and entry.DesktopFileID == wanted:
            yield path, entry.DesktopEntry
for path, entry in walk(xdg.Menu.parse("/etc/xdg/menus/lxde-applications.menu"), []):
    icon = xdg.IconTheme.getIconPath(entry.getIcon(), 48, theme="hicolor")
    print(" > ".join(path), "|", entry.getName(), "|", icon)
PY
) || fail "the desktop menu could not be read"
echo "$menu" | grep -q "^Education | attention-viz | $usr/share/icons/hicolor/48x48/apps/$id.png$" \
  || fail "not in the desktop menu's Education submenu with its icon: '$menu'"

"$usr/bin/attention-viz" --version | grep -q "^attention-viz " || fail "the installed program does not run"
echo "install check: program, launcher, metainfo, icon in 9 sizes and SVG, manual page ($entries options), licence;"
echo "  in the desktop menu: $menu"
