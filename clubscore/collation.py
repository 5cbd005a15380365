"""Names in the order a reader expects, in English and German alike.

Code-point order puts Élodie, Łukasz, Óscar and Özil after Zimmermann. The key folds a
name to its base letters (DIN 5007-1, the order of German dictionaries and phone
books: Ö with O, ß as ss) and ignores case, so the same order holds on every page, PDF
and export, whatever the database. Lists are sorted in Python with it (SQLite and
PostgreSQL collate differently, and SQLite knows no locale at all).
"""

from __future__ import annotations

import unicodedata

#: Letters that Unicode does not decompose into a base letter and a mark.
LETTERS = str.maketrans(
    {
        "Ł": "L",
        "ł": "l",
        "Ø": "O",
        "ø": "o",
        "Đ": "D",
        "đ": "d",
        "ß": "ss",
        "Æ": "AE",
        "æ": "ae",
        "Œ": "OE",
        "œ": "oe",
        "Þ": "Th",
        "þ": "th",
        "Ð": "D",
        "ð": "d",
    }
)


def folded(text: str) -> str:
    """`text` in its base letters, without case: "Zoë Núñez" reads "zoe nunez"."""
    plain = unicodedata.normalize("NFKD", text.translate(LETTERS))
    return "".join(char for char in plain if not unicodedata.combining(char)).casefold()


def searchable(text: str) -> str:
    """`text` folded, its letters and digits only: a phone's curly apostrophe, a hyphen
    or none at all find the same name ("O’Brien", "obrien" and "O'Brien")."""
    return "".join(char for char in folded(text) if char.isalnum())


#: German umlauts as they are written without them (Jürgen is also Juergen).
UMLAUTS_SPELLED = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"})


def spellings(text: str) -> set[str]:
    """The ways `text` is written without accents: "Jürgen" is "jurgen" and "juergen",
    "Weiß" is "weiss"; two names are written alike when their spellings meet."""
    return {folded(text), folded(text.translate(UMLAUTS_SPELLED))}


def sort_key(name: str) -> tuple[str, str]:
    """Alphabetical order as a reader expects it: Élodie with the Es, Łukasz with the Ls,
    Øberg with the Os (not after Z). Names equal but for their accents or case keep one
    fixed order (the name itself breaks the tie)."""
    return folded(name), name


def by_last_name(first_name: str, last_name: str) -> tuple[tuple[str, str], tuple[str, str]]:
    """Where a person goes in a list read by surname (the check-in list, the printed
    "Find your table"): last name, then first name, in the reader's order; a name with
    no last name goes by its first."""
    return sort_key(last_name or first_name), sort_key(first_name)
