"""Bootstrap intervals: reproducible, around the figure, wider for fewer questions."""

from research.evals.intervals import bootstrap_interval


def test_the_interval_holds_the_figure_and_narrows_with_more_questions():
    few = [1, 0, 1, 1, 0, 1, 1, 0, 1, 1]  # 0.7
    many = few * 10
    low_few, high_few = bootstrap_interval(few)
    low_many, high_many = bootstrap_interval(many)
    assert low_few <= 0.7 <= high_few and low_many <= 0.7 <= high_many
    assert high_many - low_many < high_few - low_few
    assert bootstrap_interval(few) == (low_few, high_few)  # seeded: the same every run


def test_no_questions_and_one_answer_throughout():
    assert bootstrap_interval([]) == (0.0, 0.0)
    assert bootstrap_interval([1.0] * 20) == (1.0, 1.0)
