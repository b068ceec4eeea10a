from django.apps import AppConfig


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = "Scoring"

    def ready(self) -> None:
        """Plug Django's translations into the rules cores' hook (vocabulary/i18n.py): from here on every
        core text (breakdown lines, entry errors, match ends, flags, field labels, cards' rank letters) is
        worded in the language active for the request, command or API call that reads it, its numbers too."""
        from django.conf import settings
        from django.utils import translation

        from vocabulary import i18n

        def language() -> str:
            return translation.get_language() or settings.LANGUAGE_CODE

        i18n.install(translation.gettext, translation.ngettext, language, translation.pgettext)
        # Numbers in the cores' texts as the language writes them (1,000; 1 000), as the pages write them.
        from scoring.numbers import number_text

        i18n.install_numbers(number_text)
