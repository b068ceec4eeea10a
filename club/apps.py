from django.apps import AppConfig


class ClubConfig(AppConfig):
    name = "club"
    verbose_name = "Club nights"

    def ready(self) -> None:
        # A club night's tables are listed on the home page as one line per event (scoring/groups.py).
        from club.listing import TABLES
        from scoring.groups import register

        register(TABLES)
