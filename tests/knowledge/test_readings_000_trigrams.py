"""Seed 000:31–37 (kb/judgments/000/trigrams.dl): the palace's creature and the seat of an
illness, on the Korean's worked examples (inventory-000-001 E07, E08)."""


def test_e07_lost_livestock_in_the_kun_palace_is_an_ox_and_in_dui_a_sheep(asked, readings):
    # KO 000:33 길 잃은 가축을 점쳐 괘가 곤궁을 얻고 처재효가 발동하면 「소」… 태궁을 얻으면 「양」
    kun = asked("888868", "辰", "甲子", "livestock")         # 坤為地, the 妻財 亥 on line 5 moving
    assert ("livestock", "image_ox") in readings(kun)
    dui = asked("778778", "辰", "甲子", "livestock")         # 兌為澤
    assert ("livestock", "image_sheep") in readings(dui)
    assert ("livestock", "image_ox") not in readings(dui)


def test_the_creature_is_read_for_lost_things_and_for_what_a_traveller_meets(asked, readings):
    # KO 000:33 육축을 점치고, 잃은 물건을 점치고, 행인이 만나는 물건을 점칠 때 취상에 쓴다
    chart = asked("777777", "辰", "甲子", "lost")             # 乾為天
    assert {("lost", "image_horse"), ("return", "image_horse"), ("livestock", "image_horse")} <= readings(chart)


def test_every_trigram_names_one_creature_and_one_part_of_the_body(kb):
    # 000:31 乾為馬，坤為牛 …; 000:35 乾為首，坤為腹 …
    animals = {t: a for t, a, _k, _e in kb.match("trigram_animal", None, None, None, None)}
    parts = {t: p for t, p, _k, _e in kb.match("trigram_body", None, None, None, None)}
    assert "".join(animals[t] for t in "乾坤震巽坎離艮兌") == "馬牛龍雞豕雉狗羊"
    assert "".join(parts[t] for t in "乾坤震巽坎離艮兌") == "首腹足股耳目手口"


def test_e08a_a_wood_official_in_zhen_sits_in_the_feet_and_the_liver(kb, asked, readings):
    # KO 000:37 관귀가 목에 속하여 진궁에 임하면 발과 간담에 생각을 두어야 하고
    chart = asked("788888", "辰", "甲子", "illness")          # 地雷復: 官鬼 庚寅 on line 2, inner 震
    assert {("illness", "site_feet"), ("illness", "organ_liver")} <= readings(chart)
    proof = kb.explain(f"reading('{chart.id}', 'illness', 'site_feet')")
    assert proof.rule.id == "r000.35.illness_site.feet"


def test_e08b_a_fire_official_in_li_sits_in_the_eyes_and_the_heart(asked, readings):
    # KO 000:37 관귀가 리궁에 임하여 화를 띠면 눈병과 심화(心火)에 생각을 두어야 한다
    chart = asked("777787", "辰", "甲子", "illness")          # 火天大有: 官鬼 己巳 on line 6, outer 離
    got = {k for t, k in readings(chart) if t == "illness"}
    assert {"site_eye", "organ_heart"} <= got
    assert not {"site_head", "organ_lungs"} & got              # the palace 乾 does not decide it


def test_without_an_official_on_the_hexagram_no_seat_is_read(kb, asked, readings):
    chart = asked("777877", "辰", "甲子", "illness")          # 風天小畜 (巽宮): no 金 line, 官鬼 missing
    assert kb.ask(f"missing_relative('{chart.id}', '官鬼')") == [()]
    assert not any(k.startswith(("site_", "organ_")) for _, k in readings(chart))


def test_each_creature_part_and_organ_is_a_reading_of_its_own(kb):
    # one clause per phrase: 乾為馬 for each of the three questions, 乾為首, 木 → 肝膽 …
    rules = [r for r in kb.program.rules if r.path.endswith("judgments/000/trigrams.dl") and r.head.pred == "reading"]
    concluded = {r.head.args[2].value for r in rules}
    assert len([k for k in concluded if k.startswith("image_")]) == 8 and len(rules) == 8 * 3 + 8 + 5
    assert {k for k in concluded if k.startswith(("site_", "organ_"))} == \
        {"site_" + e for _t, _p, _k, e in kb.match("trigram_body", None, None, None, None)} | \
        {"organ_liver", "organ_heart", "organ_spleen", "organ_lungs", "organ_kidneys"}
