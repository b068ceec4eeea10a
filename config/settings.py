"""Trickbook settings, read from the environment only.

Development (the default, DJANGO_DEBUG=1): SQLite, a throwaway secret key.
Production (DJANGO_DEBUG=0): SECRET_KEY is required; secure cookies, HSTS and the
HTTPS redirect are on unless switched off (for a TLS proxy that already redirects).
PostgreSQL whenever DATABASE_URL is set. docs/deployment.md lists them.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import dj_database_url

BASE_DIR = Path(__file__).resolve().parent.parent


def env_flag(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    return default if value is None else value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_flag("DJANGO_DEBUG", True)
SECRET_KEY = os.environ.get("SECRET_KEY") or ("dev-only-insecure-key" if DEBUG else "")
if not SECRET_KEY:
    raise RuntimeError("SECRET_KEY must be set when DJANGO_DEBUG is 0")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

# HTTPS: on by default in production; each can be switched for a TLS-terminating proxy.
# Behind the proxy the client's address is the last X-Forwarded-For entry (scoring/client.py).
TRUST_X_FORWARDED_FOR = env_flag("DJANGO_BEHIND_TLS_PROXY", False)
if TRUST_X_FORWARDED_FOR:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_flag("DJANGO_SSL_REDIRECT", not DEBUG)
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = env_flag("DJANGO_SECURE_COOKIES", not DEBUG)
SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "0" if DEBUG else "31536000"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_flag("DJANGO_HSTS_INCLUDE_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = env_flag("DJANGO_HSTS_PRELOAD", True)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.forms",
    "django_htmx",
    "csp",
    "axes",
    "django_ratelimit",
    "template_partials",
    "scoring",
    "referee",
    "reports",
    "club",
    "config.language.LanguageConfig",  # applies an account's language at log-in
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "config.views.api_errors_as_json",  # every error answer under /api/ is JSON
    "csp.middleware.CSPMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",  # the cookie's language, else Accept-Language's
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "config.views.private_account_pages",  # Cache-Control: private, no-store on a logged-in player's pages
    "scoring.offline.mark_the_session",  # whose session an answer was sent to, for the service worker
    "config.language.account_language",  # a logged-in player's own language wins (config/language.py)
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "django_ratelimit.middleware.RatelimitMiddleware",  # a refused request becomes RATELIMIT_VIEW's 429
    "axes.middleware.AxesMiddleware",  # last, as django-axes asks
]

if not DEBUG:
    # Static files straight from the app server (collectstatic first; `make serve` does).
    MIDDLEWARE.insert(1, "whitenoise.middleware.WhiteNoiseMiddleware")

# Content-Security-Policy: scripts and styles from our own origin only (htmx included;
# its inline indicator styles are switched off in base.html), no eval.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "font-src": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
        # The service worker (/sw.js) and the web app manifest, both from our own origin.
        "worker-src": ["'self'"],
        "manifest-src": ["'self'"],
    }
}

# Login throttling (django-axes): 5 failures per username and client address (scoring/client.py,
# the proxy's X-Forwarded-For when trusted), then a pause. The log-in and sign-up views add limits
# per address across usernames (scoring/views/accounts.py).
AUTHENTICATION_BACKENDS = ["axes.backends.AxesStandaloneBackend", "django.contrib.auth.backends.ModelBackend"]
AXES_CLIENT_IP_CALLABLE = "scoring.client.client_address"
AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = 0.25  # hours
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_RESET_ON_SUCCESS = True
AXES_VERBOSE = False

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            # `grouped` writes a number the language's way (1,000; 1 000) in every template: scoring/numbers.py.
            "builtins": ["template_partials.templatetags.partials", "scoring.templatetags.numbers"],
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "config.language.ui_words",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        # Persistent connections in production: a new PostgreSQL connection per request costs more
        # than the request itself (see docs/load-test.md).
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "0" if DEBUG else "60")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several workers may write at once: WAL and a busy timeout instead of "database is locked".
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,  # seconds a writer waits for the lock instead of failing
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    # Tests get a database file (one per process), which tests/server/'s gunicorn workers open too.
    DATABASES["default"]["TEST"] = {"NAME": str(Path(tempfile.gettempdir()) / f"trickbook-test-{os.getpid()}.sqlite3")}

# Widgets render through the project's templates (the segmented buttons live in templates/).
FORM_RENDERER = "django.forms.renderers.TemplatesSetting"

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Languages (docs/languages.md): each named in itself for the footer's switcher. The first visit
# follows Accept-Language; a choice is kept in the language cookie and, for a logged-in player, on
# the account (config/language.py). Numbers and dates follow the language (Django 5 always localises).
LANGUAGE_CODE = "en"
# How each language writes a number (1,000; 1 000): scoring/numbers.py reads them.
FORMAT_MODULE_PATH = ["config.formats"]
LANGUAGES = [("en", "English"), ("hu", "Magyar"), ("pl", "Polski"), ("hi", "हिन्दी")]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_NAME = "trickbook_language"
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60  # a year, renewed by each choice
LANGUAGE_COOKIE_SECURE = SESSION_COOKIE_SECURE
LANGUAGE_COOKIE_HTTPONLY = True  # scripts read the page's language from <html lang>, never the cookie
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Hashed, compressed files served by WhiteNoise in production (after collectstatic).
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# Oversized bodies are refused with 400 before any view runs.
DATA_UPLOAD_MAX_MEMORY_SIZE = 1_000_000
FILE_UPLOAD_MAX_MEMORY_SIZE = 1_000_000
DATA_UPLOAD_MAX_NUMBER_FIELDS = 400

# Logging: every record at LOG_LEVEL or above goes to standard error, where gunicorn (and runserver)
# write theirs, so a server error's traceback lands in the terminal or the service's journal
# (`journalctl -u trickbook`). `django.request` logs each 5xx with its traceback at ERROR; its 4xx
# warnings show in development only unless DJANGO_LOG_LEVEL=WARNING.
LOG_LEVEL = os.environ.get("DJANGO_LOG_LEVEL", "WARNING" if DEBUG else "ERROR").upper()
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"server": {"format": "{asctime} {levelname} {name}: {message}", "style": "{"}},
    "handlers": {"stderr": {"class": "logging.StreamHandler", "stream": "ext://sys.stderr", "formatter": "server"}},
    "root": {"handlers": ["stderr"], "level": LOG_LEVEL},
    # Django's own loggers hand their records to the root's handler (and mail nobody).
    "loggers": {"django": {"handlers": [], "level": LOG_LEVEL, "propagate": True}},
}

# The caches. "default": rate-limit counters. "sheets": the share page's live fragment, rendered once
# per match version (scoring/views/sharing.py, _live_sheet), kept apart so that fragments never push
# counters out. Local memory, one per worker process, by default; set REDIS_URL (redis://host:6379/0)
# when several servers or many workers must share them. Both backends are config/cache.py's: the local
# one is bounded by bytes as well as entries, and Redis degrades to local memory while it cannot be
# reached, rather than failing the request (docs/deployment.md).
SHEETS_CACHE_SECONDS = 600  # a version nobody polls any more is dropped after this
# The largest share sheet, as stored: 500 Call Bridge deals between four 40-character Devanagari names,
# worded in Hindi, measured at 1.31 MB (1.22 MB in English; 0.64 MB with short ASCII names; 53 kB at 40
# deals). tests/scoring/test_sheet_cache.py measures it again and fails if this figure is off by a tenth.
SHEET_MOST_BYTES = 1_400_000
# What one worker keeps of sheets: 40 MB, some 30 of the largest or 800 at 40 deals.
SHEETS_CACHE_BYTES = 40 * 2**20
SHEETS_LOCAL = {"MAX_ENTRIES": 800, "MAX_BYTES": SHEETS_CACHE_BYTES}
COUNTERS_LOCAL = {"MAX_ENTRIES": 10_000, "MAX_BYTES": 4 * 2**20}
if os.environ.get("REDIS_URL"):
    # A Redis that does not answer is given up on quickly (a refused connection is at once).
    REDIS_OPTIONS = {"socket_connect_timeout": 0.5, "socket_timeout": 0.5}
    CACHES = {
        "default": {
            "BACKEND": "config.cache.FallbackRedisCache",
            "LOCATION": os.environ["REDIS_URL"],
            "OPTIONS": REDIS_OPTIONS,
            "FALLBACK": COUNTERS_LOCAL,
        },
        "sheets": {
            "BACKEND": "config.cache.FallbackRedisCache",
            "LOCATION": os.environ["REDIS_URL"],
            "KEY_PREFIX": "sheets",
            "TIMEOUT": SHEETS_CACHE_SECONDS,
            "OPTIONS": REDIS_OPTIONS,
            "FALLBACK": SHEETS_LOCAL,
        },
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "config.cache.SizedLocMemCache",
            "LOCATION": "trickbook",
            "OPTIONS": COUNTERS_LOCAL,
        },
        "sheets": {
            "BACKEND": "config.cache.SizedLocMemCache",
            "LOCATION": "trickbook-sheets",
            "TIMEOUT": SHEETS_CACHE_SECONDS,
            "OPTIONS": SHEETS_LOCAL,
        },
    }

# Rate limits (django-ratelimit) count per client address (scoring/client.py) and answer 429.
# With the local-memory cache each worker counts on its own, so a limit is per worker: docs/deployment.md
# says to set REDIS_URL for exact limits. The library's checks ask for memcached or django-redis.
RATELIMIT_USE_CACHE = "default"
RATELIMIT_IP_META_KEY = "scoring.client.client_address"
RATELIMIT_VIEW = "config.views.rate_limited"
# A refused post (an expired session, a token renewed elsewhere): a page that says so, in every mode.
CSRF_FAILURE_VIEW = "config.views.csrf_failure"
RATELIMIT_ENABLE = env_flag("RATELIMIT_ENABLE", True)
SILENCED_SYSTEM_CHECKS = ["django_ratelimit.E003", "django_ratelimit.W001"]
