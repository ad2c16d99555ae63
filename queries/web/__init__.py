"""The web page and JSON API of ``liuyao serve`` (FastAPI, Jinja2, htmx vendored): a pool of
sandbox workers answers every request (``queries.web.pool``), the pages and the API are made
by ``queries.web.app.create_app``. See docs/web.md."""
