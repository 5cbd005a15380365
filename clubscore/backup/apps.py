from django.apps import AppConfig


class BackupConfig(AppConfig):
    name = "clubscore.backup"
    verbose_name = "Backups"
