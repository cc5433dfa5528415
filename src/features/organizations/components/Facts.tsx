import type { ReactNode } from 'react';

export interface Fact {
  label: string;
  value: ReactNode;
  /** A class of the value, e.g. the expiry class's colour. */
  className?: string;
}

/** A description list of labelled values: the tiles' and the details page's facts. */
export function Facts({ facts, className }: { facts: readonly Fact[]; className: string }) {
  return (
    <dl className={className}>
      {facts.map((fact) => (
        <div key={fact.label}>
          <dt>{fact.label}</dt>
          <dd className={fact.className}>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
