"""The one error hierarchy of the project.

Every message says what was expected, what was found and where (file, line or
field), so that a user can fix the input without reading the code::

    KGError
    ├── InputError            bad input: the message names the file and field
    │   ├── ManifestError     corpus/manifest.yaml
    │   ├── DocumentError     an article's text (encoding, size, path)
    │   ├── FactFileError     a reviewed fact file or gold file
    │   ├── EvidenceError     a span whose text is not at its offsets
    │   └── DataFileError     a gazetteer or pattern file
    ├── StoreError            a store cannot be opened, read or written
    │   └── StoreLockedError  another process holds the store
    ├── QueryError            a SPARQL file is missing or a query failed
    └── OntologyError         the ontology does not load or is inconsistent
"""

from __future__ import annotations

__all__ = [
    "KGError",
    "InputError",
    "ManifestError",
    "DocumentError",
    "FactFileError",
    "EvidenceError",
    "DataFileError",
    "StoreError",
    "StoreLockedError",
    "QueryError",
    "OntologyError",
]


class KGError(Exception):
    """Base of every error this project raises on purpose."""


class InputError(KGError):
    """Input that does not have the expected form."""


class ManifestError(InputError):
    """A corpus manifest that is missing, malformed or names a bad file."""


class DocumentError(InputError):
    """An article whose text cannot be used as it is."""


class FactFileError(InputError):
    """A fact file (reviewed facts or gold) that does not validate."""


class EvidenceError(FactFileError):
    """Evidence whose text is not found at its offsets in the document."""


class DataFileError(InputError):
    """A gazetteer, pattern or other data file that does not validate."""


class StoreError(KGError):
    """A store that cannot be opened, read or written."""


class StoreLockedError(StoreError):
    """A store already opened for writing by another process."""


class QueryError(KGError):
    """A SPARQL file that is missing, or a query that failed."""


class OntologyError(KGError):
    """An ontology that does not load, or that a reasoner finds inconsistent."""
