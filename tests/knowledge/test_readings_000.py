"""The readings of seed 000:55–163 (kb/judgments/000/): per clause, a cast and question for which its
verse holds — the reading applies — and a cast that breaks one condition (another month, day or line)
for which the clause does not hold; the inventory's worked example E15 (the 胎 line by palace); and the
conventions these readings add, proposed here until the convention tables hold them."""
from pathlib import Path

import pytest

from queries.engine import read_table
from queries.chart import cast

# The conventions the readings of 000 add (docs/readings.md), default first: the rows phase 2 moves
# into facts/convention_value.tsv and facts/convention_default.tsv.
# rule id, conclusion, (lines, month, day, topic[, about[, asker]]) for which the clause holds,
# (lines, month, day) for which it does not, the conventions of both casts
CASES = [
    # reading_order.dl
    ('r000.55.use_god.strong', 'use_god_strong', ('787776', '午', '丁未', 'document'), ('787776', '卯', '丁未')),
    ('r000.55.use_god.weak', 'use_god_weak', ('698768', '午', '壬寅', 'house'), ('698768', '子', '壬寅')),
    ('r000.55.use_absent', 'use_absent', ('698768', '午', '壬寅', 'house'), ('798768', '午', '壬寅')),
    ('r000.55.frame_meets_use.same', 'frame_meets_use', ('989987', '申', '辛未', 'house'), ('989987', '巳', '辛未')),
    ('r000.55.frame_meets_use.generates', 'frame_meets_use', ('997688', '申', '庚辰', 'audience'), ('997688', '子', '庚辰')),
    ('r000.55.salary_horse.on_use', 'salary_horse_helps', ('698768', '午', '壬寅', 'audience'), ('698768', '午', '甲子')),
    ('r000.55.salary_horse.on_hidden_use', 'salary_horse_helps', ('787776', '午', '丁未', 'farming'), ('787776', '午', '甲子')),
    ('r000.55.salary_horse.on_source', 'salary_horse_helps', ('698768', '午', '壬寅', 'house'), ('698768', '午', '甲子')),
    ('r000.55.six_clash_hexagram', 'six_clash_hexagram', ('686686', '酉', '乙亥', 'illness'), ('786686', '酉', '乙亥')),
    ('r000.55.use_clashed.day', 'use_clashed', ('698768', '午', '壬寅', 'audience'), ('698768', '午', '甲子')),
    ('r000.55.use_clashed.month', 'use_clashed', ('698768', '午', '壬寅', 'house'), ('698768', '子', '壬寅')),
    ('r000.55.use_clashed.line', 'use_clashed', ('698768', '午', '壬寅', 'audience'), ('798768', '午', '壬寅')),
    ('r000.55.use_hurt.day', 'use_hurt', ('698768', '午', '壬寅', 'creation'), ('698768', '午', '甲子')),
    ('r000.55.use_hurt.month', 'use_hurt', ('787776', '午', '丁未', 'house'), ('787776', '子', '丁未')),
    ('r000.55.use_hurt.line', 'use_hurt', ('698768', '午', '壬寅', 'creation'), ('898768', '午', '壬寅')),
    # moving_effects.dl
    ('r000.59.world_response_move', 'course_changes', ('698768', '午', '壬寅', 'exam'), ('798768', '午', '壬寅')),
    ('r000.59.dragon_moves', 'family_joy', ('698768', '午', '壬寅', 'trade'), ('698768', '午', '丙寅')),
    ('r000.59.tiger_moves', 'mourning', ('978878', '子', '庚寅', 'lost'), ('978878', '子', '甲子')),
    ('r000.59.hook_moves', 'concerns_land', ('788879', '申', '己丑', 'travel'), ('788879', '申', '甲子')),
    ('r000.59.bird_moves', 'concerns_writings', ('878688', '酉', '庚辰', 'document'), ('878688', '酉', '甲子')),
    ('r000.59.wealth_moves', 'elders_worry', ('698768', '午', '壬寅', 'childbirth'), ('678768', '午', '壬寅')),
    ('r000.59.parent_moves', 'children_harmed', ('897778', '酉', '丙戌', 'medicine'), ('797778', '酉', '丙戌')),
    ('r000.59.offspring_moves', 'men_blocked', ('686686', '酉', '乙亥', 'wealth'), ('687686', '酉', '乙亥')),
    ('r000.59.sibling_moves', 'women_harmed', ('698768', '午', '壬寅', 'office'), ('898768', '午', '壬寅')),
    ('r000.59.travel_world_moves', 'sets_out', ('698768', '午', '壬寅', 'travel'), ('798768', '午', '壬寅')),
    ('r000.59.returning_soul', 'stays_within_border', ('887879', '寅', '丙寅', 'travel'), ('787879', '寅', '丙寅')),
    ('r000.59.use_moves_in_frame', 'returns_at_once', ('689777', '酉', '壬辰', 'return', 'father'), ('689777', '寅', '壬辰')),
    ('r000.59.house_wealth_dragon', 'richest_in_district', ('698768', '午', '壬寅', 'house'), ('698768', '子', '壬寅')),
    ('r000.59.parent_flourishes.office', 'rank_to_marquis', ('788879', '申', '己丑', 'office'), ('788879', '丑', '己丑'), {'rise_and_flourish': 'prosperous'}),
    ('r000.59.parent_flourishes.office_moving', 'rank_to_marquis', ('887779', '未', '庚申', 'office'), ('887779', '子', '庚申'), {'rise_and_flourish': 'moving-and-prosperous'}),
    ('r000.59.parent_flourishes.house', 'rank_to_marquis', ('788879', '申', '己丑', 'house'), ('788879', '丑', '己丑'), {'rise_and_flourish': 'prosperous'}),
    ('r000.59.parent_flourishes.house_moving', 'rank_to_marquis', ('977767', '辰', '辛未', 'house'), ('977767', '子', '辛未'), {'rise_and_flourish': 'moving-and-prosperous'}),
    ('r000.59.blessing_holds_world', 'lawsuit_harmless', ('686686', '酉', '乙亥', 'lawsuit'), ('786686', '酉', '乙亥')),
    ('r000.59.hook_overcomes_dark', 'thief_caught', ('788879', '申', '己丑', 'capture'), ('788879', '申', '甲子'), {'capture_mover': 'any-line'}),
    ('r000.59.hook_moves_overcomes_dark', 'thief_caught', ('788879', '申', '己丑', 'capture'), ('788879', '申', '甲子'), {'capture_mover': 'moving'}),
    # questions.dl
    ('r000.63.parent_illness.wealth_moves', 'parent_illness_wealth_kills', ('788779', '卯', '乙未', 'illness', 'father'), ('688779', '卯', '乙未')),
    ('r000.63.parent_illness.wealth_prosperous', 'parent_illness_wealth_kills', ('887787', '丑', '乙未', 'illness', 'father'), ('887787', '子', '乙未')),
    ('r000.63.mother_wealth_rises', 'mother_life_short', ('789687', '申', '癸巳', 'illness', 'mother'), ('789687', '丑', '癸巳')),
    ('r000.63.no_ghost', 'illness_hard_to_cure', ('788879', '申', '己丑', 'illness'), ('688879', '申', '己丑'), {'absent_ghost': 'not-in-hexagram'}),
    ('r000.63.no_ghost.not_hidden', 'illness_hard_to_cure', ('966887', '未', '乙卯', 'illness'), ('666887', '未', '乙卯'), {'absent_ghost': 'not-even-hidden', 'hidden_god': 'jingfang-world-line'}),
    ('r000.63.ghost_flourishes', 'delirium', ('787776', '午', '丁未', 'illness'), ('787776', '子', '丁未')),
    ('r000.63.ghost_almanac', 'consult_ghost_almanac', ('787776', '午', '丁未', 'illness'), ('787776', '子', '丁未')),
    ('r000.63.marriage_use_overcome', 'marriage_use_overcome', ('698768', '午', '壬寅', 'marriage', None, 'man'), ('898768', '午', '壬寅')),
    ('r000.63.birth_sex.womb', 'birth_boy', ('787776', '午', '丁未', 'childbirth'), ('687776', '午', '丁未'), {'birth_sex': 'womb-line'}),
    ('r000.63.birth_sex.womb_yin', 'birth_girl', ('787868', '巳', '乙未', 'childbirth'), ('777868', '巳', '乙未'), {'birth_sex': 'womb-line'}),
    ('r000.63.birth_sex.use', 'birth_boy', ('787776', '午', '丁未', 'childbirth'), ('786776', '午', '丁未'), {'birth_sex': 'use-god'}),
    ('r000.63.birth_sex.use_yin', 'birth_girl', ('876878', '寅', '甲辰', 'childbirth'), ('776878', '寅', '甲辰'), {'birth_sex': 'use-god'}),
    ('r000.63.burial_third_fourth', 'burial_auspicious', ('787776', '午', '丁未', 'burial'), ('777776', '午', '丁未')),
    ('r000.63.use_stage', 'use_stage', ('978878', '子', '庚寅', 'house'), ('978878', '子', '甲子')),
    # world.dl
    ('r000.79.world_prosperous', 'world_strong', ('698768', '午', '壬寅', 'wealth'), ('698768', '子', '壬寅')),
    ('r000.79.use_meets_world', 'use_meets_world', ('787776', '午', '丁未', 'house'), ('777776', '午', '丁未')),
    ('r000.79.world_void', 'world_void_or_broken', ('777877', '巳', '甲寅', 'wealth'), ('777877', '子', '甲寅'), {'world_void_broken': 'either'}),
    ('r000.79.world_broken', 'world_void_or_broken', ('887879', '寅', '丙寅', 'illness'), ('887879', '子', '丙寅'), {'world_void_broken': 'either'}),
    ('r000.79.world_void_and_broken', 'world_void_or_broken', ('788868', '午', '甲寅', 'wealth'), ('788868', '子', '甲寅'), {'world_void_broken': 'both'}),
    ('r000.79.world_harmed', 'world_harmed', ('698768', '午', '壬寅', 'lawsuit'), ('698778', '午', '壬寅')),
    # holding_world.dl
    ('r000.83.parent_world.toil', 'toil', ('897778', '酉', '丙戌', 'wealth'), ('797778', '酉', '丙戌')),
    ('r000.83.parent_world.children', 'children_hard_to_get', ('897778', '酉', '丙戌', 'children'), ('797778', '酉', '丙戌')),
    ('r000.83.parent_world.exam', 'sit_the_exam', ('797786', '子', '乙丑', 'exam'), ('797786', '丑', '乙丑')),
    ('r000.83.parent_world.profit', 'profit_comes', ('798778', '申', '甲寅', 'wealth'), ('698778', '申', '甲寅')),
    ('r000.83.parent_world.self_wife', 'no_virtuous_wife', ('798778', '申', '甲寅', 'self'), ('698778', '申', '甲寅')),
    ('r000.83.parent_world.self_life', 'short_life', ('798778', '申', '甲寅', 'self'), ('698778', '申', '甲寅')),
    ('r000.87.offspring_world', 'few_worries', ('686686', '酉', '乙亥', 'office'), ('786686', '酉', '乙亥')),
    ('r000.87.offspring_world.office', 'fame_blocked', ('686686', '酉', '乙亥', 'office'), ('786686', '酉', '乙亥')),
    ('r000.87.offspring_world.exam', 'fame_blocked', ('686686', '酉', '乙亥', 'exam'), ('786686', '酉', '乙亥')),
    ('r000.87.offspring_world.refuge', 'refuge_safe', ('686686', '酉', '乙亥', 'refuge'), ('786686', '酉', '乙亥')),
    ('r000.87.offspring_world.lost', 'lost_found', ('686686', '酉', '乙亥', 'lost'), ('786686', '酉', '乙亥')),
    ('r000.87.offspring_world.lawsuit', 'lawsuit_ends', ('686686', '酉', '乙亥', 'lawsuit'), ('786686', '酉', '乙亥')),
    ('r000.87.offspring_world.generated', 'all_well', ('686686', '酉', '乙亥', 'illness'), ('686686', '寅', '乙亥')),
    ('r000.87.offspring_world.overcome', 'worry_after_all', ('678689', '酉', '丙子', 'lawsuit'), ('678689', '寅', '丙子')),
    ('r000.91.ghost_world', 'unsettled', ('787868', '巳', '乙未', 'house'), ('687868', '巳', '乙未')),
    ('r000.91.ghost_world.self', 'illness_or_officials', ('787868', '巳', '乙未', 'self'), ('687868', '巳', '乙未')),
    ('r000.91.ghost_world.wealth', 'loss_feared', ('787868', '巳', '乙未', 'wealth'), ('687868', '巳', '乙未')),
    ('r000.91.ghost_world.office', 'fame_favoured', ('787868', '巳', '乙未', 'office'), ('687868', '巳', '乙未')),
    ('r000.91.ghost_world.exam', 'fame_favoured', ('787868', '巳', '乙未', 'exam'), ('687868', '巳', '乙未')),
    ('r000.91.ghost_world.tomb', 'endless_worry', ('687887', '子', '癸未', 'exam'), ('687887', '子', '甲子')),
    ('r000.91.ghost_world.tomb_opened', 'misfortune_to_joy', ('778888', '卯', '辛未', 'trade'), ('778888', '卯', '甲子'),
     {'day_clash_strength': 'month-or-day'}),      # the 辛未 day's clash opens the tomb only when it counts the day
    # holding_world_wealth_sibling.dl
    ('r000.95.wealth_world', 'wealth_and_honour', ('698768', '午', '壬寅', 'lost'), ('798768', '午', '壬寅')),
    ('r000.95.wealth_world.sibling_moves', 'wealth_robbed', ('698768', '午', '壬寅', 'travel'), ('798768', '午', '壬寅')),
    ('r000.95.wealth_world.offspring_acts', 'self_benefits', ('878978', '巳', '辛酉', 'document'), ('778978', '巳', '辛酉')),
    ('r000.95.wealth_world.letters', 'letters_harmed', ('878978', '巳', '辛酉', 'exam'), ('778978', '巳', '辛酉')),
    ('r000.95.wealth_world.documents', 'letters_harmed', ('878978', '巳', '辛酉', 'document'), ('778978', '巳', '辛酉')),
    ('r000.95.wealth_world.office', 'use_money', ('698768', '午', '壬寅', 'office'), ('798768', '午', '壬寅')),
    ('r000.95.wealth_world.lawsuit', 'use_money', ('698768', '午', '壬寅', 'lawsuit'), ('798768', '午', '壬寅')),
    ('r000.95.wealth_world.turns', 'all_ill', ('698768', '午', '壬寅', 'childbirth'), ('798768', '午', '壬寅')),
    ('r000.99.sibling_world.wealth', 'do_not_seek_wealth', ('787776', '午', '丁未', 'wealth'), ('777776', '午', '丁未')),
    ('r000.99.sibling_world.ghost_moves', 'disaster_coming', ('787776', '午', '丁未', 'medicine'), ('687776', '午', '丁未')),
    ('r000.99.sibling_world.ghost_prosperous', 'disaster_coming', ('787776', '午', '丁未', 'wealth'), ('787776', '子', '丁未')),
    ('r000.99.sibling_world.bird', 'quarrels', ('778877', '巳', '辛卯', 'office'), ('778877', '巳', '甲子')),
    ('r000.99.sibling_world.moves', 'wife_wealth_damaged', ('888989', '巳', '甲寅', 'illness'), ('788989', '巳', '甲寅')),
    ('r000.99.sibling_world.parent_moves', 'long_life', ('767678', '寅', '丁亥', 'wealth'), ('867678', '寅', '丁亥')),
    ('r000.99.sibling_world.parent_strong', 'long_life', ('787776', '午', '丁未', 'lawsuit'), ('787776', '午', '甲子')),
    ('r000.99.sibling_world.turns_ghost', 'strange_disaster', ('869778', '丑', '戊子', 'house'), ('669778', '丑', '戊子')),
    # world_response.dl
    ('r000.103.generate', 'world_response_generate', ('698768', '午', '壬寅', 'house'), ('798768', '午', '壬寅')),
    ('r000.103.overcome', 'world_response_overcome', ('978878', '子', '庚寅', 'exam'), ('977878', '子', '庚寅')),
    ('r000.103.alike', 'world_response_even', ('878767', '戌', '丙寅', 'trade'), ('778767', '戌', '丙寅')),
    ('r000.103.response_moves', 'other_party_reverses', ('698768', '午', '壬寅', 'lost'), ('798768', '午', '壬寅')),
    ('r000.103.response_void', 'other_party_differs', ('787776', '午', '丁未', 'travel'), ('787776', '子', '丁未')),
    ('r000.103.world_void', 'own_resolve_wavers', ('898778', '申', '己酉', 'wealth'), ('898778', '申', '甲子')),
    ('r000.103.world_moves', 'own_resolve_wavers', ('698768', '午', '壬寅', 'document'), ('798768', '午', '壬寅')),
    # quiet_restless.dl
    ('r000.119.use_and_day', 'quiet_use_and_day', ('877778', '酉', '己亥', 'travel'), ('877778', '酉', '丁卯')),
    ('r000.119.day_harms_use', 'quiet_day_harms_use', ('877778', '酉', '己亥', 'travel'), ('877778', '酉', '甲子')),
    ('r000.119.taboo_on_world', 'taboo_on_world_response', ('877778', '酉', '己亥', 'capture'), ('677778', '酉', '己亥')),
    ('r000.119.taboo_on_response', 'taboo_on_world_response', ('877778', '酉', '己亥', 'travel'), ('677778', '酉', '己亥')),
    ('r000.119.world_is_use', 'use_on_world_response', ('877778', '酉', '己亥', 'travel'), ('677778', '酉', '己亥')),
    ('r000.119.response_is_use', 'use_on_world_response', ('887887', '辰', '丙子', 'capture'), ('687887', '辰', '丙子')),
    ('r000.119.world_is_source', 'use_on_world_response', ('778777', '巳', '己酉', 'wealth'), ('678777', '巳', '己酉')),
    ('r000.119.response_is_source', 'use_on_world_response', ('877778', '酉', '己亥', 'audience'), ('677778', '酉', '己亥')),
    ('r000.123.restless', 'restless_use_alone', ('696966', '辰', '乙未', 'wealth'), ('796966', '辰', '乙未')),
    ('r000.123.weak_use_harmed.day', 'much_toil', ('969699', '子', '甲午', 'wealth'), ('969699', '丑', '甲午')),
    ('r000.123.weak_use_harmed.line', 'much_toil', ('666996', '辰', '癸丑', 'wealth'), ('666996', '子', '癸丑')),
    # taboo_source.dl
    ('r000.127.taboo_moves', 'taboo_moves', ('698768', '午', '壬寅', 'document'), ('678768', '午', '壬寅')),
    ('r000.127.taboo_checked', 'taboo_checked', ('698768', '午', '壬寅', 'document'), ('698778', '午', '壬寅')),
    ('r000.127.taboo_fed.pillars', 'taboo_fed', ('698768', '午', '壬寅', 'document'), ('698768', '子', '壬寅')),
    ('r000.127.taboo_fed.line', 'taboo_fed', ('698768', '午', '壬寅', 'document'), ('798768', '午', '壬寅')),
    ('r000.131.source_moves', 'source_moves', ('698768', '午', '壬寅', 'house'), ('798768', '午', '壬寅')),
    ('r000.131.source_moves_hidden_use', 'hidden_use_drawn_out', ('897967', '子', '庚戌', 'house'), ('697967', '子', '庚戌')),
    ('r000.131.source_backed', 'source_effective', ('787776', '午', '丁未', 'house'), ('787776', '子', '丁未')),
    ('r000.131.source_unbacked', 'source_feeble', ('698768', '午', '壬寅', 'house'), ('698768', '丑', '壬寅')),
    ('r000.131.source_turns_back', 'source_hurt', ('698768', '午', '壬寅', 'audience'), ('798768', '午', '壬寅')),
    ('r000.131.source_struck', 'source_hurt', ('698768', '午', '壬寅', 'house'), ('798768', '午', '壬寅')),
    ('r000.135.use_taken_hidden', 'use_taken_hidden', ('888786', '巳', '丙寅', 'house'), ('688786', '巳', '丙寅')),
    ('r000.135.use_in_changed', 'use_in_changed_line', ('698768', '午', '壬寅', 'house'), ('798768', '午', '壬寅')),
    ('r000.135.moving_feeds_use', 'moving_feeds_use', ('698768', '午', '壬寅', 'audience'), ('678768', '午', '壬寅')),
    ('r000.135.moving_feeds_hidden_use', 'moving_feeds_use', ('987889', '酉', '甲午', 'document'), ('687889', '酉', '甲午')),
    ('r000.135.moving_strikes_use', 'moving_strikes_use', ('686686', '酉', '乙亥', 'audience'), ('687686', '酉', '乙亥')),
    ('r000.135.moving_strikes_hidden_use', 'moving_strikes_use', ('797669', '卯', '壬申', 'document'), ('697669', '卯', '壬申')),
    # void.dl
    ('r000.139.use_void_filled', 'use_void_filled', ('776899', '寅', '己亥', 'document'), ('676899', '寅', '己亥')),
    ('r000.139.taboo_void', 'taboo_void', ('897778', '酉', '丙戌', 'travel'), ('897778', '丑', '丙戌')),
    ('r000.139.use_void', 'use_void', ('887887', '申', '丙戌', 'document'), ('887887', '寅', '丙戌')),
    ('r000.139.source_void', 'source_void', ('877887', '寅', '癸未', 'house'), ('877887', '丑', '癸未')),
    ('r000.139.use_true_void', 'use_true_void', ('878779', '申', '甲辰', 'house'), ('878779', '子', '甲辰')),
    ('r000.139.use_bottom_void', 'use_bottom_void', ('988797', '亥', '庚寅', 'capture'), ('988797', '寅', '庚寅')),
    # moving_use.dl
    ('r000.143.use_moves', 'use_moves', ('897778', '酉', '丙戌', 'house'), ('797778', '酉', '丙戌')),
    ('r000.143.use_moves_strong', 'use_moves_strong', ('897778', '酉', '丙戌', 'house'), ('897778', '丑', '丙戌')),
    # first_strike.dl
    ('r000.first_strike', 'first_strike', ('698768', '午', '壬寅', 'wealth'), ('787878', '午', '壬寅')),
    # parent_moving.dl
    ('r000.147.parent_moving.illness', 'no_medicine', ('897778', '酉', '丙戌', 'illness'), ('797778', '酉', '丙戌')),
    ('r000.147.parent_moving.marriage', 'offspring_hard_to_get', ('897778', '酉', '丙戌', 'marriage', None, 'man'), ('797778', '酉', '丙戌')),
    ('r000.147.parent_moving.children', 'offspring_hard_to_get', ('897778', '酉', '丙戌', 'children'), ('797778', '酉', '丙戌')),
    ('r000.147.parent_moving.trade', 'toil_without_profit', ('897778', '酉', '丙戌', 'trade'), ('797778', '酉', '丙戌')),
    ('r000.147.parent_moving.return', 'letter_comes', ('897778', '酉', '丙戌', 'return', 'father'), ('797778', '酉', '丙戌')),
    ('r000.147.parent_moving.lawsuit', 'case_clear_early', ('897778', '酉', '丙戌', 'lawsuit'), ('797778', '酉', '丙戌')),
    ('r000.147.parent_moving.exam', 'passes_exam', ('897778', '酉', '丙戌', 'exam'), ('797778', '酉', '丙戌')),
    ('r000.147.parent_moving.lost', 'report_to_officials', ('897778', '酉', '丙戌', 'lost'), ('797778', '酉', '丙戌')),
    ('r000.147.parent_moving.fugitive', 'report_to_officials', ('897778', '酉', '丙戌', 'fugitive', 'father'), ('797778', '酉', '丙戌')),
    # offspring_moving.dl
    ('r000.151.offspring_moving.illness', 'cured_with_doctor', ('686686', '酉', '乙亥', 'illness'), ('687686', '酉', '乙亥')),
    ('r000.151.offspring_moving.medicine', 'cured_with_doctor', ('686686', '酉', '乙亥', 'medicine'), ('687686', '酉', '乙亥')),
    ('r000.151.offspring_moving.return', 'safe_and_well', ('686686', '酉', '乙亥', 'return', 'father'), ('687686', '酉', '乙亥')),
    ('r000.151.offspring_moving.trade', 'safe_and_well', ('686686', '酉', '乙亥', 'trade'), ('687686', '酉', '乙亥')),
    ('r000.151.offspring_moving.marriage', 'happy_union', ('686686', '酉', '乙亥', 'marriage', None, 'man'), ('687686', '酉', '乙亥')),
    ('r000.151.offspring_moving.childbirth', 'easy_birth', ('686686', '酉', '乙亥', 'childbirth'), ('687686', '酉', '乙亥')),
    ('r000.151.offspring_moving.lawsuit', 'settled_privately', ('686686', '酉', '乙亥', 'lawsuit'), ('687686', '酉', '乙亥')),
    ('r000.151.offspring_moving.audience', 'do_not_advance', ('686686', '酉', '乙亥', 'audience'), ('687686', '酉', '乙亥')),
    ('r000.151.offspring_moving.office', 'do_not_advance', ('686686', '酉', '乙亥', 'office'), ('687686', '酉', '乙亥')),
    ('r000.151.offspring_moving.exam', 'do_not_advance', ('686686', '酉', '乙亥', 'exam'), ('687686', '酉', '乙亥')),
    # ghost_moving.dl
    ('r000.155.ghost_moving.marriage', 'marriage_stalls', ('698768', '午', '壬寅', 'marriage', None, 'man'), ('798768', '午', '壬寅')),
    ('r000.155.ghost_moving.house', 'illness_haunts_house', ('698768', '午', '壬寅', 'house'), ('798768', '午', '壬寅')),
    ('r000.155.ghost_moving.farming', 'farming_fails', ('698768', '午', '壬寅', 'farming'), ('798768', '午', '壬寅')),
    ('r000.155.ghost_moving.travel', 'disaster_abroad', ('698768', '午', '壬寅', 'travel'), ('798768', '午', '壬寅')),
    ('r000.155.ghost_moving.fugitive', 'disaster_abroad', ('698768', '午', '壬寅', 'fugitive', 'father'), ('798768', '午', '壬寅')),
    ('r000.155.ghost_moving.lawsuit', 'imprisonment', ('698768', '午', '壬寅', 'lawsuit'), ('798768', '午', '壬寅')),
    ('r000.155.ghost_moving.prison', 'imprisonment', ('698768', '午', '壬寅', 'prison'), ('798768', '午', '壬寅')),
    ('r000.155.ghost_moving.trade', 'thin_profit', ('698768', '午', '壬寅', 'trade'), ('798768', '午', '壬寅')),
    ('r000.155.ghost_moving.gambling', 'gambling_lost', ('698768', '午', '壬寅', 'gambling'), ('798768', '午', '壬寅')),
    ('r000.155.ghost_moving.lost', 'hard_to_find', ('698768', '午', '壬寅', 'lost'), ('798768', '午', '壬寅')),
    ('r000.155.ghost_moving.office', 'office_favoured_by_ghost', ('698768', '午', '壬寅', 'office'), ('798768', '午', '壬寅')),
    ('r000.155.ghost_moving.exam', 'office_favoured_by_ghost', ('698768', '午', '壬寅', 'exam'), ('798768', '午', '壬寅')),
    # wealth_moving.dl
    ('r000.159.wealth_moving.exam', 'fame_vain', ('698768', '午', '壬寅', 'exam'), ('678768', '午', '壬寅')),
    ('r000.159.wealth_moving.office', 'fame_vain', ('698768', '午', '壬寅', 'office'), ('678768', '午', '壬寅')),
    ('r000.159.wealth_moving.trade', 'capital_trade_lucky', ('698768', '午', '壬寅', 'trade'), ('678768', '午', '壬寅')),
    ('r000.159.wealth_moving.marriage', 'marriage_as_wished', ('698768', '午', '壬寅', 'marriage', None, 'man'), ('678768', '午', '壬寅')),
    ('r000.159.wealth_moving.medicine', 'medicine_no_worry', ('698768', '午', '壬寅', 'medicine'), ('678768', '午', '壬寅')),
    ('r000.159.wealth_moving.return', 'traveller_sets_home', ('698768', '午', '壬寅', 'return', 'father'), ('678768', '午', '壬寅')),
    ('r000.159.wealth_moving.childbirth', 'delivered_smoothly', ('698768', '午', '壬寅', 'childbirth'), ('678768', '午', '壬寅')),
    ('r000.159.wealth_moving.lost_still', 'still_in_house', ('788879', '申', '己丑', 'lost'), ('688879', '申', '己丑')),
    ('r000.159.wealth_moving.illness', 'stomach_and_spleen', ('698768', '午', '壬寅', 'illness'), ('698768', '子', '壬寅')),
    # sibling_moving.dl
    ('r000.163.sibling_moving.illness', 'hard_recovery', ('698768', '午', '壬寅', 'illness'), ('898768', '午', '壬寅')),
    ('r000.163.sibling_moving.exam', 'rivals', ('698768', '午', '壬寅', 'exam'), ('898768', '午', '壬寅')),
    ('r000.163.sibling_moving.lawsuit', 'money_drained', ('698768', '午', '壬寅', 'lawsuit'), ('898768', '午', '壬寅')),
    ('r000.163.sibling_moving.return', 'traveller_not_yet', ('698768', '午', '壬寅', 'return', 'father'), ('898768', '午', '壬寅')),
    ('r000.163.sibling_moving.trade', 'capital_lost', ('698768', '午', '壬寅', 'trade'), ('898768', '午', '壬寅')),
    ('r000.163.sibling_moving.servant', 'not_harmonious', ('698768', '午', '壬寅', 'servant'), ('898768', '午', '壬寅')),
    ('r000.163.sibling_moving.wife', 'not_harmonious', ('698768', '午', '壬寅', 'marriage', None, 'man'), ('898768', '午', '壬寅')),
    ('r000.163.sibling_moving.dragon', 'sibling_helps', ('796879', '子', '辛丑', 'wealth'), ('796879', '子', '甲子')),
    ('r000.163.sibling_moving.good_star', 'sibling_helps', ('698768', '午', '壬寅', 'exam'), ('898768', '午', '壬寅')),]


def applies(chart):
    return {k for k, in chart.kb.ask(f"reading_applies('{chart.id}', K)")}


@pytest.mark.parametrize("rule, conclusion, good, bad, conventions", [c + ({},) * (5 - len(c)) for c in CASES],
                         ids=[c[0] for c in CASES])
def test_a_verse_applies_when_its_condition_holds_and_not_otherwise(asked, fires, oracle, rule, conclusion, good,
                                                                    bad, conventions):
    chart = asked(*good, conventions=conventions)
    assert fires(chart, rule) and conclusion in applies(chart)
    assert oracle.check(chart.kb.explain(f"reading_applies('{chart.id}', '{conclusion}')")) == []
    question = good[3:] + (None,) * (6 - len(good))
    assert not fires(asked(*bad, *question, conventions=conventions), rule)


def test_every_reading_of_the_chapters_has_a_case(kb):
    tested = {c[0] for c in CASES}
    readings = {r.info.id for r in kb.program.rules if r.head.pred == "reading" and r.info.id.startswith("r000.")
                and r.where.startswith(CHAPTERS)}
    assert readings - tested == set()


CHAPTERS = tuple(f"kb/judgments/000/{name}.dl" for name in (
    "reading_order", "moving_effects", "questions", "world", "holding_world", "holding_world_wealth_sibling",
    "world_response", "quiet_restless", "taboo_source", "void", "moving_use", "first_strike", "parent_moving",
    "offspring_moving", "ghost_moving", "wealth_moving", "sibling_moving"))


def test_a_reading_applies_only_to_its_topic(asked):
    lawsuit = asked("698768", "午", "壬寅", "lawsuit")
    house = asked("698768", "午", "壬寅", "house")
    assert "imprisonment" in applies(lawsuit) and "imprisonment" not in applies(house)
    assert "illness_haunts_house" in applies(house) and "illness_haunts_house" not in applies(lawsuit)


def test_a_verse_that_does_not_apply_says_which_condition_fails(kb, asked):
    chart = asked("798768", "午", "壬寅", "illness")
    failure = kb.why_not(f"reading('{chart.id}', 'illness', 'no_medicine')")
    assert "relative_moves" in str(failure.failures[0].literal) or "moving" in str(failure.failures[0].literal)


def test_e15_the_womb_line_is_the_womb_stage_of_the_offspring_element(kb):
    """Inventory E15 (001:107 假令乾宮子孫以水長生在申，到午為胎爻): 乾兌 午, 坎 酉, 震巽 子, 離 午, 艮坤 卯."""
    expected = {"乾為天": "午", "兌為澤": "午", "坎為水": "酉", "震為雷": "子", "巽為風": "子", "離為火": "午",
                "艮為山": "卯", "坤為地": "卯"}
    for name, branch in expected.items():
        chart = cast(hexagram=name, month="寅", day="甲子", kb=kb)
        assert kb.ask(f"womb_branch('{chart.id}', B)") == [(branch,)], name
    chart = cast(hexagram="乾為天", month="寅", day="甲子", kb=kb)
    assert kb.ask(f"womb_line('{chart.id}', P)") == [(4,)]


def test_a_world_harmed_by_the_month_counts_unless_the_korean_is_followed(asked, kb):
    """乾為天: the world 戌 on line 6; the month 寅 overcomes it, the day 子 does not, no line moves."""
    counted = asked("777777", "寅", "甲子", "wealth")
    korean = asked("777777", "寅", "甲子", "wealth", conventions={"world_acting_sources": "as-korean"})
    assert kb.ask(f"world_harmed('{counted.id}', R)") == [("克",)] and "world_harmed" in applies(counted)
    assert kb.ask(f"world_harmed('{korean.id}', R)") == [] and "world_harmed" not in applies(korean)


def test_every_convention_the_readings_name_is_in_the_tables(kb):
    shipped = {row.values[0] for row in read_table(Path(__file__).resolve().parents[2] / "facts" / "convention_value.tsv").rows}
    named = {lit.args[1].value for r in kb.program.rules if r.where.startswith("kb/judgments/")
             for lit in r.body if getattr(lit, "pred", None) == "convention"}
    assert named and named <= shipped
