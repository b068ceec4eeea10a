"""The cache backends settings.py names: a local-memory cache bounded by bytes, and Redis that degrades.

**SizedLocMemCache.** Django's local-memory cache bounds its entries by count only, and one share sheet at
500 deals is over a megabyte (settings.SHEET_MOST_BYTES, measured by tests/scoring/test_sheet_cache.py) where
one at 40 deals is some 50 kB: a count alone either keeps few sheets or lets a worker grow by a hundred
megabytes. This one also keeps the stored (pickled) values under ``OPTIONS["MAX_BYTES"]``, dropping the least
recently used first.

**FallbackRedisCache.** With ``REDIS_URL`` every worker shares the rate-limit counts and the rendered share
sheets. While Redis cannot be reached (stopped, restarting, out of memory), each call is answered by a
local-memory cache of this process instead of raising, which would answer 500 on log-in, share links and the
API: the limits count per worker, as without Redis, and a sheet is rendered by each worker. After a failure
Redis is tried again every ``RETRY_SECONDS``, so an outage costs one failed connection per worker that often,
not one per call. Each failure is logged as a warning.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)


class SizedLocMemCache(LocMemCache):
    """LocMemCache that also keeps the bytes it stores under ``OPTIONS["MAX_BYTES"]``."""

    def __init__(self, name: str, params: dict[str, Any]) -> None:
        super().__init__(name, params)
        self.max_bytes = int(params.get("OPTIONS", {}).get("MAX_BYTES", 32 * 2**20))

    def stored_bytes(self) -> int:
        with self._lock:
            return sum(len(value) for value in self._cache.values())

    def _set(self, key: str, value: bytes, timeout: Any = None) -> None:  # called with the lock held
        super()._set(key, value, timeout)
        total = sum(len(stored) for stored in self._cache.values())
        # The most recently used entry is first (LocMemCache moves it there); drop from the other end, but
        # never the value just stored: one too big for the budget is still served once.
        while total > self.max_bytes and len(self._cache) > 1:
            dropped, stored = self._cache.popitem()
            del self._expire_info[dropped]
            total -= len(stored)


RETRY_SECONDS = 5.0


def _or_local(name: str) -> Callable[..., Any]:
    """The RedisCache method ``name``, answered by the local fallback while Redis cannot be reached."""
    redis_method = getattr(RedisCache, name)

    def method(self: FallbackRedisCache, *args: Any, **kwargs: Any) -> Any:
        if time.monotonic() >= self.retry_at:
            try:
                return redis_method(self, *args, **kwargs)
            except RedisError as error:
                self.retry_at = time.monotonic() + RETRY_SECONDS
                logger.warning("Redis cannot be reached (%s); this worker's memory serves %s for now", error, name)
        return getattr(self.local, name)(*args, **kwargs)

    method.__name__ = name
    return method


class FallbackRedisCache(RedisCache):
    """RedisCache that answers from a local-memory cache of this process while Redis cannot be reached."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        local = {key: params[key] for key in ("TIMEOUT", "KEY_PREFIX", "VERSION") if key in params}
        fallback = params.get("FALLBACK", {"MAX_BYTES": 32 * 2**20})
        name = f"redis-fallback:{server}:{params.get('KEY_PREFIX', '')}"
        self.local = SizedLocMemCache(name, {**local, "OPTIONS": fallback})
        self.retry_at = 0.0

    add = _or_local("add")
    get = _or_local("get")
    set = _or_local("set")
    touch = _or_local("touch")
    delete = _or_local("delete")
    get_many = _or_local("get_many")
    has_key = _or_local("has_key")
    incr = _or_local("incr")
    set_many = _or_local("set_many")
    delete_many = _or_local("delete_many")
    clear = _or_local("clear")
