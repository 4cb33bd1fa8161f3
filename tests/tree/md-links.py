#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""md-links.py ROOT FILE...: the links of Markdown pages that do not resolve.

For each FILE (a path relative to ROOT), every link [text](target),
![alt](target) and reference definition [label]: target outside code
(fenced or indented blocks, `code spans`) is checked:
  - a target with a scheme (https:, mailto:) is not checked;
  - a relative path must exist (a file or a folder) inside ROOT, relative to
    the page, or to ROOT when it starts with /;
  - an #anchor must be the anchor of a heading of the page it points into
    (the page itself when the path is empty), as GitHub makes them: the
    heading's text as shown, lowercased, every character that is not a
    letter, a digit, _, - or a space dropped, each space turned into -;
    a repeated anchor gets -1, -2, ...  An <a name> or id="..." counts
    too.  A file that is not Markdown takes only line anchors (#L12).
Prints one line per broken link, "FILE:LINE: TARGET: why", then
"# N links in M pages".  Exit status 0, or 2 on bad usage.
"""
import os
import re
import sys
import urllib.parse

FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
ATX = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
LINK = re.compile(
    r"(!?)\[((?:[^\[\]]|\[[^\[\]]*\])*)\]"
    r"\(\s*(<[^>]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)(?:\s+(?:\"[^\"]*\"|'[^']*'))?\s*\)")
REFDEF = re.compile(r"^ {0,3}\[([^\]]+)\]:\s*(<[^>]*>|\S+)")
CODESPAN = re.compile(r"(`+)(.+?)\1")
HTMLTAG = re.compile(r"</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?/?>")
HTMLANCHOR = re.compile(r"<a\s[^>]*\b(?:name|id)\s*=\s*\"([^\"]+)\"", re.I)
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


def text_lines(lines):
    """(number, line, is_text) for each line: is_text is false in code."""
    fence = None
    prev_blank = True
    in_indented = False
    for n, line in enumerate(lines, 1):
        expanded = line.expandtabs(4)
        if fence:
            m = FENCE.match(line)
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence) \
                    and not line.strip().strip(fence[0]):
                fence = None
            yield n, line, False
            continue
        m = FENCE.match(line)
        if m:
            fence = m.group(1)
            yield n, line, False
            continue
        blank = not line.strip()
        indented = expanded.startswith("    ") and not blank
        if indented and (prev_blank or in_indented):
            in_indented = True
            yield n, line, False
            continue
        if not blank:
            in_indented = False
        prev_blank = blank
        yield n, line, True


def shown_text(markdown):
    """The text a heading shows: code spans literal, links as their text,
    HTML tags gone."""
    out = []
    pos = 0
    for m in CODESPAN.finditer(markdown):
        out.append(plain(markdown[pos:m.start()]))
        out.append(m.group(2).strip())
        pos = m.end()
    out.append(plain(markdown[pos:]))
    return "".join(out)


def plain(s):
    s = LINK.sub(lambda m: m.group(2), s)
    s = HTMLTAG.sub("", s)
    return s.replace("\\", "")


def slug(text):
    text = text.strip().lower()
    kept = "".join(c for c in text if c.isalnum() or c in "_- ")
    return kept.replace(" ", "-")


def anchors(path):
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    seen = {}
    found = set()

    def add(a):
        n = seen.get(a, 0)
        seen[a] = n + 1
        found.add(a if n == 0 else "%s-%d" % (a, n))

    prev = None
    for _, line, is_text in text_lines(lines):
        if not is_text:
            prev = None
            continue
        m = ATX.match(line)
        if m:
            add(slug(shown_text(m.group(2) or "")))
            prev = None
            continue
        if prev is not None and SETEXT.match(line) and not line.strip().startswith("|"):
            add(slug(shown_text(prev)))
            prev = None
            continue
        for a in HTMLANCHOR.findall(line):
            found.add(a)
        prev = line if line.strip() and not line.lstrip().startswith(("|", "-", "*", ">")) else None
    return found


def links(lines):
    for n, line, is_text in text_lines(lines):
        if not is_text:
            continue
        m = REFDEF.match(line)
        if m:
            yield n, m.group(2)
            continue
        bare = CODESPAN.sub(lambda m: " " * len(m.group(0)), line)
        for m in LINK.finditer(bare):
            yield n, m.group(3)


def check(root, page, target, cache):
    """Why TARGET, a link of PAGE, does not resolve, or None."""
    if target.startswith("<") and target.endswith(">"):
        target = target[1:-1]
    if SCHEME.match(target):
        return None
    if not target:
        return "an empty link"
    path, _, anchor = target.partition("#")
    path = urllib.parse.unquote(path)
    if not path:
        dest = os.path.join(root, page)
    elif path.startswith("/"):
        dest = os.path.join(root, path.lstrip("/"))
    else:
        dest = os.path.join(root, os.path.dirname(page), path)
    dest = os.path.normpath(dest)
    rel = os.path.relpath(dest, root)
    if rel == ".." or rel.startswith("../"):
        return "outside the tree"
    if not os.path.exists(dest):
        return "%s does not exist" % rel
    if not anchor:
        return None
    anchor = urllib.parse.unquote(anchor)
    if os.path.isdir(dest):
        return "an #anchor on a folder"
    if not dest.endswith(".md"):
        if re.fullmatch(r"L\d+(-L\d+)?", anchor):
            return None
        return "#%s: %s is not Markdown, it has no headings" % (anchor, rel)
    if dest not in cache:
        cache[dest] = anchors(dest)
    if anchor not in cache[dest]:
        return "#%s: no such heading in %s" % (anchor, rel)
    return None


def main():
    if len(sys.argv) < 2:
        sys.stderr.write("usage: md-links.py ROOT FILE...\n")
        return 2
    root = sys.argv[1]
    cache = {}
    count = 0
    for page in sys.argv[2:]:
        with open(os.path.join(root, page), encoding="utf-8") as f:
            lines = f.read().split("\n")
        for n, target in links(lines):
            count += 1
            why = check(root, page, target, cache)
            if why:
                print("%s:%d: %s: %s" % (page, n, target, why))
    print("# %d links in %d pages" % (count, len(sys.argv) - 2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
