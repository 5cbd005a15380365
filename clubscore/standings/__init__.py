"""The domain of an evening's outcome: counted tables, standings, play-off results.

The pages (dashboard, printing, public pages) and the ratings use it side by side.
"""
