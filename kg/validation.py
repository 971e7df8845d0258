"""Checking a built graph: SHACL shapes and the ``*-violation.rq`` checks.

>>> ValidationReport(True, [], [], {}).ok
True
"""

from __future__ import annotations

from dataclasses import dataclass

from kg.stores.base import Store

__all__ = ["ValidationReport", "validate_store"]


@dataclass(frozen=True)
class ValidationReport:
    """SHACL results and the rows each violation check returned."""

    conforms: bool
    violations: list[str]
    warnings: list[str]
    checks: dict[str, list[dict]]

    @property
    def ok(self) -> bool:
        return self.conforms and not any(self.checks.values())

    def lines(self) -> list[str]:
        out = [f"SHACL: {'conforms' if self.conforms else 'does not conform'} "
               f"({len(self.violations)} violations, {len(self.warnings)} warnings)"]
        out += [f"  violation: {v}" for v in self.violations]
        out += [f"  warning: {w}" for w in self.warnings]
        for name, rows in sorted(self.checks.items()):
            out.append(f"check {name}: {'ok' if not rows else f'{len(rows)} rows'}")
            out += [f"  {row}" for row in rows[:20]]
        return out


def validate_store(store: Store) -> ValidationReport:
    """Validate everything in a store (SHACL over the union of its graphs)."""
    from kg.export import dataset_from_nquads
    from kg.ontology import run_checks, validate

    shacl = validate(dataset_from_nquads(store.dump_nquads()))
    checks = run_checks(store.query)
    return ValidationReport(shacl.conforms, list(shacl.violations), list(shacl.warnings), checks)
