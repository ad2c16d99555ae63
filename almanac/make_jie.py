"""Rebuild almanac/jie.tsv: the 節 instants of each solar year from 1900 to 2100, as lunar-python
gives them.

    python almanac/make_jie.py > almanac/jie.tsv

Each row is what queries.calendar computed for a year before the table was kept: the 節 of
``LunarYear.fromYear(year).getJieQiJulianDays()`` (every other term: 大雪 of the year before,
小寒, 立春 … 大雪, then 小寒, 立春, 驚蟄 of the year after), each as ``Solar.fromJulianDay(day).toYmdHms()``
in China Standard Time (UTC+8). Not part of the package: the shipped table is its output.
"""
from importlib.metadata import version

from lunar_python import LunarYear, Solar

FIRST, LAST = 1900, 2100
NAMES = ["大雪"] + "小寒 立春 驚蟄 清明 立夏 芒種 小暑 立秋 白露 寒露 立冬 大雪".split() + ["小寒", "立春", "驚蟄"]


def instants(year: int) -> list:
    days = LunarYear.fromYear(year).getJieQiJulianDays()
    return [Solar.fromJulianDay(day).toYmdHms() for day in days[::2]]


def main():
    print(f"# 節 instants of each solar year, China Standard Time (UTC+8), from lunar-python {version('lunar-python')}")
    print("# (LunarYear.getJieQiJulianDays, every other term); made by almanac/make_jie.py")
    print("# columns: " + " ".join(NAMES) + " (the first of the year before, the last three of the year after)")
    print("\t".join(["year:int"] + [f"jie{i}" for i in range(len(NAMES))]))
    for year in range(FIRST, LAST + 1):
        found = instants(year)
        assert len(found) == len(NAMES), (year, len(found))
        print("\t".join([str(year)] + found))


if __name__ == "__main__":
    main()
