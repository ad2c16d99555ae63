"""A user folder is checked together with the shipped knowledge (the lint rules themselves are
tested in tests/engine/test_checks.py)."""
from queries.knowledge import check_folder


def test_a_user_table_must_agree_with_the_shipped_one(folder):
    user = folder({"facts/branch_order.tsv": "branch\torder:int\tnote\n子\t0\tx\n"})
    assert check_folder(user) == [f"{user}/facts/branch_order.tsv:1: branch_order has 2 columns in "
                                  "facts/branch_order.tsv:3, 3 here"]


def test_warnings_are_marked(folder):
    user = folder({"a/x.dl": "p(X) <= branch_order(X, _I) & ~clash(X, Y)\n"}) / "a"
    (warning,) = check_folder(user)
    assert warning.startswith(f"{user}/x.dl:1: ") and warning.endswith("(warning)")
    assert check_folder(folder({"b/y.dl": "q(X) <= clash(X, '午')\n"}) / "b") == []
