"""Headless front end: `python -m app generate ...` on the same core and services as the window, one module per
command (`add_arguments(parser)` and `run(args) -> int`), listed with the other front ends' in app/__main__.py's
commands(); what several commands share is in request_options.py (generate's options) and jobs.py (running jobs)."""
