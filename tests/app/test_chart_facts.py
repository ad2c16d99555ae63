"""Checks on the chart ground facts in facts/: trigram, najia, hexagram, kind_world,
spirit, spirit_start, sexagenary. The 京房 tables are cross-checked against the
``najia`` package (skipped if it is not installed)."""
from pathlib import Path

import pytest

from queries.engine import read_table

FACTS = Path(__file__).resolve().parents[2] / "facts"
KINDS = ["本宮", "一世", "二世", "三世", "四世", "五世", "遊魂", "歸魂"]
PALACE_ORDER = ["乾", "坎", "艮", "震", "巽", "離", "坤", "兌"]
STEMS = "甲乙丙丁戊己庚辛壬癸"
BRANCHES = "子丑寅卯辰巳午未申酉戌亥"
# najia's simplified trigram names -> ours
SIMP_TRIGRAM = {"乾": "乾", "兑": "兌", "离": "離", "震": "震", "巽": "巽", "坎": "坎", "艮": "艮", "坤": "坤"}


def rows(name, *joined):
    """The rows of a table as dicts, joined on the first column with the other tables named."""
    def read(n):
        t = read_table(FACTS / f"{n}.tsv")
        cols = [c.name for c in t.columns]
        return [dict(zip(cols, r.values)) for r in t.rows]
    result = read(name)
    for other in joined:
        extra = {r[next(iter(r))]: r for r in read(other)}
        result = [{**r, **extra[r[next(iter(r))]]} for r in result]
    return result


@pytest.fixture(scope="module")
def tri():
    return {r["trigram"]: r for r in rows("trigram", "trigram_element", "trigram_name")}


@pytest.fixture(scope="module")
def hexes():
    return rows("hexagram", "hexagram_palace", "hexagram_name")


@pytest.fixture(scope="module")
def najia_table():
    return {(r["trigram"], r["position"]): (r["stem"], r["branch"]) for r in rows("najia")}


@pytest.fixture(scope="module")
def world_of():
    return {r["kind"]: r["world"] for r in rows("kind_world")}


def bits(tri, t):
    """Lines of trigram t bottom-up as '1' (陽) / '0' (陰)."""
    r = tri[t]
    return "".join("1" if r[k] == "陽" else "0" for k in ("bottom", "middle", "top"))


def mark(tri, h):
    """Six lines bottom-up, as in the najia package ('1' = yang)."""
    return bits(tri, h["lower"]) + bits(tri, h["upper"])


def flip(m, lines):
    return "".join(str(1 - int(c)) if i + 1 in lines else c for i, c in enumerate(m))


def test_row_counts():
    counts = {"trigram": 8, "najia": 48, "hexagram": 64, "kind_world": 8,
              "spirit": 6, "spirit_start": 10, "sexagenary": 60}
    for name, n in counts.items():
        assert len(rows(name)) == n, name


def test_trigrams(tri):
    assert len({bits(tri, t) for t in tri}) == 8
    assert bits(tri, "乾") == "111" and bits(tri, "坤") == "000"
    assert bits(tri, "震") == "100" and bits(tri, "艮") == "001"
    assert {r["element"] for r in tri.values()} == set("金木水火土")
    for col in ("image", "korean", "english"):
        assert len({r[col] for r in tri.values()}) == 8, col


def test_hexagrams_distinct(hexes, tri):
    for col in ("hexagram", "short", "number", "korean", "english"):
        assert len({h[col] for h in hexes}) == 64, col
    assert sorted(h["number"] for h in hexes) == list(range(1, 65))
    assert len({(h["lower"], h["upper"]) for h in hexes}) == 64
    for h in hexes:
        assert {h["lower"], h["upper"], h["palace"]} <= set(tri)
        assert h["kind"] in KINDS
        assert h["english"].isascii()
        if h["kind"] == "本宮":  # X為Y, short name = the trigram
            assert h["hexagram"] == f"{h['upper']}為{tri[h['upper']]['image']}"
            assert h["short"] == h["upper"] == h["lower"]
        else:  # upper image, lower image, name
            assert h["hexagram"] == tri[h["upper"]]["image"] + tri[h["lower"]]["image"] + h["short"]


def test_palace_generation(hexes, tri):
    assert [h["palace"] for h in hexes[::8]] == PALACE_ORDER
    for i, p in enumerate(PALACE_ORDER):
        block = hexes[8 * i: 8 * i + 8]
        assert [h["kind"] for h in block] == KINDS
        assert all(h["palace"] == p for h in block)
        pure = bits(tri, p) * 2
        expected = [pure] + [flip(pure, range(1, k + 1)) for k in range(1, 6)]
        you = flip(expected[5], {4})
        gui = bits(tri, p) + you[3:]
        expected += [you, gui]
        assert [mark(tri, h) for h in block] == expected, p


def test_world_and_ying(world_of):
    assert set(world_of) == set(KINDS)
    assert [world_of[k] for k in KINDS] == [6, 1, 2, 3, 4, 5, 4, 3]


def test_najia_table(najia_table, tri):
    assert set(najia_table) == {(t, p) for t in tri for p in range(1, 7)}
    for (t, p), (s, b) in najia_table.items():
        assert s in STEMS and b in BRANCHES
        # yang trigrams take yang branches, yin trigrams yin branches
        assert BRANCHES.index(b) % 2 == (0 if t in "乾震坎艮" else 1), (t, p)
    # the seed's own examples (004_a344116fb00259f2.txt:3)
    assert najia_table[("乾", 4)] == ("壬", "午")
    assert najia_table[("坤", 6)] == ("癸", "酉")
    assert najia_table[("坤", 3)] == ("乙", "卯")


def test_against_najia_package(hexes, tri, najia_table, world_of):
    pytest.importorskip("najia")
    from najia import const, utils

    seen = set()
    for h in hexes:
        m = mark(tri, h)
        seen.add(m)
        ours = [najia_table[(h["lower"], p)] for p in (1, 2, 3)] + \
               [najia_table[(h["upper"], p)] for p in (4, 5, 6)]
        theirs = [tuple(gz) for gz in utils.get_najia(m)]
        assert ours == theirs, h["hexagram"]
        shi, ying, _ = utils.set_shi_yao(m)
        world = world_of[h["kind"]]
        assert world == shi, h["hexagram"]
        assert ying == (world + 2) % 6 + 1, h["hexagram"]
        assert SIMP_TRIGRAM[const.GUAS[utils.palace(m, shi)]] == h["palace"], h["hexagram"]
        assert utils.soul(m) == {"遊魂": "游魂", "歸魂": "归魂"}.get(h["kind"], ""), h["hexagram"]
        # palace element = element of the palace trigram
        assert const.XING5[const.GUA5[const.GUAS.index(
            {v: k for k, v in SIMP_TRIGRAM.items()}[h["palace"]])]] == tri[h["palace"]]["element"]
    assert seen == set(const.GUA64)


def test_spirits():
    sp = rows("spirit", "spirit_name")
    assert [r["spirit"] for r in sorted(sp, key=lambda r: r["order"])] == \
        ["青龍", "朱雀", "勾陳", "螣蛇", "白虎", "玄武"]
    start = {r["stem"]: r["spirit"] for r in rows("spirit_start")}
    assert "".join(start) == STEMS
    assert set(start.values()) == {r["spirit"] for r in sp}
    assert start["甲"] == start["乙"] == "青龍" and start["戊"] == "勾陳" and start["己"] == "螣蛇"


def test_spirits_against_najia_package():
    pytest.importorskip("najia")
    from najia import utils
    order = [r["spirit"] for r in sorted(rows("spirit"), key=lambda r: r["order"])]
    simp = {"青龙": "青龍", "朱雀": "朱雀", "勾陈": "勾陳", "螣蛇": "螣蛇", "白虎": "白虎", "玄武": "玄武"}
    for r in rows("spirit_start"):
        theirs = [simp[s] for s in utils.get_god6(r["stem"] + "子")]
        i = order.index(r["spirit"])
        assert theirs == order[i:] + order[:i], r["stem"]


def test_sexagenary():
    rs = rows("sexagenary")
    assert [r["order"] for r in rs] == list(range(1, 61))
    assert len({r["pillar"] for r in rs}) == 60
    for r in rs:
        assert r["pillar"] == r["stem"] + r["branch"]
        assert STEMS.index(r["stem"]) == (r["order"] - 1) % 10
        assert BRANCHES.index(r["branch"]) == (r["order"] - 1) % 12
