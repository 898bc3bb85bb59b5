"""Families of game files (docs/families.md): members, their jobs on Dask, and the catalog.

read_family(path) reads a family file into its members, numbered in a
stable order and deduplicated by identity; grundy-family run (run.main)
computes them on a Dask cluster and writes the catalog (catalog.load reads it).
"""

from .spec import Family, FamilyError, Member, read_family

__all__ = ["Family", "FamilyError", "Member", "read_family"]
