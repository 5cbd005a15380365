"""Backups of the club or of one event as a JSON file, and restoring one into an empty database.

The file is Django's serialization of the rows (primary keys kept, so scorekeeper links
and printed QR codes keep working after a restore), wrapped in a header:

    {"format": "clubscore-backup", "version": 1, "kind": "club" | "event", "event": id,
     "created_at": ..., "migrations": {app: last migration}, "counts": {model: n},
     "objects": [...]}

A club backup holds every row of the club and events apps plus the organizers' user
accounts with their password hashes (a restored club can log in as before) and groups.
An event backup holds one event with everything it needs (its players and their
couples, check-ins, rounds, draws, tables, teams, seats, links, entries and changes) and
no user accounts: who drew or changed what is left empty, so no password hash travels
with a file that is meant to be passed around. Neither holds sessions, login attempts
or the admin's log.

A Django app without models, a module per job: `scope` (which models and rows a backup
holds), `fileformat` (the file: header, reading, writing), `dump` (making a backup)
and `restore` (loading one). `manage.py backup` and `manage.py restore` call them.
"""
