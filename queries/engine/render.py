"""Proofs and why-nots for people and programs: text tree, sentences, JSON, Graphviz DOT.

Each distinct sub-proof gets a number (depth first). In the text tree a repeated sub-proof is
printed once and referred to later as ``(see #n)``; below the depth limit a sub-proof is folded
into ``… (expand #n)`` and ``subproof(proof, n)`` gives it back.
"""
from __future__ import annotations

import json

from .terms import Var, show

LANGS = ("en", "ko", "zh")
KIND = {
    "en": {"fact": "fact", "rule": "rule", "not": "not", "check": "check"},
    "ko": {"fact": "사실", "rule": "규칙", "not": "부정", "check": "계산"},
    "zh": {"fact": "事實", "rule": "規則", "not": "否定", "check": "計算"},
}
WORDS = {
    "en": {"see": "see", "expand": "expand", "source": "source", "convention": "convention",
           "user": "user", "not_derivable": "not derivable (closed world)", "fails": "fails",
           "no_rows": "no matching row in", "no_rule": "no rule or fact defines it",
           "above": "explained above", "tried": "tried", "ways": "way(s) satisfied the literals before it",
           "holds": "but it holds:", "why_not": "why not", "because": "given:", "no_proof": "no proof: the goal does not hold"},
    "ko": {"see": "위 참조", "expand": "펼치기", "source": "출전", "convention": "관례",
           "user": "사용자", "not_derivable": "도출되지 않음 (닫힌 세계)", "fails": "실패",
           "no_rows": "일치하는 행이 없음:", "no_rule": "정의하는 규칙이나 사실이 없음",
           "above": "위에서 설명함", "tried": "시도한 값", "ways": "가지 경우가 앞의 조건을 만족함",
           "holds": "그러나 성립한다:", "why_not": "성립하지 않는 이유", "because": "전제:",
           "no_proof": "증명 없음: 목표가 성립하지 않는다"},
    "zh": {"see": "見上", "expand": "展開", "source": "出處", "convention": "約定",
           "user": "用戶", "not_derivable": "不可導出（封閉世界）", "fails": "不成立",
           "no_rows": "無相符之行：", "no_rule": "無規則或事實定義之",
           "above": "已見上文", "tried": "所試之值", "ways": "種情形滿足其前之條件",
           "holds": "然其成立：", "why_not": "何以不成立", "because": "前提：",
           "no_proof": "無證明：目標不成立"},
}


def _lang(lang):
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; use one of {', '.join(LANGS)}")
    return lang


def number(proof) -> dict:
    """Node -> its number, depth first, each distinct sub-proof once."""
    return {node: n for n, node in enumerate(proof.nodes(), 1)}


def subproof(proof, n: int):
    """The sub-proof numbered n, or None."""
    return next((node for node, k in number(proof).items() if k == n), None)


def sentence(node, lang: str = "en") -> str:
    """The rule's @says template with the bindings filled in, or the rule title."""
    if node.kind != "rule":
        return ""
    template = node.rule.template(lang) or node.rule.template("en")
    if not template:
        return node.rule.title
    values = {k: show(v) for k, v in node.bindings}
    try:
        return template.format_map(_Missing(values))
    except (ValueError, IndexError):
        return node.rule.title


class _Missing(dict):
    def __missing__(self, key):
        return "{" + key + "}"


def _head(node, lang: str, sources: bool) -> list:
    tag = f"[{KIND[lang][node.kind]}]"
    user = f" ({WORDS[lang]['user']})" if node.origin == "user" else ""
    if node.kind == "fact":
        return [f"{tag} {node.statement}   {node.where}{user}"]
    if node.kind == "check":
        return [f"{tag} {node.statement} ✓"]
    if node.kind == "not":
        return [f"{tag} {node.statement}   {WORDS[lang]['not_derivable']}"]
    title = f"{node.rule.id} {node.rule.title}".strip()
    lines = [f"{tag} {node.statement}   ⇐ {title}   {node.where}{user}"]
    said = sentence(node, lang)
    if said and said != node.rule.title:
        lines.append(f"  “{said}”")
    if sources:
        lines += [f"  {WORDS[lang]['source']}: {s}" for s in node.rule.sources]
        lines += [f"  {WORDS[lang]['convention']}: {c}" for c in node.rule.conventions]
    return lines


def text(proof, lang: str = "en", depth: int | None = None, sources: bool = True) -> str:
    """An indented tree with box-drawing characters, one node a line (plus its sentence)."""
    lang = _lang(lang)
    if proof is None:
        return WORDS[lang]["no_proof"]
    ids, shown, out = number(proof), set(), []

    def walk(node, lead, tail, level):
        first, rest = (lead + ("└─ " if tail else "├─ "), lead + ("   " if tail else "│  ")) \
            if level else ("", "")
        n = ids[node]
        if node.kind == "rule" and node in shown:
            out.append(f"{first}… {node.statement}   ({WORDS[lang]['see']} #{n})")
            return
        if node.kind == "rule" and depth is not None and level >= depth and node.children:
            out.append(f"{first}… {node.statement}   ({WORDS[lang]['expand']} #{n})")
            return
        shown.add(node)
        head = _head(node, lang, sources)
        out.append(f"{first}{head[0]}" + (f"   #{n}" if node.kind == "rule" else ""))
        bar = rest + ("│  " if node.children else "   ")
        out.extend(bar + line.strip() for line in head[1:])
        if node.why is not None:
            out.extend(f"{rest}   ┆ {line}" for line in why_not_text(node.why, lang).splitlines()[1:])
        for i, child in enumerate(node.children):
            walk(child, rest, i == len(node.children) - 1, level + 1)

    walk(proof, "", True, 0)
    used = conventions_used(proof)
    if used:
        out.append(f"{WORDS[lang]['convention']}: " + ", ".join(f"{k}={v}" for k, v in used))
    return "\n".join(out)


def conventions_used(proof) -> list:
    """(name, value) of every fact the proof rests on that states a convention's choice, sorted
    (the knowledge base marks them: see ``Options.conventions``)."""
    return sorted({n.convention for n in proof.nodes() if n.kind == "fact" and n.convention})


def sentences(proof, lang: str = "en") -> str:
    """The proof as numbered sentences, conclusions last (for students)."""
    lang = _lang(lang)
    steps, seen = [], set()

    def walk(node):
        if node in seen:
            return
        seen.add(node)
        for child in node.children:
            walk(child)
        if node.kind == "rule":
            steps.append(f"{sentence(node, lang)}  [{node.rule.id}: {', '.join(node.rule.sources) or ', '.join(node.rule.conventions)}]")

    walk(proof)
    return "\n".join(f"{i}. {s}" for i, s in enumerate(steps, 1))


def _value(v):
    return {"var": v.name} if isinstance(v, Var) else v


def to_data(proof, lang: str = "en") -> dict:
    """The proof as JSON-ready data (schema: docs/proof-json.md)."""
    ids, seen = number(proof), set()

    def node(p):
        n = ids[p]
        if p in seen:
            return {"ref": n}
        seen.add(p)
        data = {"id": n, "kind": p.kind, "statement": p.statement, "height": p.height}
        if p.kind in ("fact", "rule", "not"):
            data["pred"], data["args"] = p.pred, [_value(a) for a in p.args]
        if p.where:
            data["where"], data["origin"] = p.where, p.origin
        if p.kind == "rule":
            data["rule"] = {"id": p.rule.id, "title": p.rule.title, "sources": list(p.rule.sources),
                            "conventions": list(p.rule.conventions)}
            data["bindings"] = {k: v for k, v in p.bindings}
            data["sentence"] = sentence(p, lang)
        if p.why is not None:
            data["why_not"] = why_not_data(p.why, lang)
        data["children"] = [node(c) for c in p.children]
        return data

    data = node(proof)
    data["conventions"] = dict(conventions_used(proof))
    return data


def to_json(proof, lang: str = "en") -> str:
    return json.dumps(to_data(proof, lang), ensure_ascii=False, indent=2)


def _dot_label(s):
    return s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def to_dot(proof, lang: str = "en") -> str:
    """A Graphviz digraph; a sub-proof used twice is one node with two incoming edges."""
    ids = number(proof)
    lines = ["digraph proof {", '  rankdir=BT; node [shape=box, fontname="Noto Sans CJK SC"];']
    for node, n in sorted(ids.items(), key=lambda item: item[1]):
        label = node.statement
        if node.kind == "rule":
            label += f"\n{node.rule.id} {node.rule.title}\n{node.where}"
        elif node.kind == "fact":
            label += f"\n{node.where}"
        shape = {"rule": "box", "fact": "note", "not": "octagon", "check": "ellipse"}[node.kind]
        lines.append(f'  n{n} [shape={shape}, label="{_dot_label(label)}"];')
    edges = sorted({(ids[c], n) for node, n in ids.items() for c in node.children})
    lines += [f"  n{a} -> n{b};" for a, b in edges]
    lines.append("}")
    return "\n".join(lines)


# ---- why not -------------------------------------------------------------------------------

def why_not_text(why, lang: str = "en") -> str:
    lang = _lang(lang)
    w = WORDS[lang]
    out = []

    def walk(node, indent):
        pad = "   " * indent
        if node.seen:
            out.append(f"{pad}✗ {node.goal}   ({w['above']})")
            return
        out.append(f"{pad}✗ {node.goal}")
        if node.table and not node.failures:
            out.append(f"{pad}   · {w['no_rows'] if node.table != 'no rows' else w['no_rule']} "
                       f"{node.table if node.table != 'no rows' else ''}".rstrip())
        for f in node.failures:
            title = f"{f.rule.id} {f.rule.title}".strip()
            tried = "; ".join(f"{k} ∈ {{{', '.join(show(v) for v in vals)}}}" for k, vals in f.tried)
            ways = f" — {f.ways} {w['ways']}" if f.ways else ""
            extra = f"  [{w['tried']} {tried}]" if tried else ""
            out.append(f"{pad}   · {title} ({f.where}): {f.literal} {w['fails']}{ways}{extra}")
            for proof in f.because:
                out.append(f"{pad}      {w['because']}")
                out.extend(f"{pad}      {line}" for line in text(proof, lang, depth=1, sources=False).splitlines())
            if f.holds is not None:
                out.append(f"{pad}      {w['holds']}")
                out.extend(f"{pad}      {line}" for line in text(f.holds, lang, depth=2, sources=False).splitlines())
            if f.sub is not None:
                walk(f.sub, indent + 2)

    walk(why, 0)
    return "\n".join(out)


def why_not_data(why, lang: str = "en") -> dict:
    if why.seen:
        return {"goal": why.goal, "seen": True}
    return {"goal": why.goal, "table": why.table or None, "failures": [
        {"rule": {"id": f.rule.id, "title": f.rule.title, "sources": list(f.rule.sources)},
         "where": f.where, "literal": f.literal, "satisfied": f.satisfied, "ways": f.ways,
         "tried": {k: list(v) for k, v in f.tried},
         "holds": to_data(f.holds, lang) if f.holds is not None else None,
         "because": [to_data(p, lang) for p in f.because],
         "sub": why_not_data(f.sub, lang) if f.sub is not None else None}
        for f in why.failures]}
