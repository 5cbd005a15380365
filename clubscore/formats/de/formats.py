"""German dates: one long and one short format (DIN 5008), a 24-hour clock.

Django's German DATE_FORMAT has no weekday; the club's pages and PDFs name the day.
"""

DATE_FORMAT = "l, j. F Y"  # Montag, 23. November 2026
SHORT_DATE_FORMAT = "d.m.Y"  # 23.11.2026
TIME_FORMAT = "H:i"
DATETIME_FORMAT = "l, j. F Y, H:i"
SHORT_DATETIME_FORMAT = "d.m.Y, H:i"
MONTH_DAY_FORMAT = "j. F"
FIRST_DAY_OF_WEEK = 1  # Montag
