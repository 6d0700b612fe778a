"""Files on disk: where they live, record files written and read safely, the history database.

Does I/O, but never imports rich or click.
"""
