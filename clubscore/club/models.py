"""The club's members: players and couples."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Sequence

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from clubscore.collation import by_last_name, searchable, spellings
from clubscore.games.base import NAME_PART_LENGTH

#: Characters that print as nothing (the Hangul fillers, the braille blank): a name of them
#: alone looks empty on every page and printout.
BLANK_LOOKING = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def visible_name(value: str) -> None:
    """A name holds no invisible character (a zero-width space pasted with it, or a
    right-to-left override that turns it around on every page and printout), and
    something to read: a letter or a digit ("2026-12-05" names an evening; "- -" nobody)."""
    if any(unicodedata.category(char) in ("Cc", "Cf") for char in value):
        raise ValidationError(
            _("A name cannot hold invisible characters (such as a zero-width space)."),
            code="invisible",
        )
    if not any(
        unicodedata.category(char)[0] in "LN" and char not in BLANK_LOOKING for char in value
    ):
        raise ValidationError(_("A name needs a letter or a digit."), code="unreadable")


#: What a note may hold of the invisible characters: its line breaks and tabs.
NOTE_SPACING = frozenset("\n\r\t")


def visible_text(value: str) -> None:
    """A note holds no invisible character but its line breaks: no right-to-left override
    that turns it around on the organizer's dashboard, no zero-width space."""
    if any(
        unicodedata.category(char) in ("Cc", "Cf") and char not in NOTE_SPACING for char in value
    ):
        raise ValidationError(
            _("A note cannot hold invisible characters (such as a right-to-left mark)."),
            code="invisible",
        )


def together(names: Iterable[str]) -> str:
    """Partners' names as one, "Ann & Bob": a team, a couple, lines that share a result.
    The one place names are joined so (pages, printouts and exports read the same)."""
    return " & ".join(names)


def how_many_together(names: str) -> int:
    """How many names `together` made one ("Ann & Bob": 2), for a sentence's verb."""
    return names.count(" & ") + 1


def short_names(players: Sequence[Player]) -> list[str]:
    """The players at one table by first name, or by full name where two of them share
    a first name ("Walter Smith 5♠, Walter Jones 6♦, Ann 9♥": the draw's list)."""
    return _told_apart(players, _first_name)


def column_names(players: Sequence[Player]) -> list[str]:
    """As narrow a name as tells the players at one table apart, for a column's heading on
    a phone: the first name; where two share it, with the last name's initial ("Anna M.",
    "Anna S."); where that is shared too, the full name. Three Annas are not "Anna",
    "Anna", "Anna", and four full names would push the table's status off the screen."""
    return _told_apart(players, _first_name, _first_name_and_initial)


def _first_name(player: Player) -> str:
    return player.first_name


def _first_name_and_initial(player: Player) -> str:
    return f"{player.first_name} {player.last_name[:1]}." if player.last_name else player.name


def _told_apart(players: Sequence[Player], *shapes: Callable[[Player], str]) -> list[str]:
    """Each player's name in the first of `shapes` that no other player of `players`
    shares (case aside), else in full."""
    names = []
    for player in players:
        for shape in shapes:
            mine = shape(player).casefold()
            if sum(shape(other).casefold() == mine for other in players) == 1:
                names.append(shape(player))
                break
        else:
            names.append(player.name)
    return names


class PlayerQuerySet(models.QuerySet):
    def active(self) -> PlayerQuerySet:
        return self.filter(active=True)

    def search(self, text: str) -> PlayerQuerySet:
        """Players whose first or last name contains every word of `text`, whatever the
        accents and the case: "Zoe" finds Zoë, "nunez" Núñez, "muller" Müller.

        Apostrophes and hyphens do not count: "o’brien" and "obrien" find O'Brien.

        Matched in Python (`collation.searchable`): SQLite cannot fold accents and
        PostgreSQL only with an extension; a club's members are a few hundred names."""
        if not text.strip():
            return self
        words = [word for word in map(searchable, text.split()) if word]
        if not words:
            return self.none()  # punctuation alone names nobody
        names = self.values_list("pk", "first_name", "last_name")
        found = [
            pk
            for pk, first, last in names
            if all(word in searchable(first) or word in searchable(last) for word in words)
        ]
        return self.filter(pk__in=found)

    def named_alike(self, first_name: str, last_name: str) -> PlayerQuerySet:
        """Players whose name is this one but for accents, umlauts and case ("zoe
        hartmann" is Zoë Hartmann, "Juergen" Jürgen). One query, as `search`."""
        first_wanted, last_wanted = spellings(first_name.strip()), spellings(last_name.strip())
        names = self.values_list("pk", "first_name", "last_name")
        alike = [
            pk
            for pk, first, last in names
            if spellings(first) & first_wanted and spellings(last) & last_wanted
        ]
        return self.filter(pk__in=alike)

    def with_couple(self) -> PlayerQuerySet:
        return self.select_related(
            "couple_as_a__player_b", "couple_as_b__player_a", "couple_as_a", "couple_as_b"
        )

    def alphabetical(self, limit: int | None = None) -> list[Player]:
        """The first `limit` players by last name, then first name, in the reader's order
        (`clubscore.collation`: Özil with the Os, not after Z, on SQLite and PostgreSQL
        alike). Two queries: the names of all, then the page's players."""
        names = self.values_list("pk", "first_name", "last_name")
        order = sorted(names, key=lambda row: (by_last_name(row[1], row[2]), row[0]))
        page = [row[0] for row in order[:limit]]
        players = self.filter(pk__in=page)  # keeps what was chained (with_couple)
        position = {pk: index for index, pk in enumerate(page)}
        return sorted(players, key=lambda player: position[player.pk])


class Player(models.Model):
    first_name = models.CharField(
        _("first name"), max_length=NAME_PART_LENGTH, validators=[visible_name]
    )
    last_name = models.CharField(
        _("last name"), max_length=NAME_PART_LENGTH, blank=True, validators=[visible_name]
    )
    email = models.EmailField(_("email"), blank=True)
    phone = models.CharField(_("phone"), max_length=40, blank=True)
    active = models.BooleanField(_("active member"), default=True)
    joined = models.DateField(_("joined"), null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = PlayerQuerySet.as_manager()

    class Meta:
        ordering = ["last_name", "first_name", "id"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        indexes = [models.Index(fields=["last_name", "first_name"])]

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        return f"{self.first_name} {self.last_name}".strip()

    @property
    def alphabetical_key(self) -> tuple[tuple[str, str], tuple[str, str]]:
        """Where the player goes in a list read by surname (`collation.by_last_name`)."""
        return by_last_name(self.first_name, self.last_name)

    @property
    def couple(self) -> Couple | None:
        for attr in ("couple_as_a", "couple_as_b"):
            try:
                return getattr(self, attr)
            except Couple.DoesNotExist:
                continue
        return None

    @property
    def spouse(self) -> Player | None:
        couple = self.couple
        if couple is None:
            return None
        return couple.player_b if couple.player_a_id == self.pk else couple.player_a


class CoupleQuerySet(models.QuerySet):
    def of_players(self, player_ids) -> CoupleQuerySet:
        """Couples whose two members are both among `player_ids`."""
        return self.filter(player_a__in=player_ids, player_b__in=player_ids)


class Couple(models.Model):
    """Two players who come together. One of them keeps score for the couple.

    The members are stored in a canonical order (player_a has the smaller id), so
    the database can refuse a couple of one person and the same pair twice.
    """

    player_a = models.OneToOneField(
        Player, on_delete=models.CASCADE, related_name="couple_as_a", verbose_name=_("player")
    )
    player_b = models.OneToOneField(
        Player, on_delete=models.CASCADE, related_name="couple_as_b", verbose_name=_("spouse")
    )
    scorekeeper = models.ForeignKey(
        Player,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("scorekeeper"),
        help_text=_("The one of the two who keeps score for the couple."),
    )

    objects = CoupleQuerySet.as_manager()

    class Meta:
        verbose_name = _("couple")
        verbose_name_plural = _("couples")
        constraints = [
            models.CheckConstraint(
                condition=Q(player_a__lt=F("player_b")),
                name="couple_two_distinct_players",
                violation_error_message=_("A couple is two different players."),
            ),
            models.CheckConstraint(
                condition=Q(scorekeeper=F("player_a")) | Q(scorekeeper=F("player_b")),
                name="couple_scorekeeper_is_member",
                violation_error_message=_("The scorekeeper must be one of the couple."),
            ),
        ]

    def __str__(self) -> str:
        return together((str(self.player_a), str(self.player_b)))

    def save(self, *args, **kwargs) -> None:
        # Canonical order: the smaller id first (the check constraint relies on it).
        if self.player_a_id and self.player_b_id and self.player_a_id > self.player_b_id:
            self.player_a_id, self.player_b_id = self.player_b_id, self.player_a_id
        super().save(*args, **kwargs)

    def clean(self) -> None:
        errors: dict[str, str] = {}
        if self.player_a_id and self.player_a_id == self.player_b_id:
            errors["player_b"] = _("A couple is two different players.")
        for field in ("player_a", "player_b"):
            player_id = getattr(self, f"{field}_id")
            if player_id is None:
                continue
            taken = Couple.objects.filter(Q(player_a=player_id) | Q(player_b=player_id))
            if self.pk:
                taken = taken.exclude(pk=self.pk)
            if taken.exists():
                errors[field] = _("This player is already in a couple.")
        if self.scorekeeper_id and self.scorekeeper_id not in (self.player_a_id, self.player_b_id):
            errors["scorekeeper"] = _("The scorekeeper must be one of the couple.")
        if errors:
            raise ValidationError(errors)

    @property
    def members(self) -> tuple[Player, Player]:
        return (self.player_a, self.player_b)
