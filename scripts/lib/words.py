#!/usr/bin/env python3
"""Base-word lists for Find Words (spec 04 §2.10), from the stems of a Hunspell dictionary.

Usage: words.py DIC LANG OUT_DIR
  DIC      a Hunspell .dic file (its .aff beside it says the encoding with SET)
  LANG     En, ES or It: picks the allowed letters and names the files
  OUT_DIR  where <N>LetterWords<LANG>.txt (N = 7, 8, 9) are written

Writes the candidates: stems (the part before '/', without morphological fields) that are entirely lower-case
letters of the language (a-z, plus áéíóúüñ for ES and àèéìíòóù for It), NFC, exactly N characters, deduplicated
and sorted by code point; UTF-8, LF, no trailing empty line. scripts/make-words then keeps only the ones the
dictionary accepts. Standard library only.
"""
import os
import re
import sys
import unicodedata

EXTRA = {"En": "", "ES": "áéíóúüñ", "It": "àèéìíòóù"}


def encoding(dic):
    aff = dic[:-4] + ".aff"
    try:
        with open(aff, "rb") as f:
            for raw in f:
                m = re.match(rb"\s*SET\s+(\S+)", raw)
                if m:
                    name = m.group(1).decode("ascii").lower()
                    return {"iso8859-1": "latin-1", "iso8859-15": "iso8859_15", "microsoft-cp1251": "cp1251"}.get(name, name)
    except OSError:
        pass
    return "iso8859-1"  # Hunspell's default when the .aff sets none


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    dic, lang, out_dir = sys.argv[1:]
    allowed = re.compile("^[a-z" + EXTRA[lang] + "]+$")
    enc = encoding(dic)
    words = set()
    with open(dic, encoding=enc, errors="strict") as f:
        next(f)  # the first line is the approximate entry count
        for line in f:
            stem = line.strip().split("\t")[0].split(" ")[0]
            # A '/' starts the affix flags; '\/' is a literal slash (never a letter, so such stems are dropped).
            stem = stem.split("/")[0]
            stem = unicodedata.normalize("NFC", stem)
            if allowed.match(stem):
                words.add(stem)
    for n in (7, 8, 9):
        chosen = sorted(w for w in words if len(w) == n)  # NFC letters here are single code points
        path = os.path.join(out_dir, f"{n}LetterWords{lang}.txt")
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            f.write("\n".join(chosen))


if __name__ == "__main__":
    main()
