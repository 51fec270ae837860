"""Game review: every decision of a played game weighed, the points given up shown.

``threethirteen.review(game)`` reviews a game or a record: at the top, the name is
the function :func:`threethirteen.review.reviewer.review`, not this package (the
package is imported with ``threethirteen``, so no later import puts it back at the
top). Its modules, each with one job, are imported by name:
``from threethirteen.review.report import Review`` or
``from threethirteen.review import reviewer`` (not ``import
threethirteen.review.report as report``, which reads ``threethirteen.review``, the
function, first):

* :mod:`~threethirteen.review.report`: the review as data (``Decision``,
  ``PlayerSummary``, ``Review``), its labels, accuracy and JSON form;
* :mod:`~threethirteen.review.values`: a decision's candidates weighed;
* :mod:`~threethirteen.review.reviewer`: the reviewer (``review``, ``from_analysis``);
* :mod:`~threethirteen.review.facts`: a decision's exact facts;
* :mod:`~threethirteen.review.words`: a decision in plain words.
"""
