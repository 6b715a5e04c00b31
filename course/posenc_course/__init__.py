"""The course-building package: what builds and teaches the course, which learners never import.

``posenc`` is the learner's package (the maths, the explorers, the checkers). This one reads the lessons'
metadata (:mod:`~posenc_course.lessons`, the one parser), times them (:mod:`~posenc_course.reading_time`),
makes the class editions (:mod:`~posenc_course.editions`, :mod:`~posenc_course.graded`), the slides
(:mod:`~posenc_course.slides`) and the run sheets (:mod:`~posenc_course.run_sheets`). The test requirements
install it (editable, from ``course/``); a learner's or a hub's kernel never has it. It imports ``posenc``'s
checkers and question bank, which load no display code, and nothing from ``tools/``.
"""
