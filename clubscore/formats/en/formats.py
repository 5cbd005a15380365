"""English dates as the club writes them: one long and one short format, a 24-hour clock.

Django's own English formats are American ("Nov. 23, 2026"); the club is European.
Pages (the `date` filter's DATE_FORMAT / SHORT_DATE_FORMAT) and PDFs
(`django.utils.formats.date_format`) all read these.
"""

DATE_FORMAT = "l, j F Y"  # Monday, 23 November 2026
SHORT_DATE_FORMAT = "j M Y"  # 23 Nov 2026
TIME_FORMAT = "H:i"
DATETIME_FORMAT = "l, j F Y, H:i"
SHORT_DATETIME_FORMAT = "j M Y, H:i"
MONTH_DAY_FORMAT = "j F"
FIRST_DAY_OF_WEEK = 1  # Monday
