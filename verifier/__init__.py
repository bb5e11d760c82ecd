"""Deterministic checks: text normalisation, citation parsing, gates, claim checker.

Pure modules; none imports Django or the ORM. Adapters that read the corpus live elsewhere.
"""
