"""Querysets whose SQL is compiled once per process and then run with new values.

Django compiles a queryset's SQL every time it is evaluated. For the score card's
queries (a link with its table, round, event and team; the seats with players and
teams) that took about 0.6 ms each, three times what PostgreSQL needed to run them,
and every tablet request loads the card. A `CompiledQuery` compiles its queryset
once, with placeholder values, keeps Django's compiler, and runs the SQL with the
request's values; rows become model instances through the compiler's own converters
(JSON, dates) and related-object populators, as `QuerySet.__iter__` does.

It suits fixed shapes only: a filter on values, `select_related`, `order_by`, a
slice. No `prefetch_related`, annotations or querysets reached through a related
manager (those carry state a compiled shape would not).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from django.db import connections
from django.db.models import Model, QuerySet
from django.db.models.query import get_related_populators
from django.db.models.sql.compiler import SQLCompiler

# Placeholder values, one per value the query takes: unique, and prepared by the ORM
# into themselves (a str stays the str; an int, within a bigint, the int).
_PLACEHOLDER_STR = "\0compiled-query-value-{}"
_PLACEHOLDER_INT = 9_223_372_036_000_000_000


class _Slot(NamedTuple):
    """Where a parameter takes the value given at run time: `values[index]`."""

    index: int


@dataclass(frozen=True)
class _Shape:
    sql: str
    params: tuple[Any, ...]  # fixed values, and a `_Slot` for each value given
    compiler: SQLCompiler
    model: type[Model]
    fields: slice
    init_list: list[str]
    populators: list[Any]


class CompiledQuery:
    """`build(*placeholders)` makes the queryset; calling the object with values runs it.

    `kinds` gives the type of each value (`str` or `int`). The values are passed to the
    database as given, so give them as the column stores them (a str token, an int id).
    """

    def __init__(self, build: Callable[..., QuerySet], *kinds: type) -> None:
        if any(kind not in (str, int) for kind in kinds):
            raise TypeError("values must be str or int")
        self._build = build
        self._kinds = kinds
        self._shapes: dict[tuple[str, str], _Shape] = {}
        self._lock = threading.Lock()

    def __call__(self, *values: Any, using: str = "default") -> list[Model]:
        if len(values) != len(self._kinds):
            raise TypeError(f"expected {len(self._kinds)} values, got {len(values)}")
        connection = connections[using]
        shape = self._shapes.get((using, connection.vendor)) or self._compile(using)
        params = [values[p.index] if type(p) is _Slot else p for p in shape.params]
        with connection.cursor() as cursor:
            cursor.execute(shape.sql, params)
            rows = cursor.fetchall()
        found = []
        for row in shape.compiler.results_iter([rows]):
            obj = shape.model.from_db(using, shape.init_list, row[shape.fields])
            for populator in shape.populators:
                populator.populate(row, obj)
            found.append(obj)
        return found

    def _compile(self, using: str) -> _Shape:
        with self._lock:
            connection = connections[using]
            key = (using, connection.vendor)
            if key in self._shapes:
                return self._shapes[key]
            placeholders = [
                _PLACEHOLDER_STR.format(n) if kind is str else _PLACEHOLDER_INT + n
                for n, kind in enumerate(self._kinds)
            ]
            compiler = self._build(*placeholders).query.get_compiler(using=using)
            sql, compiled = compiler.as_sql()
            slots = {(type(p), p): _Slot(n) for n, p in enumerate(placeholders)}
            params = tuple(slots.get((type(p), p), p) for p in compiled)
            if sorted(p.index for p in params if type(p) is _Slot) != list(range(len(slots))):
                raise ValueError("each value must reach the SQL exactly once")
            info = compiler.klass_info
            fields = slice(info["select_fields"][0], info["select_fields"][-1] + 1)
            shape = _Shape(
                sql=sql,
                params=params,
                compiler=compiler,
                model=info["model"],
                fields=fields,
                init_list=[column[0].target.attname for column in compiler.select[fields]],
                populators=get_related_populators(info, compiler.select, using),
            )
            self._shapes[key] = shape
            return shape
