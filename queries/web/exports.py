"""A reading to keep and share: the chart drawn as an SVG file (``liuyao chart --svg``, and as PNG where
the optional cairosvg renders it) and a judgment
as Markdown (``liuyao judge --markdown``), each from the same fields as the page's address, so the
page's links give them and a share link reopens the same question.
"""
from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response

from ..messages import error
from . import service
from .api import worker
from .pages import cast_fields, request_fields
from .words import page_lang

router = APIRouter(include_in_schema=False)


def _drawn(request: Request) -> str:
    """The chart of the address's cast drawn, an SVG file of its own, its names in the page's language."""
    fields = request_fields(request)
    lang = page_lang(fields["lang"] or None)
    with worker(request, lang) as box:
        service.cast_on(box, cast_fields(fields))
        return box.chart_svg(lang)


@router.get("/chart.svg")
def chart_svg(request: Request):
    """The chart drawn (``liuyao chart --svg``)."""
    return Response(_drawn(request), media_type="image/svg+xml",
                    headers={"Content-Disposition": "inline; filename=chart.svg"})


@router.get("/chart.png")
def chart_png(request: Request):
    """The same drawing as PNG, where the optional cairosvg renders it (a one-line error otherwise)."""
    from ..views.svg import png
    return Response(png(_drawn(request)), media_type="image/png",
                    headers={"Content-Disposition": "inline; filename=chart.png"})


@router.get("/judgment.md")
def judgment_markdown(request: Request):
    """The judgment of the address's question under its chart, as Markdown."""
    fields = request_fields(request)
    lang = page_lang(fields["lang"] or None)
    question = service.question_of(fields)
    if not question:
        raise error("web.needs_question")
    with worker(request, lang) as box:
        service.cast_on(box, cast_fields(fields), question)
        text = box.judgment_markdown(lang)
    return Response(text, media_type="text/markdown; charset=utf-8",
                    headers={"Content-Disposition": "inline; filename=judgment.md"})
