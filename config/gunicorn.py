"""gunicorn's settings for Trickbook, read with ``-c config/gunicorn.py`` by ``make serve``, the server tests
(tests/server/) and the load test (bench/production.py), so that what is tested is what is served.

* **No header from a client sets where the app is mounted.** gunicorn takes a ``SCRIPT_NAME`` (and
  ``PATH_INFO``) request header from any peer in ``forwarded_allow_ips``, 127.0.0.1 by default, which is every
  client of a proxy on the same machine, and anyone on it. A client's ``SCRIPT_NAME: /x`` then moved every link
  of the page it got, including the share sheet's poll that was cached for every viewer. No forwarder header is
  taken from anyone; a deployment under a prefix sets the ``SCRIPT_NAME`` environment variable of the server.
* **Forwarded scheme headers only from the configured proxy**: ``FORWARDED_ALLOW_IPS`` (the proxy's addresses,
  comma-separated), none by default. Django itself reads ``X-Forwarded-Proto`` and ``X-Forwarded-For`` only
  under ``DJANGO_BEHIND_TLS_PROXY=1`` (config/settings.py, scoring/client.py).
* **No control socket.** gunicorn 23+ opens one at ``$XDG_RUNTIME_DIR/gunicorn.ctl`` or
  ``~/.gunicorn/gunicorn.ctl``: one path shared by every instance of the same user, through which any of its
  processes can resize or stop the server. Trickbook needs none (signals do the same: docs/deployment.md).

See docs/deployment.md for the proxy gunicorn needs in front of it.
"""

from __future__ import annotations

import os

forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "")
forwarder_headers = ""
control_socket_disable = True
